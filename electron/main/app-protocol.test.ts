import path from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeConfigSchema } from "../../shared/api/runtime-config";
import { answerAppRequest, appRequestHandler, runtimeConfigFor } from "./app-protocol";
import { defaultDesktopSettings, desktopSettingsFromEnv } from "./desktop-settings";

const root = path.resolve("/opt/cairn/renderer");
const existing = new Set([
  path.join(root, "index.html"),
  path.join(root, "assets", "index-abc123.js"),
  path.join(root, "favicon.svg"),
]);
const exists = (p: string) => existing.has(p);
const answer = (url: string) => answerAppRequest(url, root, defaultDesktopSettings, exists);

describe("the desktop app protocol", () => {
  it.each([
    ["cairn-app://photos/", { kind: "file", filePath: path.join(root, "index.html") }],
    ["cairn-app://photos/gallery", { kind: "file", filePath: path.join(root, "index.html") }],
    [
      "cairn-app://photos/two-factor/verify?x=1",
      { kind: "file", filePath: path.join(root, "index.html") },
    ],
    [
      "cairn-app://photos/assets/index-abc123.js",
      { kind: "file", filePath: path.join(root, "assets", "index-abc123.js") },
    ],
    ["cairn-app://photos/favicon.svg", { kind: "file", filePath: path.join(root, "favicon.svg") }],
    ["cairn-app://photos/assets/missing.js", { kind: "not-found" }],
    ["cairn-app://photos/missing.png", { kind: "not-found" }],
    ["cairn-app://photos/..%2F..%2Fetc%2Fpasswd", { kind: "not-found" }],
    ["cairn-app://photos/%E0%A4%A", { kind: "not-found" }],
    ["cairn-app://other/index.html", { kind: "not-found" }],
    ["https://photos/index.html", { kind: "not-found" }],
    ["not a url", { kind: "not-found" }],
  ])("%s", (url, expected) => {
    expect(answer(url)).toEqual(expected);
  });

  it("answers the runtime config with the desktop settings", () => {
    const result = answer("cairn-app://photos/cairn-config.json");
    expect(result.kind).toBe("json");
    if (result.kind !== "json") return;
    expect(JSON.parse(result.body)).toEqual(runtimeConfigFor(defaultDesktopSettings));
    // The photos app accepts it (it validates the config before anything else).
    expect(runtimeConfigSchema.safeParse(JSON.parse(result.body)).success).toBe(true);
    expect(JSON.parse(result.body)).toMatchObject({
      apiOrigin: "http://localhost:8080",
      apps: { photos: "cairn-app://photos" },
    });
  });
});

describe("the app protocol's answers", () => {
  const policy = "default-src 'none'; script-src 'self'";
  const fetched: string[] = [];
  const handle = appRequestHandler({
    rendererDir: root,
    settings: defaultDesktopSettings,
    contentSecurityPolicy: policy,
    fileExists: exists,
    fetchFile: (filePath) => {
      fetched.push(filePath);
      return Promise.resolve(
        new Response(`contents of ${path.basename(filePath)}`, {
          headers: { "Content-Type": "text/javascript" },
        }),
      );
    },
  });

  it.each([
    ["a page (a client-side route)", "cairn-app://photos/gallery", 200],
    ["a script or worker file", "cairn-app://photos/assets/index-abc123.js", 200],
    ["the runtime config", "cairn-app://photos/cairn-config.json", 200],
    ["a missing file", "cairn-app://photos/assets/missing.js", 404],
    ["a request outside the app", "cairn-app://other/index.html", 404],
  ])("%s carries the Content-Security-Policy", async (_name, url, status) => {
    const response = await handle({ url });
    expect(response.status).toBe(status);
    expect(response.headers.get("Content-Security-Policy")).toBe(policy);
  });

  it("waits for a policy still being made (the map's tile service being asked)", async () => {
    let made: (policy: string) => void = () => undefined;
    const waiting = appRequestHandler({
      rendererDir: root,
      settings: defaultDesktopSettings,
      contentSecurityPolicy: new Promise<string>((resolve) => {
        made = resolve;
      }),
      fileExists: exists,
      fetchFile: () => Promise.resolve(new Response("page")),
    });
    const answer = waiting({ url: "cairn-app://photos/gallery" });
    made("default-src 'none'; img-src https://tile.example.org");
    expect((await answer).headers.get("Content-Security-Policy")).toBe(
      "default-src 'none'; img-src https://tile.example.org",
    );
  });

  it("serves a file's own bytes and type", async () => {
    const response = await handle({ url: "cairn-app://photos/assets/index-abc123.js" });
    expect(await response.text()).toBe("contents of index-abc123.js");
    expect(response.headers.get("Content-Type")).toBe("text/javascript");
    expect(fetched.at(-1)).toBe(path.join(root, "assets", "index-abc123.js"));
  });
});

describe("desktop settings", () => {
  it("uses the defaults when nothing is set", () => {
    expect(desktopSettingsFromEnv({})).toEqual(defaultDesktopSettings);
  });

  it("takes the API origin from the environment, without a trailing slash", () => {
    expect(
      desktopSettingsFromEnv({ CAIRN_API_ORIGIN: "https://photos.example.org/" }).apiOrigin,
    ).toBe("https://photos.example.org");
  });

  it("reads the blob store's origins, separated by spaces or commas", () => {
    expect(
      desktopSettingsFromEnv({
        CAIRN_BLOB_ORIGINS: " https://bucket.s3.example.com/some/path, https://s3.example.com  ",
      }).blobOrigins,
    ).toEqual(["https://bucket.s3.example.com", "https://s3.example.com"]);
    expect(() => desktopSettingsFromEnv({ CAIRN_BLOB_ORIGINS: "s3.example.com" })).toThrow(
      /CAIRN_BLOB_ORIGINS/,
    );
    expect(() => desktopSettingsFromEnv({ CAIRN_BLOB_ORIGINS: "ftp://s3.example.com" })).toThrow(
      /CAIRN_BLOB_ORIGINS/,
    );
  });

  it("refuses a value that is not a URL, naming the variable", () => {
    expect(() => desktopSettingsFromEnv({ CAIRN_API_ORIGIN: "localhost" })).toThrow(
      /CAIRN_API_ORIGIN/,
    );
  });
});
