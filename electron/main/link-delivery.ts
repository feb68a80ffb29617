import { ipcChannels } from "../../shared/desktop/electron-bridge";
import { linksInArgv, routeForLink, type ProtocolClientRegistration } from "./deep-links";

// [Note: How a deep link reaches the photos app]
//
// One instance of the app runs at a time (`requestSingleInstanceLock`). A
// link reaches it in one of three ways:
// - macOS: the `open-url` event, in the running instance, possibly before
//   the app is ready or any window exists (a link can be what launched it);
// - Linux and Windows: the OS starts a second instance with the link in its
//   argv; that instance fails to take the lock and quits, and Electron hands
//   its argv to the first one as `second-instance`;
// - Linux and Windows, first launch: the link is in our own `process.argv`.
// Each link becomes a route (see: [Note: Which deep links are routed]) and
// is sent to the window over `ipcChannels.openURL` once the window's page
// has loaded (its preload is then listening; before that a message would be
// dropped). Until then the route waits here. Only the latest waiting route
// is kept: each link is a navigation, and the last one is where the user
// asked to be. The window is restored and focused with every delivered
// link, and with every second launch of the app even without one.

/** The parts of Electron's `app` the link flow uses. */
export interface LinkApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
  on(
    event: "open-url",
    listener: (event: { preventDefault(): void }, url: string) => void,
  ): unknown;
  on(event: "second-instance", listener: (event: unknown, argv: string[]) => void): unknown;
}

/** The parts of a `BrowserWindow` the link flow uses. */
export interface LinkWindow {
  isMinimized(): boolean;
  restore(): void;
  show(): void;
  focus(): void;
  on(event: "closed", listener: () => void): unknown;
  webContents: {
    send(channel: string, ...args: unknown[]): void;
    on(event: "did-finish-load" | "did-start-loading", listener: () => void): unknown;
  };
}

export interface LinkDeliveryOptions {
  app: LinkApp;
  /** This (first) instance's own command line. */
  argv: readonly string[];
  registration: ProtocolClientRegistration;
  log: (message: string) => void;
  /**
   * Called when a link or a second launch arrives and no window is loaded,
   * e.g. on macOS after the last window was closed. The caller creates the
   * main window if the app is ready and there is none yet.
   */
  ensureWindow: () => void;
}

export interface LinkDelivery {
  /**
   * Follows `window`: links are delivered to it while its page is loaded,
   * and wait while it (re)loads or after it closed.
   */
  follow(window: LinkWindow): void;
}

/**
 * Takes the single instance lock and starts listening for links. Returns
 * undefined in a second instance, which has then asked the app to quit
 * (its argv is already on its way to the first instance).
 * See: [Note: How a deep link reaches the photos app]
 */
export function startLinkDelivery({
  app,
  argv,
  registration,
  log,
  ensureWindow,
}: LinkDeliveryOptions): LinkDelivery | undefined {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return undefined;
  }
  const { scheme, launch } = registration;
  const registered = launch
    ? app.setAsDefaultProtocolClient(scheme, launch.executable, launch.args)
    : app.setAsDefaultProtocolClient(scheme);
  if (!registered) log(`Could not register the app as the handler of ${scheme}:// links`);

  let loaded: LinkWindow | undefined;
  let waitingRoute: string | undefined;

  const bringForward = (window: LinkWindow) => {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };

  const deliverWaiting = () => {
    if (loaded === undefined || waitingRoute === undefined) return;
    loaded.webContents.send(ipcChannels.openURL, waitingRoute);
    waitingRoute = undefined;
    bringForward(loaded);
  };

  const receive = (link: string) => {
    const answer = routeForLink(link);
    if (answer.kind === "ignored") {
      log(`Ignored an open request (${answer.reason})`);
      return;
    }
    waitingRoute = answer.route;
    if (loaded === undefined) ensureWindow();
    else deliverWaiting();
  };

  app.on("open-url", (event, url) => {
    event.preventDefault();
    receive(url);
  });
  app.on("second-instance", (_event, secondArgv) => {
    linksInArgv(secondArgv).forEach(receive);
    if (loaded === undefined) ensureWindow();
    else bringForward(loaded);
  });
  linksInArgv(argv).forEach(receive);

  return {
    follow(window) {
      const forget = () => {
        if (loaded === window) loaded = undefined;
      };
      window.webContents.on("did-finish-load", () => {
        loaded = window;
        deliverWaiting();
      });
      window.webContents.on("did-start-loading", forget);
      window.on("closed", forget);
    },
  };
}
