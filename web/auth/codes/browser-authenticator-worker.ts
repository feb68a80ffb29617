// Starts the auth app's worker in the browser (vite-plugin-comlink): it holds
// the authenticator key, the codes and their encrypted local copy.

import { endpointSymbol } from "vite-plugin-comlink/symbol";

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnAuthenticatorWorker = () => {
  const worker = new ComlinkWorker<
    typeof import("../../../workers/authenticator/authenticator.worker")
  >(new URL("../../../workers/authenticator/authenticator.worker", import.meta.url), {
    type: "module",
    name: "authenticator",
  });
  return worker;
};

export type AuthenticatorWorkerRemote = ReturnType<typeof spawnAuthenticatorWorker>;

export interface BrowserAuthenticatorWorker {
  api: AuthenticatorWorkerRemote;
  terminate(): void;
}

export const startBrowserAuthenticatorWorker = (): BrowserAuthenticatorWorker => {
  const worker = spawnAuthenticatorWorker();
  return {
    api: worker,
    terminate: () => {
      worker[endpointSymbol].terminate();
    },
  };
};
