import { describe, expect, it } from "vitest";
import {
  applyApiEndpointOverride,
  loadRuntimeConfig,
  RuntimeConfigError,
  type RuntimeConfig,
} from "./runtime-config";

const served = {
  apiOrigin: "https://api.cairn.example/",
  apps: {
    photos: "https://photos.cairn.example",
    accounts: "https://accounts.cairn.example",
    auth: "https://auth.cairn.example",
  },
  roadmapUrl: "https://roadmap.cairn.example/board",
  familiesUrl: "https://family.cairn.example",
};

const fetchReturning =
  (respond: () => Response | Promise<Response>): typeof fetch =>
  (input) => {
    expect(input).toBe("/cairn-config.json");
    return Promise.resolve(respond());
  };

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

describe("loadRuntimeConfig", () => {
  it("returns the served configuration without trailing slashes on origins", async () => {
    const config = await loadRuntimeConfig({
      fetch: fetchReturning(() => jsonResponse(served)),
      apiEndpoint: undefined,
    });
    expect(config.apiOrigin).toBe("https://api.cairn.example");
    expect(config.apps.photos).toBe("https://photos.cairn.example");
    expect(config.roadmapUrl).toBe("https://roadmap.cairn.example/board");
  });

  it("lets local storage apiEndpoint override the API origin", async () => {
    const config = await loadRuntimeConfig({
      fetch: fetchReturning(() => jsonResponse(served)),
      apiEndpoint: "http://localhost:8080/",
    });
    expect(config.apiOrigin).toBe("http://localhost:8080");
  });

  it.each<[string, () => Response | Promise<Response>, RuntimeConfigError["failure"]]>([
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch")), "network"],
    ["a 404", () => new Response("not found", { status: 404 }), "http-status"],
    ["a body that is not JSON", () => new Response("<html>"), "invalid"],
    ["a missing field", () => jsonResponse({ ...served, familiesUrl: undefined }), "invalid"],
    [
      "a non-http origin",
      () => jsonResponse({ ...served, apiOrigin: "ftp://x.example" }),
      "invalid",
    ],
    [
      "an app origin that is not a URL",
      () => jsonResponse({ ...served, apps: { ...served.apps, auth: "auth" } }),
      "invalid",
    ],
  ])("rejects %s with a typed error", async (_, respond, failure) => {
    const loading = loadRuntimeConfig({ fetch: fetchReturning(respond), apiEndpoint: undefined });
    await expect(loading).rejects.toBeInstanceOf(RuntimeConfigError);
    await expect(loading).rejects.toMatchObject({ failure });
  });
});

describe("applyApiEndpointOverride", () => {
  const config: RuntimeConfig = {
    apiOrigin: "https://api.cairn.example",
    apps: {
      photos: "https://p.example",
      accounts: "https://a.example",
      auth: "https://t.example",
    },
    roadmapUrl: "https://r.example",
    familiesUrl: "https://f.example",
  };

  it.each<[string | undefined, string]>([
    [undefined, "https://api.cairn.example"],
    ["http://localhost:8080", "http://localhost:8080"],
    ["https://self.hosted/api/", "https://self.hosted/api"],
    ["not a url", "https://api.cairn.example"],
    ["file:///etc/passwd", "https://api.cairn.example"],
  ])("override %s → %s", (apiEndpoint, expected) => {
    expect(applyApiEndpointOverride(config, apiEndpoint).apiOrigin).toBe(expected);
  });
});
