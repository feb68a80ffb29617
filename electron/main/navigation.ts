import { appOrigin } from "./app-protocol";

// [Note: Where the desktop window may go]
//
// The window shows the photos app and nothing else, because its preload
// gives whatever page it shows `window.electron`.
// - The window may navigate only within the app's own origins: the served
//   origin (see: [Note: The desktop window's app origin]) and, in
//   development only, the Vite dev server of `ELECTRON_RENDERER_URL`.
// - A link to anywhere else that a browser can show (`http:`, `https:`) or
//   a mail (`mailto:`) is opened by the user's own browser or mail client,
//   from `will-navigate`, `will-redirect` and `window.open` alike, and the
//   window stays where it is.
// - Every other scheme (`file:`, `javascript:`, `data:`, `cairn:`, custom
//   OS handlers) is refused and logged: handing an arbitrary URL to
//   `shell.openExternal` can launch programs.
// - No new window is ever created.

export type NavigationDecision = "allow" | "open-external" | "refuse";

const externalSchemes = new Set(["http:", "https:", "mailto:"]);

/**
 * `scheme://host[:port]` of a URL. Node's `URL#origin` is "null" for a
 * scheme it does not know as standard (`cairn-app:`), while Chromium, which
 * was told the scheme is standard, gives it a real origin; this agrees with
 * Chromium for both.
 */
const originOf = (url: URL): string => `${url.protocol}//${url.host}`;

/** The origins the window may show: the served origin, and the dev server's when one is set. */
export function ownOriginsFor(devRendererURL: string | undefined): string[] {
  if (devRendererURL === undefined || devRendererURL === "") return [appOrigin];
  return [appOrigin, originOf(new URL(devRendererURL))];
}

/** What to do when the window is about to go to `target`. See: [Note: Where the desktop window may go] */
export function navigationDecision(
  target: string,
  ownOrigins: readonly string[],
): NavigationDecision {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return "refuse";
  }
  if (url.host !== "" && ownOrigins.includes(originOf(url))) return "allow";
  return externalSchemes.has(url.protocol) ? "open-external" : "refuse";
}

/** The parts of `webContents` the guard uses. */
export interface GuardedContents {
  on(
    event: "will-navigate" | "will-redirect",
    listener: (event: { url: string; preventDefault(): void }) => void,
  ): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: "deny" }): void;
}

export interface NavigationGuardOptions {
  ownOrigins: readonly string[];
  openExternal: (url: string) => Promise<void>;
  log: (message: string) => void;
}

/** Installs the guard on a window's contents. See: [Note: Where the desktop window may go] */
export function guardNavigation(
  contents: GuardedContents,
  { ownOrigins, openExternal, log }: NavigationGuardOptions,
): void {
  const leave = (url: string, decision: Exclude<NavigationDecision, "allow">) => {
    if (decision === "open-external") {
      openExternal(url).catch((error: unknown) => {
        log(`Could not open a link in the browser: ${String(error)}`);
      });
    } else {
      // The scheme only: a refused URL can carry anything.
      log(`Refused to open a ${schemeOf(url)} URL from the app window`);
    }
  };
  const onNavigation = (event: { url: string; preventDefault(): void }) => {
    const decision = navigationDecision(event.url, ownOrigins);
    if (decision === "allow") return;
    event.preventDefault();
    leave(event.url, decision);
  };
  contents.on("will-navigate", onNavigation);
  contents.on("will-redirect", onNavigation);
  contents.setWindowOpenHandler(({ url }) => {
    // Even the app's own origin opens no second window: the app has one.
    const decision = navigationDecision(url, []);
    leave(url, decision === "open-external" ? decision : "refuse");
    return { action: "deny" };
  });
}

const schemeOf = (url: string): string => {
  try {
    return new URL(url).protocol;
  } catch {
    return "malformed";
  }
};
