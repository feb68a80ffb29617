// Starts the tab's account worker in the browser (vite-plugin-comlink) and
// gives back its API with typed errors revived on this side.

import { transfer } from "comlink";
import { endpointSymbol } from "vite-plugin-comlink/symbol";
import type { AccountWorker, LibraryKeyringHost } from "../../../workers/account/account-worker";
import { withRevivedAccountErrors } from "./revived-account-worker";

export interface BrowserAccountWorker {
  api: AccountWorker;
  /** Hands keyring ports to the library's workers (the port is transferred). */
  keyringHost: LibraryKeyringHost;
  /** Stops the worker; its keys are gone with it. */
  terminate(): void;
}

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnAccountWorker = () => {
  const worker = new ComlinkWorker<typeof import("../../../workers/account/account.worker")>(
    new URL("../../../workers/account/account.worker", import.meta.url),
    { type: "module", name: "account" },
  );
  return worker;
};

let tabWorker: BrowserAccountWorker | undefined;
/** The worker started ahead of the app's account service, not yet taken by it. */
let prestartedWorker: ReturnType<typeof spawnAccountWorker> | undefined;

/**
 * Starts the tab's account worker before anything renders, so that its
 * start overlaps the runtime configuration's fetch and the first render.
 * See: [Note: The account worker starts with the page]
 */
export const prestartAccountWorker = (): void => {
  if (tabWorker !== undefined) return;
  prestartedWorker ??= spawnAccountWorker();
};

/** The tab's account worker (the prestarted one, if any). Create one per tab: the keys live in it. */
export const startBrowserAccountWorker = (): BrowserAccountWorker => {
  const worker = prestartedWorker ?? spawnAccountWorker();
  prestartedWorker = undefined;
  tabWorker = {
    api: withRevivedAccountErrors(worker),
    keyringHost: {
      exposeLibraryKeyring: (port) => worker.exposeLibraryKeyring(transfer(port, [port])),
    },
    terminate: () => {
      worker[endpointSymbol].terminate();
    },
  };
  return tabWorker;
};

/** The account worker this tab started, if any (the library's workers take keyring ports from it). */
export const tabAccountWorker = (): BrowserAccountWorker | undefined => tabWorker;
