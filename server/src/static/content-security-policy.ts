// The Content-Security-Policy of the three web apps, built from what the
// deployment's configuration says about where they fetch from.

// [Note: The web apps' Content-Security-Policy]
//
// Everything is refused (`default-src 'none'`) and each directive allows
// only what the built apps and their workers do. Workers served from the app
// take their policy from their own script's answer, so every answer of the
// app host carries the same header (see: [Note: Every app answer carries the
// security headers]). Why each source is there:
// - `script-src 'self'`: the apps are module scripts under `/assets/`, and
//   the workers import their chunks (the ffmpeg.wasm core, libheif, the
//   locale messages) from there. No inline script, no `eval` (zod's
//   compiled parsers are turned off: see [Note: Zod parses without eval]).
// - `'wasm-unsafe-eval'`: compiling WebAssembly (libsodium in the crypto and
//   account workers, ffmpeg.wasm and libheif in the media worker). It allows
//   WebAssembly only, not JavaScript `eval`.
// - `worker-src 'self'`: every worker is a module worker from `/assets/`;
//   none is made from a `blob:` URL.
// - `connect-src 'self'`: `/cairn-config.json` and the ffmpeg.wasm binary;
//   the API's origin; the blob store's origins, which the API's 307s to
//   files and thumbnails lead to and uploads go to (see: [Note: Where blob
//   URLs point]).
// - `img-src 'self' blob: data:`: the favicon; photos the viewer shows from
//   decrypted `blob:` URLs; thumbnails, which the sync and public album
//   workers hand over as `data:` URLs, and the two-factor QR code. Images
//   cannot run script, so `data:` images risk nothing.
// - `media-src blob:`: videos play from decrypted `blob:` URLs.
// - `font-src 'self'`: Inter, bundled under `/assets/`.
// - `style-src 'self'` and the hashes of the page's inline `<style>` (the
//   background shown before the stylesheet loads), not `'unsafe-inline'`.
//   React's `style` props are set through the CSSOM (`element.style`),
//   which a policy does not govern, so they need nothing.
// - `object-src 'none'`, `base-uri 'none'`, `form-action 'none'` (every form
//   is handled by script; none submits), `frame-ancestors 'none'` (no one
//   may frame an app: clickjacking).
// - Features may add origins: `connect-src` for what they fetch, `img-src`
//   for what they show directly. The photos app's map adds a tile service's
//   origin to both when the server is configured with one, and nothing
//   otherwise: its offline basemap is bundled and a PMTiles archive comes
//   from the app's or the API's origin, both allowed already (see: [Note:
//   The map's basemap]).

/** The origins a feature adds to the policy. See: [Note: The web apps' Content-Security-Policy] */
export interface ExtraOrigins {
  connect?: readonly string[];
  img?: readonly string[];
}

export interface ContentSources {
  /** The API's public URL. */
  apiURL: string;
  /** Where the blob store's URLs point. See: [Note: Where blob URLs point] */
  blobOrigins: readonly string[];
  /** `'sha256-…'` sources of the page's inline `<style>` elements. */
  inlineStyleHashes: readonly string[];
  extraOrigins?: ExtraOrigins;
}

/** An origin as a source expression: a URL with a path would allow that path only. */
const originOf = (url: string): string => new URL(url).origin;

const sourceList = (sources: readonly string[]): string => [...new Set(sources)].join(" ");

/**
 * The policy's header value for `sources`.
 * See: [Note: The web apps' Content-Security-Policy]
 */
export const contentSecurityPolicy = ({
  apiURL,
  blobOrigins,
  inlineStyleHashes,
  extraOrigins = {},
}: ContentSources): string => {
  const directives: [string, string[]][] = [
    ["default-src", ["'none'"]],
    ["script-src", ["'self'", "'wasm-unsafe-eval'"]],
    ["worker-src", ["'self'"]],
    [
      "connect-src",
      [
        "'self'",
        originOf(apiURL),
        ...blobOrigins.map(originOf),
        ...(extraOrigins.connect ?? []).map(originOf),
      ],
    ],
    ["img-src", ["'self'", "blob:", "data:", ...(extraOrigins.img ?? []).map(originOf)]],
    ["media-src", ["blob:"]],
    ["font-src", ["'self'"]],
    ["style-src", ["'self'", ...inlineStyleHashes]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'none'"]],
    ["form-action", ["'none'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sourceList(sources)}`).join("; ");
};
