/**
 * [Note: The link scheme and the serving origin]
 *
 * The desktop app has two schemes with two different jobs:
 * - `cairn://` is the *link scheme*: the one registered with the operating
 *   system, so that a `cairn://app/gallery?collection=12` link in a browser,
 *   a mail or a passkey and payment return lands in the desktop app. A link
 *   is never loaded in a window: it is turned into an in-app route
 *   (`/gallery?collection=12`) that the photos app's router opens.
 * - `cairn-app://photos` is the *serving origin*: the privileged scheme the
 *   window loads the bundled app from (see: [Note: The desktop window's app
 *   origin]). The operating system never hears of it.
 *
 * The reference uses one scheme for both (`ente://app`), so a link is also a
 * page of the app. Keeping them apart means anything on the machine can hand
 * us a link, but only the path and query of one of the shape below ever
 * reach the app, and only as a route on its own origin.
 *
 * [Note: Which deep links are routed]
 *
 * A link is routed only when it is exactly `cairn://app/<path>[?query][#fragment]`:
 * - the host must be `app` (in any case): no other host means anything yet,
 *   and refusing them keeps `cairn://evil.example/gallery` from passing for
 *   a link of ours, and other hosts free for a later meaning;
 * - no user, password or port (`cairn://x@app/`, `cairn://app:80/`);
 * - no `.` or `..` path segment, written plainly or percent-encoded: the app
 *   never mints them, and the URL parser would silently resolve
 *   `cairn://app/../x` to `/x`;
 * - no whitespace, control characters or backslashes in the raw link (the
 *   URL parser strips tabs and newlines, which could hide any of the above);
 * - the route must not start with `//`, which a router or `location` could
 *   read as another host (`cairn://app//evil.example/x`).
 * The query and the fragment are kept as written. Anything else is ignored
 * and logged, with the reason but never the link itself: links can carry
 * tokens (passkey and payment returns).
 */
export const linkScheme = "cairn";
export const linkHost = "app";

export type LinkRoute =
  { kind: "route"; route: string } | { kind: "ignored"; reason: IgnoredLinkReason };

export type IgnoredLinkReason =
  | "not-a-url"
  | "other-scheme"
  | "other-host"
  | "credentials-or-port"
  | "unsafe-characters"
  | "dot-segment"
  | "not-a-path";

/** Whitespace, control characters and backslashes. */
const unsafeCharacters = /[\s\p{Cc}\\]/u;

/** A `.` or `..` segment, plain or percent-encoded, in the raw path. */
const dotSegment = /(^|\/)(\.|%2e){1,2}(\/|$)/i;

/** Whether `text` claims our link scheme (it may still be refused). */
export const isAppLink = (text: string): boolean => text.toLowerCase().startsWith(`${linkScheme}:`);

/**
 * The in-app route a link opens, or why it is ignored.
 * See: [Note: Which deep links are routed]
 */
export function routeForLink(link: string): LinkRoute {
  const ignored = (reason: IgnoredLinkReason): LinkRoute => ({ kind: "ignored", reason });
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return ignored("not-a-url");
  }
  if (url.protocol !== `${linkScheme}:`) return ignored("other-scheme");
  if (unsafeCharacters.test(link)) return ignored("unsafe-characters");
  if (url.username !== "" || url.password !== "" || url.port !== "") {
    return ignored("credentials-or-port");
  }
  if (url.host.toLowerCase() !== linkHost) return ignored("other-host");

  // The raw path, as written: between the authority and the query or fragment.
  const afterAuthority = link.slice(`${linkScheme}://`.length).replace(/^[^/?#]*/, "");
  const rawPath = afterAuthority.replace(/[?#].*$/s, "");
  if (dotSegment.test(rawPath)) return ignored("dot-segment");

  const path = url.pathname === "" ? "/" : url.pathname;
  if (!path.startsWith("/") || path.startsWith("//")) return ignored("not-a-path");
  return { kind: "route", route: `${path}${url.search}${url.hash}` };
}

/**
 * The arguments of a command line that claim our link scheme, in order.
 * Other arguments (Chromium's switches, the app's path) are not links and
 * are skipped without a word.
 */
export const linksInArgv = (argv: readonly string[]): string[] => argv.filter(isAppLink);

/** How to register the app as the operating system's handler of the link scheme. */
export interface ProtocolClientRegistration {
  scheme: string;
  /** Set only when running from a development checkout (`electron .`). */
  launch?: { executable: string; args: string[] };
}

/**
 * A packaged app registers itself; `electron .` must register the Electron
 * binary with the app's folder as its argument, or the OS would start a bare
 * Electron for each link.
 */
export function protocolClientRegistration(process: {
  defaultApp?: boolean;
  execPath: string;
  argv: readonly string[];
  resolvePath: (relative: string) => string;
}): ProtocolClientRegistration {
  const appPath = process.argv[1];
  if (process.defaultApp !== true || appPath === undefined) return { scheme: linkScheme };
  return {
    scheme: linkScheme,
    launch: { executable: process.execPath, args: [process.resolvePath(appPath)] },
  };
}
