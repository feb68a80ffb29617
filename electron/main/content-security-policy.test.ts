import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy as webAppPolicy } from "../../server/src/static/content-security-policy";
import { inlineStyleHashes as serverInlineStyleHashes } from "../../server/src/static/inline-style-hashes";
import { appOrigin } from "./app-protocol";
import {
  desktopContentSecurityPolicy,
  desktopPolicyFor,
  inlineStyleHashes,
} from "./content-security-policy";
import { defaultDesktopSettings } from "./desktop-settings";

const photosPage = fs.readFileSync(new URL("../../web/photos/index.html", import.meta.url), "utf8");

const policy = desktopPolicyFor(
  { apiOrigin: "https://api.photos.example", blobOrigins: ["https://bucket.s3.example.com"] },
  photosPage,
);

/** The sources that govern `directive`, with CSP's fallbacks to `script-src` and `default-src`. */
function sourcesFor(text: string, directive: string): string[] {
  const directives = new Map(
    text.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
  const chain = directive === "worker-src" ? [directive, "script-src"] : [directive];
  for (const name of [...chain, "default-src"]) {
    const sources = directives.get(name);
    if (sources) return sources;
  }
  return [];
}

/** Whether a load of `url` under `directive` is allowed, for a page of the app's origin. */
function allows(text: string, directive: string, url: string): boolean {
  const target = new URL(url);
  // Node gives a non-special scheme the "null" origin; Chromium knows ours is standard.
  const originOf = (u: URL) => `${u.protocol}//${u.host}`;
  return sourcesFor(text, directive).some((source) => {
    if (source === "'self'") return originOf(target) === appOrigin;
    if (/^[a-z][a-z0-9+.-]*:$/.test(source)) return target.protocol === source;
    if (source.startsWith("'")) return false;
    return originOf(target) === source;
  });
}

describe("the desktop app's Content-Security-Policy", () => {
  it("runs the photos app's own scripts and workers, and nobody else's", () => {
    expect(allows(policy, "script-src", `${appOrigin}/assets/index-B-oqn57I.js`)).toBe(true);
    expect(allows(policy, "worker-src", `${appOrigin}/assets/sync.worker-HToMUmCZ.js`)).toBe(true);
    expect(allows(policy, "script-src", "https://cdn.example.com/lib.js")).toBe(false);
    expect(allows(policy, "script-src", "https://api.photos.example/x.js")).toBe(false);
    expect(allows(policy, "worker-src", "blob:cairn-app://photos/1234")).toBe(false);
    expect(allows(policy, "script-src", "data:text/javascript,alert(1)")).toBe(false);
  });

  it("compiles WebAssembly (libsodium, ffmpeg, libheif, onnxruntime) but refuses eval and inline scripts", () => {
    const scripts = sourcesFor(policy, "script-src");
    expect(scripts).toContain("'wasm-unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
    // No nonce or hash would let an inline <script> through either.
    expect(scripts.filter((s) => /^'(nonce|sha\d+)-/.test(s))).toEqual([]);
  });

  it("shows decrypted photos (blob:), thumbnails (data:) and plays videos from blob:", () => {
    expect(allows(policy, "img-src", "blob:cairn-app://photos/5d1c")).toBe(true);
    expect(allows(policy, "img-src", "data:image/jpeg;base64,/9j/4AAQ")).toBe(true);
    expect(allows(policy, "img-src", `${appOrigin}/assets/favicon-BwjFpz-4.svg`)).toBe(true);
    expect(allows(policy, "media-src", "blob:cairn-app://photos/5d1c")).toBe(true);
    expect(allows(policy, "img-src", "https://tracker.example/pixel.gif")).toBe(false);
  });

  it("talks to the app, the API and the blob store, and to no other origin", () => {
    expect(allows(policy, "connect-src", `${appOrigin}/cairn-config.json`)).toBe(true);
    expect(allows(policy, "connect-src", "https://api.photos.example/users/srp/attributes")).toBe(
      true,
    );
    expect(
      allows(policy, "connect-src", "https://bucket.s3.example.com/abc?X-Amz-Signature=1"),
    ).toBe(true);
    expect(allows(policy, "connect-src", "https://evil.example/exfiltrate")).toBe(false);
    expect(allows(policy, "connect-src", "http://api.photos.example/")).toBe(false);
  });

  it("applies the page's inline <style>, and no other inline style", () => {
    const styles = sourcesFor(policy, "style-src");
    expect(styles).not.toContain("'unsafe-inline'");
    expect(styles).toEqual(["'self'", ...serverInlineStyleHashes(photosPage)]);
    expect(inlineStyleHashes(photosPage)).toHaveLength(1);
  });

  it("refuses plugins, frames, <base>, form posts and being framed", () => {
    for (const directive of ["object-src", "frame-src", "child-src", "manifest-src"]) {
      expect(sourcesFor(policy, directive)).toEqual(["'none'"]);
    }
    expect(policy).toContain("base-uri 'none'");
    expect(policy).toContain("form-action 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("is the web apps' policy for the same API and blob store (one bundle, one set of needs)", () => {
    const sources = {
      apiURL: defaultDesktopSettings.apiOrigin,
      blobOrigins: ["https://bucket.s3.example.com", "https://s3.example.com"],
      inlineStyleHashes: serverInlineStyleHashes(photosPage),
    };
    expect(
      desktopContentSecurityPolicy({
        apiOrigin: sources.apiURL,
        blobOrigins: sources.blobOrigins,
        inlineStyleHashes: inlineStyleHashes(photosPage),
      }),
    ).toBe(webAppPolicy(sources));
  });

  it("shows and fetches the server's map tiles when it has a tile service, and only then", () => {
    const withTiles = desktopPolicyFor(
      { apiOrigin: "https://api.photos.example", blobOrigins: [] },
      photosPage,
      "https://tile.example.org",
    );
    expect(allows(withTiles, "img-src", "https://tile.example.org/3/4/2.png")).toBe(true);
    expect(allows(withTiles, "connect-src", "https://tile.example.org/3/4/2.png")).toBe(true);
    expect(allows(withTiles, "img-src", "https://other-tiles.example.org/3/4/2.png")).toBe(false);
    expect(allows(policy, "img-src", "https://tile.example.org/3/4/2.png")).toBe(false);
    expect(allows(policy, "connect-src", "https://tile.example.org/3/4/2.png")).toBe(false);
    // A PMTiles archive comes from the API, allowed already.
    expect(allows(policy, "connect-src", "https://api.photos.example/map/basemap.pmtiles")).toBe(
      true,
    );
    // The same policy as the web app's with the same tile service.
    expect(withTiles).toBe(
      webAppPolicy({
        apiURL: "https://api.photos.example",
        blobOrigins: [],
        inlineStyleHashes: serverInlineStyleHashes(photosPage),
        extraOrigins: { img: ["https://tile.example.org"], connect: ["https://tile.example.org"] },
      }),
    );
  });

  it("has no style hashes when there is no built page to serve (development)", () => {
    expect(sourcesFor(desktopPolicyFor(defaultDesktopSettings, undefined), "style-src")).toEqual([
      "'self'",
    ]);
  });
});
