import { createHash } from "node:crypto";

// [Note: The desktop app's Content-Security-Policy]
//
// Every answer of the app protocol carries the same policy as the web apps
// served by the server (see: [Note: The web apps' Content-Security-Policy]
// in server/src/static/content-security-policy.ts, which explains each
// source): the desktop window hosts the very same photos bundle, so it needs
// exactly what it needs on the web and nothing more. In short:
// `default-src 'none'`; scripts, module workers and fonts from the app's own
// origin only, WebAssembly compiled (`'wasm-unsafe-eval'`) but no `eval` and
// no inline script; images from the app, decrypted `blob:` URLs and `data:`
// thumbnails; videos from `blob:`; fetches to the app, the API and the blob
// store; styles from the app plus the hash of `index.html`'s inline
// `<style>`; no plugins, `<base>`, form posts or framing. The server's map
// tile service, when it has one, is added to `img-src` and `connect-src`,
// as on the web (see: [Note: The desktop learns the map's tile service at
// start]).
//
// `worker-src` is `'self'` without `blob:`: every worker of the photos app
// is a module worker from `/assets/` (as on the web, where the same bundle
// runs under the same rule), and a `blob:` worker source would let any
// script that can make a Blob start code in a worker.
//
// Why a second declaration: the server's policy lives in `server/src`, which
// the desktop shell may not import (see: [Note: The floors are checked by
// lint]), and the two differ in their inputs: the desktop knows the API
// from its settings and the blob store only if told (see DesktopSettings).
// If a third host appears, the builder should move to `shared/`, where both
// could import it (it is pure and needs no Node module); the inline style
// hashing would stay with each host, as it reads files.

export interface DesktopContentSources {
  /** The API's origin (desktop settings). */
  apiOrigin: string;
  /** Where the server's blob store URLs point, when not at the API's own origin. */
  blobOrigins: readonly string[];
  /** `'sha256-…'` sources of the served `index.html`'s inline `<style>` elements. */
  inlineStyleHashes: readonly string[];
  /** The server's map tile service, when it has one: images and fetches. */
  mapTileOrigins?: readonly string[];
}

const originOf = (url: string): string => new URL(url).origin;

const sourceList = (sources: readonly string[]): string => [...new Set(sources)].join(" ");

/** The policy's header value. See: [Note: The desktop app's Content-Security-Policy] */
export function desktopContentSecurityPolicy({
  apiOrigin,
  blobOrigins,
  inlineStyleHashes,
  mapTileOrigins = [],
}: DesktopContentSources): string {
  const directives: [string, string[]][] = [
    ["default-src", ["'none'"]],
    ["script-src", ["'self'", "'wasm-unsafe-eval'"]],
    ["worker-src", ["'self'"]],
    [
      "connect-src",
      [
        "'self'",
        originOf(apiOrigin),
        ...blobOrigins.map(originOf),
        ...mapTileOrigins.map(originOf),
      ],
    ],
    ["img-src", ["'self'", "blob:", "data:", ...mapTileOrigins.map(originOf)]],
    ["media-src", ["blob:"]],
    ["font-src", ["'self'"]],
    ["style-src", ["'self'", ...inlineStyleHashes]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sourceList(sources)}`).join("; ");
}

/**
 * The policy for these settings and the served `index.html` (`undefined`
 * when there is none to serve, as in development from the Vite server).
 */
export const desktopPolicyFor = (
  settings: { apiOrigin: string; blobOrigins: readonly string[] },
  indexHTML: string | undefined,
  mapTileOrigin?: string,
): string =>
  desktopContentSecurityPolicy({
    apiOrigin: settings.apiOrigin,
    blobOrigins: settings.blobOrigins,
    inlineStyleHashes: indexHTML === undefined ? [] : inlineStyleHashes(indexHTML),
    mapTileOrigins: mapTileOrigin === undefined ? [] : [mapTileOrigin],
  });

/** Each `<style>` element and its text, as the HTML parser reads raw text: up to the first `</style`. */
const inlineStyleElement = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

/**
 * The `'sha256-…'` source of each inline `<style>` element of `html` (the
 * hash of the element's text as written, in UTF-8), which lets exactly that
 * text apply without `'unsafe-inline'`. The server hashes its pages the same
 * way (server/src/static/inline-style-hashes.ts).
 */
export const inlineStyleHashes = (html: string): string[] =>
  [...html.matchAll(inlineStyleElement)].map(
    ([, text = ""]) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`,
  );
