// The account service of a browser tab: its account worker, the browser's
// storages and the client log. The app creates one at start and hands it to
// the screens through `AccountServiceContext` (account-screens).

import { startBrowserAccountWorker } from "../workers/browser-account-worker";
import { log } from "../log/log";
import { browserLocalStorage } from "../storage/typed-storage";
import { localStore } from "../storage/local-store";
import type { AccountService } from "./account-service";
import { createAccountService } from "./create-account-service";
import { desktopLogoutHooks } from "./desktop-logout-hooks";

const browserSessionStorage = (): Storage | undefined =>
  typeof sessionStorage === "undefined" ? undefined : sessionStorage;

export interface BrowserAccountServiceOptions {
  /** The runtime config's `apiOrigin` (already overridden by local storage `apiEndpoint`). */
  apiOrigin: string | (() => string);
  /** The app's `X-Client-Package` (`clientPackages` in shared/api/headers). */
  clientPackage: string;
}

/** The tab's account service, over a new account worker (one per tab: it holds the keys). */
export const createBrowserAccountService = ({
  apiOrigin,
  clientPackage,
}: BrowserAccountServiceOptions): AccountService =>
  createAccountService({
    apiOrigin,
    clientPackage,
    fetch: (url, init) => fetch(url, init),
    worker: startBrowserAccountWorker().api,
    localStore,
    sessionStorage: browserSessionStorage,
    localStorage: browserLocalStorage,
    indexedDB: typeof indexedDB === "undefined" ? undefined : indexedDB,
    caches: typeof caches === "undefined" ? undefined : caches,
    log,
    ...(typeof window !== "undefined" && window.electron !== undefined
      ? { platform: "desktop" as const, logoutHooks: desktopLogoutHooks }
      : {}),
    timers: {
      setTimeout: (callback, delayMs) => {
        const timer = setTimeout(callback, delayMs);
        return () => {
          clearTimeout(timer);
        };
      },
    },
  });
