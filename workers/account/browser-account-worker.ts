// Starts the tab's account worker in the browser (vite-plugin-comlink) and
// gives back its API with typed errors revived on this side.

import { endpointSymbol } from "vite-plugin-comlink/symbol";
import type { AccountWorker } from "./account-worker";
import { withRevivedAccountErrors } from "./revive-remote";

export interface BrowserAccountWorker {
  api: AccountWorker;
  /** Stops the worker; its keys are gone with it. */
  terminate(): void;
}

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnAccountWorker = () => {
  const worker = new ComlinkWorker<typeof import("./account.worker")>(
    new URL("./account.worker", import.meta.url),
    { type: "module", name: "account" },
  );
  return worker;
};

/** The tab's account worker. Create one per tab: the keys live in it. */
export const startBrowserAccountWorker = (): BrowserAccountWorker => {
  const worker = spawnAccountWorker();
  return {
    api: withRevivedAccountErrors(worker),
    terminate: () => {
      worker[endpointSymbol].terminate();
    },
  };
};
