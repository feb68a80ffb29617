import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapBasemapSchema } from "../../shared/api/map-basemap";
import { runtimeConfigSchema } from "../../shared/api/runtime-config";
import { createPostgresTestDatabase } from "../test-support/databases";
import { startCairn, type StartCairnOverrides } from "./main";

const anyPorts = { api: 0, photos: 0, accounts: 0, auth: 0 };

describe("startCairn", () => {
  let dir: string;
  let webDistDir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "cairn-main-"));
    webDistDir = path.join(dir, "web");
    await mkdir(path.join(webDistDir, "photos"), { recursive: true });
    await writeFile(
      path.join(webDistDir, "photos", "index.html"),
      "<!doctype html><title>Cairn Photos</title>",
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const start = (overrides: StartCairnOverrides, environment = {}) =>
    startCairn(
      {
        dataDir: path.join(dir, "data"),
        webDistDir,
        logLevel: "silent",
        ports: anyPorts,
        ...overrides,
      },
      { environment },
    );

  it("serves the API and the three apps on free ports, and stops cleanly", async () => {
    const cairn = await start({});
    const { urls } = cairn;
    try {
      const ports = Object.values(urls).map((url) => new URL(url).port);
      expect(new Set(ports).size).toBe(4);
      for (const url of Object.values(urls)) expect(url).toMatch(/^http:\/\/localhost:\d+$/);

      const ping = await fetch(`${urls.api}/ping`);
      expect(ping.status).toBe(200);
      const body = (await ping.json()) as { message: string; id: string };
      expect(body.message).toBe("pong");
      expect(body.id).toMatch(/^([0-9a-f]{7}|\d+\.\d+\.\d+)$/);

      for (const app of ["photos", "accounts", "auth"] as const) {
        const config = runtimeConfigSchema.parse(
          await (await fetch(`${urls[app]}/cairn-config.json`)).json(),
        );
        expect(config.apiOrigin).toBe(urls.api);
        expect(config.apps).toEqual({
          photos: urls.photos,
          accounts: urls.accounts,
          auth: urls.auth,
        });
      }
      expect(await (await fetch(`${urls.photos}/gallery`)).text()).toContain("Cairn Photos");
      expect((await fetch(`${urls.accounts}/passkeys`)).status).toBe(503);

      // The local blob store's routes are served by the API and check signatures.
      const blob = await fetch(
        `${urls.api}/blobs/1/abc?X-Cairn-Expires=9999999999&X-Cairn-Signature=00`,
      );
      expect(blob.status).toBe(403);
      expect(await blob.text()).toContain("SignatureDoesNotMatch");
    } finally {
      await cairn.close();
    }
    await expect(fetch(`${urls.api}/ping`)).rejects.toThrow();
    await expect(cairn.close()).resolves.toBeUndefined();
  });

  it("serves the desktop app's download page from CAIRN_DESKTOP_DOWNLOAD_URL, and none unset", async () => {
    const served = async (environment: Record<string, string>) => {
      const cairn = await start({ dataDir: path.join(dir, "download-data") }, environment);
      try {
        return runtimeConfigSchema.parse(
          await (await fetch(`${cairn.urls.photos}/cairn-config.json`)).json(),
        ).desktopDownloadURL;
      } finally {
        await cairn.close();
      }
    };
    expect(await served({ CAIRN_DESKTOP_DOWNLOAD_URL: "https://cairn.example/download" })).toBe(
      "https://cairn.example/download",
    );
    expect(await served({})).toBeUndefined();
  });

  it("signs up over HTTP with the code from the mail outbox", async () => {
    const dataDir = path.join(dir, "signup-data");
    const cairn = await start({ dataDir });
    const api = cairn.urls.api;
    const post = (url: string, body: unknown) =>
      fetch(`${api}${url}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    try {
      expect(
        (await post("/users/ott", { email: "mia@example.org", purpose: "signup" })).status,
      ).toBe(200);
      const outbox = path.join(dataDir, "mail");
      const [file] = await readdir(outbox);
      const mail = await readFile(path.join(outbox, file ?? ""), "utf8");
      const code = /Your Cairn verification code is (\d{6})/.exec(mail)?.[1] ?? "";
      expect(code).toMatch(/^\d{6}$/);
      const verified = await post("/users/verify-email", { email: "mia@example.org", ott: code });
      expect(verified.status).toBe(200);
      const { token } = (await verified.json()) as { token: string };
      const validity = await fetch(`${api}/users/session-validity/v2`, {
        headers: { "X-Auth-Token": token },
      });
      expect(await validity.json()).toEqual({ hasSetKeys: false });
      const accountsURL = (await (
        await fetch(`${api}/users/accounts-token`, { headers: { "X-Auth-Token": token } })
      ).json()) as { accountsUrl: string };
      expect(accountsURL.accountsUrl).toBe(cairn.urls.accounts);
    } finally {
      await cairn.close();
    }
  });

  it("keeps its secrets and database across restarts", async () => {
    const secretsFile = path.join(dir, "data", "secrets.json");
    const first = await start({});
    const secrets = await readFile(secretsFile, "utf8");
    await first.close();
    const second = await start({});
    await second.close();
    expect(await readFile(secretsFile, "utf8")).toBe(secrets);
  });

  it("fails to start with a clear error on a bad environment", async () => {
    await expect(start({}, { LOG_LEVEL: "shout" })).rejects.toThrow(/LOG_LEVEL: must be one of/);
  });

  it("serves the map's basemap on the photos app and the API, its tile origin in the photos policy", async () => {
    const cairn = await start(
      { dataDir: path.join(dir, "map-data") },
      {
        CAIRN_MAP_TILES_URL: "https://tile.example.org/{z}/{x}/{y}.png",
        CAIRN_MAP_TILES_ATTRIBUTION: "© OpenStreetMap contributors",
      },
    );
    try {
      for (const origin of [cairn.urls.photos, cairn.urls.api]) {
        const basemap = mapBasemapSchema.parse(await (await fetch(`${origin}/map/basemap`)).json());
        expect(basemap).toMatchObject({ kind: "tiles", maxZoom: 19 });
      }
      const page = await fetch(`${cairn.urls.photos}/gallery`);
      expect(page.headers.get("content-security-policy")).toMatch(
        /img-src [^;]*https:\/\/tile\.example\.org/,
      );
      const accounts = await fetch(`${cairn.urls.accounts}/`);
      expect(accounts.headers.get("content-security-policy")).not.toContain("tile.example.org");
    } finally {
      await cairn.close();
    }
  });

  it("fails to start when the map's PMTiles archive cannot be drawn", async () => {
    const file = path.join(dir, "not-a-map.pmtiles");
    await writeFile(file, "hello");
    await expect(
      start({}, { CAIRN_MAP_PMTILES: file, CAIRN_MAP_TILES_ATTRIBUTION: "Someone" }),
    ).rejects.toThrow(/CAIRN_MAP_PMTILES: .*not-a-map\.pmtiles is not a PMTiles archive/);
  });

  it.runIf(process.env.CAIRN_TEST_DATABASE_URL !== undefined)("runs on PostgreSQL", async () => {
    const database = await createPostgresTestDatabase(process.env.CAIRN_TEST_DATABASE_URL ?? "");
    try {
      const cairn = await start({}, { DATABASE_URL: database.url });
      expect(cairn.config.database.kind).toBe("postgres");
      expect((await fetch(`${cairn.urls.api}/ping`)).status).toBe(200);
      await cairn.close();
    } finally {
      await database.drop();
    }
  });

  it("runs from the command line, prints its URLs and exits cleanly on SIGTERM", async () => {
    const repo = fileURLToPath(new URL("../..", import.meta.url));
    const child = spawn(path.join(repo, "node_modules", ".bin", "tsx"), ["server/src/main.ts"], {
      cwd: repo,
      env: {
        PATH: process.env.PATH,
        CAIRN_DATA_DIR: path.join(dir, "cli-data"),
        CAIRN_WEB_DIST_DIR: webDistDir,
        CAIRN_API_PORT: "0",
        CAIRN_PHOTOS_PORT: "0",
        CAIRN_ACCOUNTS_PORT: "0",
        CAIRN_AUTH_PORT: "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    try {
      for (let waitedMs = 0; !output.includes("  Auth ") && waitedMs < 25_000; waitedMs += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const api = /API\s+(http:\/\/localhost:\d+)/.exec(output)?.[1];
      expect(output).toMatch(
        /Photos\s+http:\/\/localhost:\d+\n\s+Accounts\s+http:\/\/localhost:\d+\n\s+Auth\s+http:\/\/localhost:\d+/,
      );
      expect((await fetch(`${api}/ping`)).status).toBe(200);
      // After the URLs, the log is JSON lines.
      const lines = output.split("\n").filter((line) => line.startsWith("{"));
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });
});
