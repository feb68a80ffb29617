import { blobOriginsFor } from "../blobs/blob-origins";
import type { BlobStoreConfig, Listener, WebApp } from "../config/config";
import { sendsHSTS, strictTransportSecurity } from "../http/strict-transport-security";
import { contentSecurityPolicy, type ExtraOrigins } from "./content-security-policy";

// [Note: Every app answer carries the security headers]
//
// The app host sends the same headers with every answer, not only with
// `index.html`: a dedicated worker takes its Content-Security-Policy and its
// Cross-Origin-Embedder-Policy from its own script's answer (an `/assets/`
// file), and a worker script without the page's COEP is refused outright.
// - `Content-Security-Policy`: see [Note: The web apps' Content-Security-Policy].
// - `X-Frame-Options: DENY`: `frame-ancestors 'none'` for browsers without CSP 2.
// - `Cross-Origin-Opener-Policy: same-origin` and
//   `Cross-Origin-Embedder-Policy: credentialless` make the apps cross-origin
//   isolated (`crossOriginIsolated`): `SharedArrayBuffer` and threads in
//   WebAssembly, and precise timers for measuring. `credentialless` rather
//   than `require-corp`: every cross-origin fetch of the apps (API, S3) is a
//   CORS request, which COEP lets through either way, and `credentialless`
//   does not refuse a no-cors load from a server that sends no
//   `Cross-Origin-Resource-Policy` (S3 sends none, nor would a tile server);
//   it only sends such loads without cookies. COOP severs `window.opener`
//   across origins; no app opens another app's window and talks to it.
// - `Cross-Origin-Resource-Policy: same-origin`: no other site may load an
//   app's files as no-cors subresources.
// - `Permissions-Policy`: only the powerful features the apps use, and only
//   for themselves (see `permissions` below).
// - `X-Content-Type-Options: nosniff`, `Referrer-Policy: no-referrer`
//   (public album URLs carry their access token in the query: it must not
//   leak to other sites through `Referer`).
// - `Strict-Transport-Security` when the app's public URL is https
//   (see: [Note: HSTS only over https]).

/** What the headers of one app depend on, known once every listener is bound. */
export interface WebAppOrigins {
  /** The app served: the auth app may use the camera. */
  app?: WebApp;
  /** This app's public URL. */
  appURL: string;
  /** The API's public URL. */
  apiURL: string;
  /** See: [Note: Where blob URLs point] */
  blobOrigins: readonly string[];
  extraOrigins?: ExtraOrigins;
}

/**
 * Each feature the policy names: the ones the apps use are allowed to the
 * app itself (`self`), every other is refused (`()`), including to anything
 * an app might one day embed. Only features Chromium knows are listed: an
 * unknown one is an error in the console.
 */
const permissions: readonly (readonly [feature: string, allowed: "self" | "none"])[] = [
  ["accelerometer", "none"],
  // The viewer starts a video as it opens.
  ["autoplay", "self"],
  ["browsing-topics", "none"],
  // The auth app's QR scanner: see `appPermissions`.
  ["camera", "none"],
  ["clipboard-read", "none"],
  // Copying the recovery key, a two-factor secret, a share link, a photo.
  ["clipboard-write", "self"],
  ["display-capture", "none"],
  ["encrypted-media", "none"],
  // A video's full screen control.
  ["fullscreen", "self"],
  ["geolocation", "none"],
  ["gyroscope", "none"],
  ["hid", "none"],
  ["idle-detection", "none"],
  ["magnetometer", "none"],
  ["microphone", "none"],
  ["midi", "none"],
  ["payment", "none"],
  // A video's picture-in-picture control.
  ["picture-in-picture", "self"],
  // Passkeys (the accounts app, and the login's passkey step).
  ["publickey-credentials-create", "self"],
  ["publickey-credentials-get", "self"],
  ["screen-wake-lock", "none"],
  ["serial", "none"],
  ["usb", "none"],
  ["xr-spatial-tracking", "none"],
];

/** Features one app uses beyond the others': the auth app scans a code's QR with the camera. */
const appPermissions: Partial<Record<WebApp, readonly string[]>> = { auth: ["camera"] };

/** The `Permissions-Policy` of `app` (of an app without features of its own when undefined). */
export const permissionsPolicyFor = (app: WebApp | undefined): string =>
  permissions
    .map(([feature, allowed]) =>
      allowed === "self" || (app !== undefined && appPermissions[app]?.includes(feature) === true)
        ? `${feature}=(self)`
        : `${feature}=()`,
    )
    .join(", ");

export const permissionsPolicy = permissionsPolicyFor(undefined);

/**
 * The headers of every answer of an app host, for the app's origins and its
 * page's inline style hashes. See: [Note: Every app answer carries the security headers]
 */
export const webAppSecurityHeaders = (
  { app, appURL, apiURL, blobOrigins, extraOrigins }: WebAppOrigins,
  inlineStyleHashes: readonly string[],
): Record<string, string> => ({
  "Content-Security-Policy": contentSecurityPolicy({
    apiURL,
    blobOrigins,
    inlineStyleHashes,
    ...(extraOrigins === undefined ? {} : { extraOrigins }),
  }),
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "credentialless",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Permissions-Policy": permissionsPolicyFor(app),
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "no-referrer",
  ...(sendsHSTS(appURL) ? { "Strict-Transport-Security": strictTransportSecurity } : {}),
});

/**
 * The origins of `app` in a deployment with these public URLs and this blob
 * store, and those its features add (the photos app's map tiles).
 */
export const webAppOriginsFor = (
  app: WebApp,
  urls: Readonly<Record<Listener, string>>,
  blobs: BlobStoreConfig,
  extraOrigins?: ExtraOrigins,
): WebAppOrigins => ({
  app,
  appURL: urls[app],
  apiURL: urls.api,
  blobOrigins: blobOriginsFor(blobs, urls.api),
  ...(extraOrigins === undefined ? {} : { extraOrigins }),
});
