import path from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeConfigSchema } from "../../shared/api/runtime-config";
import { answerAppRequest, runtimeConfigFor } from "./app-protocol";
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

describe("desktop settings", () => {
  it("uses the defaults when nothing is set", () => {
    expect(desktopSettingsFromEnv({})).toEqual(defaultDesktopSettings);
  });

  it("takes the API origin from the environment, without a trailing slash", () => {
    expect(
      desktopSettingsFromEnv({ CAIRN_API_ORIGIN: "https://photos.example.org/" }).apiOrigin,
    ).toBe("https://photos.example.org");
  });

  it("refuses a value that is not a URL, naming the variable", () => {
    expect(() => desktopSettingsFromEnv({ CAIRN_API_ORIGIN: "localhost" })).toThrow(
      /CAIRN_API_ORIGIN/,
    );
  });
});
