import { describe, expect, it } from "vitest";
import { runtimeConfigSchema } from "./runtime-config";

const served = {
  apiOrigin: "https://api.cairn.example",
  apps: {
    photos: "https://photos.cairn.example",
    accounts: "https://accounts.cairn.example",
    auth: "https://auth.cairn.example",
  },
  roadmapUrl: "https://roadmap.cairn.example",
  familiesUrl: "https://family.cairn.example",
};

describe("runtimeConfigSchema's desktopDownloadURL", () => {
  it.each([
    ["absent", undefined, undefined],
    ["an https page", "https://cairn.example/download", "https://cairn.example/download"],
    ["an http page", "http://localhost:8000/desktop", "http://localhost:8000/desktop"],
  ])("accepts %s", (_, desktopDownloadURL, expected) => {
    const config = runtimeConfigSchema.parse({ ...served, desktopDownloadURL });
    expect(config.desktopDownloadURL).toBe(expected);
  });

  it.each([
    ["a relative path", "/download"],
    ["another scheme", "ftp://cairn.example/desktop"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["not a URL", "the download page"],
  ])("refuses %s", (_, desktopDownloadURL) => {
    expect(runtimeConfigSchema.safeParse({ ...served, desktopDownloadURL }).success).toBe(false);
  });
});
