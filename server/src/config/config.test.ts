import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  configVariables,
  defaultBodyLimitBytes,
  familiesURLFor,
  loadConfig,
  publicURLsFor,
  type CairnConfig,
  defaultMapMaxZoom,
  type Environment,
  type MapBasemapConfig,
} from "./config";

const cwd = "/srv/cairn";

describe("loadConfig", () => {
  it("needs nothing set: every variable has a default", () => {
    expect(loadConfig({}, cwd)).toEqual<CairnConfig>({
      dataDir: "/srv/cairn/data",
      host: "localhost",
      ports: { api: 8080, photos: 3000, accounts: 3001, auth: 3002 },
      publicURLOverrides: {},
      database: { kind: "sqlite", file: "/srv/cairn/data/cairn.sqlite" },
      blobs: { kind: "local", dir: "/srv/cairn/data/objects" },
      mail: { kind: "outbox", dir: "/srv/cairn/data/mail" },
      mailFrom: "Cairn <noreply@localhost>",
      roadmapURL: "https://github.com/cairn-photos/cairn/issues",
      familiesURL: undefined,
      desktopDownloadURL: undefined,
      castURL: undefined,
      webDistDir: "/srv/cairn/dist/web",
      modelsDir: "/srv/cairn/data/models",
      mapBasemap: { kind: "offline" },
      logLevel: "info",
      bodyLimitBytes: defaultBodyLimitBytes,
      freeStorageBytes: 10 * 1024 ** 3,
      plans: [],
      rateLimitScale: 1,
      processes: 1,
      trustedProxies: [],
      webAuthnRPID: undefined,
      webAuthnOrigins: [],
    });
  });

  it("reads every variable", () => {
    const config = loadConfig(
      {
        CAIRN_DATA_DIR: "/var/lib/cairn",
        CAIRN_HOST: "0.0.0.0",
        CAIRN_API_PORT: "9000",
        CAIRN_PHOTOS_PORT: "9001",
        CAIRN_ACCOUNTS_PORT: "9002",
        CAIRN_AUTH_PORT: "9003",
        CAIRN_API_URL: "https://api.photos.example/",
        CAIRN_PHOTOS_URL: "https://photos.example",
        CAIRN_ACCOUNTS_URL: "https://accounts.photos.example",
        CAIRN_AUTH_URL: "https://auth.photos.example",
        DATABASE_URL: "postgres://cairn@db/cairn",
        S3_ENDPOINT: "https://s3.example",
        S3_REGION: "eu-central-1",
        S3_BUCKET: "cairn-blobs",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
        SMTP_URL: "smtps://user:pass@mail.example:465",
        MAIL_FROM: "Photos <photos@example.org>",
        CAIRN_ROADMAP_URL: "https://roadmap.example",
        CAIRN_FAMILIES_URL: "https://families.example",
        CAIRN_DESKTOP_DOWNLOAD_URL: "https://cairn.example/download/",
        CAIRN_CAST_URL: "https://cast.photos.example/",
        CAIRN_WEB_DIST_DIR: "build/web",
        CAIRN_MODELS_DIR: "models",
        CAIRN_MAP_TILES_URL: "https://tiles.example.org/{z}/{x}/{y}.png?key=abc",
        CAIRN_MAP_TILES_ATTRIBUTION: "© OpenStreetMap contributors",
        CAIRN_MAP_MAX_ZOOM: "17",
        LOG_LEVEL: "debug",
        CAIRN_BODY_LIMIT_BYTES: "2048",
        CAIRN_FREE_STORAGE_BYTES: "5368709120",
        CAIRN_RATE_LIMIT_SCALE: "100",
        CAIRN_PROCESSES: "4",
        CAIRN_TRUSTED_PROXIES: "10.0.0.0/8, 192.0.2.1,fd00::/8",
        CAIRN_WEBAUTHN_RP_ID: "photos.example",
        CAIRN_WEBAUTHN_ORIGINS: "https://accounts.photos.example, https://photos.example/",
      },
      cwd,
    );
    expect(config).toEqual<CairnConfig>({
      dataDir: "/var/lib/cairn",
      host: "0.0.0.0",
      ports: { api: 9000, photos: 9001, accounts: 9002, auth: 9003 },
      publicURLOverrides: {
        api: "https://api.photos.example",
        photos: "https://photos.example",
        accounts: "https://accounts.photos.example",
        auth: "https://auth.photos.example",
      },
      database: { kind: "postgres", url: "postgres://cairn@db/cairn" },
      blobs: {
        kind: "s3",
        endpoint: "https://s3.example",
        region: "eu-central-1",
        bucket: "cairn-blobs",
        accessKeyID: "key",
        secretAccessKey: "secret",
        forcePathStyle: true,
      },
      mail: { kind: "smtp", url: "smtps://user:pass@mail.example:465" },
      mailFrom: "Photos <photos@example.org>",
      roadmapURL: "https://roadmap.example",
      familiesURL: "https://families.example",
      desktopDownloadURL: "https://cairn.example/download",
      castURL: "https://cast.photos.example",
      webDistDir: "/srv/cairn/build/web",
      modelsDir: "/srv/cairn/models",
      mapBasemap: {
        kind: "tiles",
        urlTemplate: "https://tiles.example.org/{z}/{x}/{y}.png?key=abc",
        attribution: "© OpenStreetMap contributors",
        maxZoom: 17,
      },
      logLevel: "debug",
      bodyLimitBytes: 2048,
      freeStorageBytes: 5 * 1024 ** 3,
      plans: [],
      rateLimitScale: 100,
      processes: 4,
      trustedProxies: ["10.0.0.0/8", "192.0.2.1", "fd00::/8"],
      webAuthnRPID: "photos.example",
      webAuthnOrigins: ["https://accounts.photos.example", "https://photos.example"],
    });
  });

  it("treats empty variables as unset and ignores unrelated ones", () => {
    const config = loadConfig({ CAIRN_API_PORT: "", PATH: "/usr/bin", S3_BUCKET: "" }, cwd);
    expect(config.ports.api).toBe(8080);
    expect(config.blobs.kind).toBe("local");
  });

  it("uses S3 with the SDK's own credentials when only a bucket is given", () => {
    expect(loadConfig({ S3_BUCKET: "b" }, cwd).blobs).toEqual({
      kind: "s3",
      endpoint: undefined,
      region: "us-east-1",
      bucket: "b",
      accessKeyID: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ CAIRN_API_PORT: "http" }, 'CAIRN_API_PORT: must be a port number 0-65535 (got "http")'],
    [
      { CAIRN_PHOTOS_PORT: "70000" },
      'CAIRN_PHOTOS_PORT: must be a port number 0-65535 (got "70000")',
    ],
    [{ CAIRN_API_URL: "localhost:8080" }, "CAIRN_API_URL: must be an absolute http(s) URL"],
    [{ CAIRN_AUTH_URL: "ftp://x" }, "CAIRN_AUTH_URL: must be an absolute http(s) URL"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL: must be a postgres:// or postgresql:// URL"],
    [{ SMTP_URL: "mail.example" }, "SMTP_URL: must be an smtp:// or smtps:// URL"],
    [{ S3_FORCE_PATH_STYLE: "yes" }, "S3_FORCE_PATH_STYLE: must be true or false"],
    [
      { LOG_LEVEL: "loud" },
      "LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent",
    ],
    [{ CAIRN_BODY_LIMIT_BYTES: "10MB" }, "CAIRN_BODY_LIMIT_BYTES: must be a whole number of bytes"],
    [{ CAIRN_BODY_LIMIT_BYTES: "10" }, "CAIRN_BODY_LIMIT_BYTES: must be at least 1024"],
    [{ CAIRN_PROCESSES: "0" }, "CAIRN_PROCESSES: must be a whole number from 1 to 64"],
    [{ CAIRN_PROCESSES: "two" }, "CAIRN_PROCESSES: must be a whole number from 1 to 64"],
    [{ CAIRN_TRUSTED_PROXIES: "proxy.local" }, "CAIRN_TRUSTED_PROXIES: must be comma-separated"],
    [{ CAIRN_TRUSTED_PROXIES: "10.0.0.0/33" }, "CAIRN_TRUSTED_PROXIES: must be comma-separated"],
    [{ CAIRN_PHOTOS_PORT: "8080" }, "must differ"],
    [{ S3_ENDPOINT: "http://minio:9000" }, "S3_BUCKET: must be set"],
    [{ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" }, "set both or neither"],
  ])("refuses %j", (environment, message) => {
    let error: unknown;
    try {
      loadConfig(environment, cwd);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join("\n")).toContain(message);
  });

  it("reports every problem at once", () => {
    try {
      loadConfig({ CAIRN_API_PORT: "x", LOG_LEVEL: "y" }, cwd);
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(2);
      expect((error as ConfigError).message).toMatch(/^Invalid configuration:\n {2}- /);
    }
  });

  it("allows several ports to be 0 (any free port)", () => {
    const config = loadConfig(
      {
        CAIRN_API_PORT: "0",
        CAIRN_PHOTOS_PORT: "0",
        CAIRN_ACCOUNTS_PORT: "0",
        CAIRN_AUTH_PORT: "0",
      },
      cwd,
    );
    expect(Object.values(config.ports)).toEqual([0, 0, 0, 0]);
  });

  it("documents each variable it reads in server/README.md", async () => {
    const { readFile } = await import("node:fs/promises");
    const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
    for (const variable of configVariables) expect(readme).toContain(`\`${variable}\``);
  });
});

describe("the map's basemap", () => {
  const osm = "© OpenStreetMap contributors";
  const problemsOf = (environment: Environment): string[] => {
    try {
      loadConfig(environment, cwd);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
      throw error;
    }
    return [];
  };

  it.each<[string, Environment, MapBasemapConfig]>([
    ["nothing set: the offline basemap", {}, { kind: "offline" }],
    [
      "a tile service, at zoom 19 by default",
      {
        CAIRN_MAP_TILES_URL: "https://tile.example.org/{z}/{x}/{y}.png",
        CAIRN_MAP_TILES_ATTRIBUTION: osm,
      },
      {
        kind: "tiles",
        urlTemplate: "https://tile.example.org/{z}/{x}/{y}.png",
        attribution: osm,
        maxZoom: defaultMapMaxZoom,
      },
    ],
    [
      "a tile server on this machine over plain http (tests)",
      {
        CAIRN_MAP_TILES_URL: "http://127.0.0.1:8099/tiles/{z}/{y}/{x}.webp",
        CAIRN_MAP_TILES_ATTRIBUTION: "Test tiles",
        CAIRN_MAP_MAX_ZOOM: "0",
      },
      {
        kind: "tiles",
        urlTemplate: "http://127.0.0.1:8099/tiles/{z}/{y}/{x}.webp",
        attribution: "Test tiles",
        maxZoom: 0,
      },
    ],
    [
      "a PMTiles archive, relative to the working directory, at the archive's own zoom",
      { CAIRN_MAP_PMTILES: "maps/world.pmtiles", CAIRN_MAP_TILES_ATTRIBUTION: osm },
      {
        kind: "pmtiles",
        file: "/srv/cairn/maps/world.pmtiles",
        attribution: osm,
        maxZoom: undefined,
      },
    ],
    [
      "a PMTiles archive drawn to a given zoom",
      {
        CAIRN_MAP_PMTILES: "/data/world.pmtiles",
        CAIRN_MAP_TILES_ATTRIBUTION: osm,
        CAIRN_MAP_MAX_ZOOM: "12",
      },
      { kind: "pmtiles", file: "/data/world.pmtiles", attribution: osm, maxZoom: 12 },
    ],
  ])("%s", (_case, environment, basemap) => {
    expect(loadConfig(environment, cwd).mapBasemap).toEqual(basemap);
  });

  it.each<[string, Environment, string]>([
    [
      "no attribution for a tile service",
      { CAIRN_MAP_TILES_URL: "https://tile.example.org/{z}/{x}/{y}.png" },
      "CAIRN_MAP_TILES_ATTRIBUTION: must be set with CAIRN_MAP_TILES_URL",
    ],
    [
      "no attribution for an archive",
      { CAIRN_MAP_PMTILES: "world.pmtiles" },
      "CAIRN_MAP_TILES_ATTRIBUTION: must be set with CAIRN_MAP_PMTILES",
    ],
    [
      "a blank attribution",
      { CAIRN_MAP_PMTILES: "world.pmtiles", CAIRN_MAP_TILES_ATTRIBUTION: "   " },
      'CAIRN_MAP_TILES_ATTRIBUTION: is empty (got "   ")',
    ],
    [
      "both a tile service and an archive",
      {
        CAIRN_MAP_TILES_URL: "https://tile.example.org/{z}/{x}/{y}.png",
        CAIRN_MAP_PMTILES: "world.pmtiles",
        CAIRN_MAP_TILES_ATTRIBUTION: osm,
      },
      "CAIRN_MAP_TILES_URL and CAIRN_MAP_PMTILES: set one or the other",
    ],
    [
      "an attribution without a basemap to credit",
      { CAIRN_MAP_TILES_ATTRIBUTION: osm },
      "CAIRN_MAP_TILES_ATTRIBUTION: applies only with CAIRN_MAP_TILES_URL or CAIRN_MAP_PMTILES",
    ],
    [
      "a zoom without a basemap",
      { CAIRN_MAP_MAX_ZOOM: "12" },
      "CAIRN_MAP_MAX_ZOOM: applies only with CAIRN_MAP_TILES_URL or CAIRN_MAP_PMTILES",
    ],
    [
      "a zoom that is not a whole number",
      {
        CAIRN_MAP_PMTILES: "w.pmtiles",
        CAIRN_MAP_TILES_ATTRIBUTION: osm,
        CAIRN_MAP_MAX_ZOOM: "1.5",
      },
      'CAIRN_MAP_MAX_ZOOM: must be a whole number from 0 to 24 (got "1.5")',
    ],
    [
      "a zoom deeper than any basemap",
      {
        CAIRN_MAP_PMTILES: "w.pmtiles",
        CAIRN_MAP_TILES_ATTRIBUTION: osm,
        CAIRN_MAP_MAX_ZOOM: "25",
      },
      "CAIRN_MAP_MAX_ZOOM: must be a whole number from 0 to 24",
    ],
    [
      "a tile URL that is not https",
      {
        CAIRN_MAP_TILES_URL: "http://tile.example.org/{z}/{x}/{y}.png",
        CAIRN_MAP_TILES_ATTRIBUTION: osm,
      },
      'CAIRN_MAP_TILES_URL: must be an https:// URL (plain http only for localhost or 127.0.0.1) (got "http://tile.example.org/{z}/{x}/{y}.png")',
    ],
    [
      "a tile URL without {y}",
      {
        CAIRN_MAP_TILES_URL: "https://tile.example.org/{z}/{x}.png",
        CAIRN_MAP_TILES_ATTRIBUTION: osm,
      },
      "CAIRN_MAP_TILES_URL: must contain {y}",
    ],
    [
      "a tile URL with subdomains",
      {
        CAIRN_MAP_TILES_URL: "https://{a-c}.tile.example.org/{z}/{x}/{y}.png",
        CAIRN_MAP_TILES_ATTRIBUTION: osm,
      },
      "CAIRN_MAP_TILES_URL: may contain no placeholder but {z}, {x} and {y} (found {a-c})",
    ],
  ])("refuses %s", (_case, environment, message) => {
    expect(problemsOf(environment).join("\n")).toContain(message);
  });
});

describe("CAIRN_PLANS_FILE", () => {
  const withPlansFile = async (contents: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-plans-"));
    await writeFile(path.join(dir, "plans.json"), contents);
    return dir;
  };

  it("reads the plans a file declares, relative to the working directory", async () => {
    const dir = await withPlansFile(
      JSON.stringify({
        plans: [
          { id: "family-1tb", storageGiB: 1024, price: "", period: "year" },
          {
            id: "monthly-100gb",
            storageBytes: 100 * 1024 ** 3,
            price: "€2.99",
            period: "month",
            stripeID: "price_123",
          },
        ],
      }),
    );
    expect(loadConfig({ CAIRN_PLANS_FILE: "plans.json" }, dir).plans).toEqual([
      {
        id: "family-1tb",
        storageBytes: 1024 ** 4,
        price: "",
        period: "year",
        androidID: "",
        iosID: "",
        stripeID: "",
      },
      {
        id: "monthly-100gb",
        storageBytes: 100 * 1024 ** 3,
        price: "€2.99",
        period: "month",
        androidID: "",
        iosID: "",
        stripeID: "price_123",
      },
    ]);
    await rm(dir, { recursive: true });
  });

  const plan = { id: "p", storageBytes: 1024, price: "", period: "year" };
  it.each([
    ["not JSON", "{plans: []}", "CAIRN_PLANS_FILE: <file> is not JSON"],
    ["without a plans list", "[]", 'CAIRN_PLANS_FILE: <file> must hold an object {"plans": [...]}'],
    [
      "with a bad period",
      JSON.stringify({ plans: [{ ...plan, period: "week" }] }),
      "CAIRN_PLANS_FILE: <file>: plans[0].period: must be month or year",
    ],
    [
      "with both storage fields",
      JSON.stringify({ plans: [{ ...plan, storageGiB: 1 }] }),
      "plans[0]: give storageBytes or storageGiB (exactly one)",
    ],
    [
      "with no storage",
      JSON.stringify({ plans: [{ id: "p", price: "", period: "year" }] }),
      "plans[0]: give storageBytes or storageGiB (exactly one)",
    ],
    [
      "with fractional bytes",
      JSON.stringify({ plans: [{ ...plan, storageBytes: 1.5 }] }),
      "plans[0].storageBytes:",
    ],
    [
      "with the free plan's id",
      JSON.stringify({ plans: [{ ...plan, id: "free" }] }),
      `plans[0].id: "free" is the free plan's product`,
    ],
    [
      "with an id that is not a word",
      JSON.stringify({ plans: [{ ...plan, id: "1 TB" }] }),
      "plans[0].id: must be 1-64 letters, digits",
    ],
    ["with a repeated id", JSON.stringify({ plans: [plan, plan] }), "plans: plan ids must differ"],
    [
      "with a misspelt field",
      JSON.stringify({ plans: [{ ...plan, Price: "€1" }] }),
      'plans[0]: Unrecognized key: "Price"',
    ],
  ])("refuses a file %s, naming the file and the field", async (_, contents, message) => {
    const dir = await withPlansFile(contents);
    const file = path.join(dir, "plans.json");
    let error: unknown;
    try {
      loadConfig({ CAIRN_PLANS_FILE: file }, cwd);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join("\n")).toContain(message.replace("<file>", file));
    await rm(dir, { recursive: true });
  });

  it("refuses a file it cannot read", () => {
    expect(() => loadConfig({ CAIRN_PLANS_FILE: "missing.json" }, cwd)).toThrow(
      "CAIRN_PLANS_FILE: cannot read /srv/cairn/missing.json (ENOENT)",
    );
  });
});

describe("familiesURLFor", () => {
  it("is the photos app's family page unless CAIRN_FAMILIES_URL is set", () => {
    const photos = "http://localhost:41234/";
    expect(familiesURLFor(loadConfig({}, cwd), photos)).toBe("http://localhost:41234/family");
    expect(
      familiesURLFor(loadConfig({ CAIRN_FAMILIES_URL: "https://families.example" }, cwd), photos),
    ).toBe("https://families.example");
  });
});

describe("publicURLsFor", () => {
  const ports = { api: 8080, photos: 3000, accounts: 3001, auth: 3002 };
  it.each([
    ["localhost", "http://localhost:8080", "http://localhost:3000"],
    ["0.0.0.0", "http://localhost:8080", "http://localhost:3000"],
    ["::", "http://localhost:8080", "http://localhost:3000"],
    ["192.168.1.5", "http://192.168.1.5:8080", "http://192.168.1.5:3000"],
    ["::1", "http://[::1]:8080", "http://[::1]:3000"],
    ["photos.lan", "http://photos.lan:8080", "http://photos.lan:3000"],
  ])("derives from host %s", (host, api, photos) => {
    const urls = publicURLsFor({ host, publicURLOverrides: {} }, ports);
    expect(urls.api).toBe(api);
    expect(urls.photos).toBe(photos);
  });

  it("prefers explicit URLs and uses the bound ports", () => {
    const urls = publicURLsFor(
      { host: "localhost", publicURLOverrides: { api: "https://api.example" } },
      { api: 41000, photos: 41001, accounts: 41002, auth: 41003 },
    );
    expect(urls).toEqual({
      api: "https://api.example",
      photos: "http://localhost:41001",
      accounts: "http://localhost:41002",
      auth: "http://localhost:41003",
    });
  });
});
