// The tab's authenticator as view state: one worker per logged-in tab of the
// auth app, started by the /auth page and kept until logout, and jotai atoms
// with what it last reported. The UI thread hands the worker a keyring port
// from the account worker and the session token; it never sees a key.
// See: [Note: Library workers get keys through a keyring, never the master key]

import { proxy, transfer } from "comlink";
import { atom, getDefaultStore } from "jotai";
import { clientPackages } from "../../../shared/api/headers";
import type { AuthenticatorState } from "../../../workers/authenticator/authenticator-contract";
import { log } from "../../common/log/log";
import { localStore } from "../../common/storage/local-store";
import { tabAccountWorker } from "../../common/workers/browser-account-worker";
import { type AuthenticatorClient, authenticatorClientOver } from "./authenticator-client";
import {
  type BrowserAuthenticatorWorker,
  startBrowserAuthenticatorWorker,
} from "./browser-authenticator-worker";

/** What the worker last reported; undefined until it has opened. */
export const authenticatorStateAtom = atom<AuthenticatorState | undefined>(undefined);
export const authenticatorClientAtom = atom<AuthenticatorClient | undefined>(undefined);

/**
 * [Note: The auth app syncs at start, on focus, every few minutes and back online]
 *
 * Codes change seldom and another device's change should show without a
 * reload: a sync when the app opens, when its window gains focus, when the
 * browser is back online (sending what was changed offline), and every
 * five minutes while it stays open.
 */
export const authenticatorSyncIntervalMs = 5 * 60 * 1000;

let tabAuthenticator: { worker: BrowserAuthenticatorWorker; stop: () => void } | undefined;

/**
 * Starts the tab's authenticator if it is not running and the tab has an
 * unlocked account. The worker stops itself when the account locks (logout).
 */
export const ensureTabAuthenticator = (apiOrigin: string): void => {
  if (tabAuthenticator !== undefined) return;
  const user = localStore.get("user");
  const accountWorker = tabAccountWorker();
  if (user?.token === undefined || accountWorker === undefined) return;
  const store = getDefaultStore();
  const worker = startBrowserAuthenticatorWorker();
  const { api } = worker;

  const sync = () => {
    api.sync().catch((e: unknown) => {
      log.error("Could not sync the codes", e);
    });
  };
  const onOnline = () => {
    api.setOnline(true).catch(() => undefined);
    sync();
  };
  const onOffline = () => void api.setOnline(false).catch(() => undefined);
  const interval = setInterval(sync, authenticatorSyncIntervalMs);
  window.addEventListener("focus", sync);
  window.addEventListener("online", onOnline);
  window.addEventListener("offline", onOffline);

  const stop = () => {
    clearInterval(interval);
    window.removeEventListener("focus", sync);
    window.removeEventListener("online", onOnline);
    window.removeEventListener("offline", onOffline);
    tabAuthenticator = undefined;
    store.set(authenticatorStateAtom, undefined);
    store.set(authenticatorClientAtom, undefined);
  };
  tabAuthenticator = { worker, stop };

  const channel = new MessageChannel();
  const exposing = accountWorker.keyringHost.exposeLibraryKeyring(channel.port1);
  const opening = api.open(
    {
      apiOrigin,
      clientPackage: clientPackages.authWeb,
      userID: user.id,
      token: user.token,
      online: navigator.onLine,
    },
    transfer(channel.port2, [channel.port2]),
    proxy((state: AuthenticatorState | "stopped") => {
      if (state === "stopped") {
        stop();
        // Long enough to answer the lock signal, which the worker does right after.
        setTimeout(() => {
          worker.terminate();
        }, 1000);
      } else store.set(authenticatorStateAtom, state);
      return Promise.resolve();
    }),
  );
  Promise.all([exposing, opening]).then(
    () => {
      store.set(authenticatorClientAtom, authenticatorClientOver(api));
    },
    (e: unknown) => {
      log.error("Could not open the codes", e);
    },
  );
};
