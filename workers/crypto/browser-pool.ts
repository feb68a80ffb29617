// The crypto pool hosted in browser workers (vite-plugin-comlink).
// See: [Note: One crypto worker module, three hosts]

import { endpointSymbol } from "vite-plugin-comlink/symbol";
import { type CryptoPool, createCryptoPool } from "./pool";
import { cryptoPoolSize } from "./pool-size";

export interface BrowserCryptoPool extends CryptoPool {
  /** Stops the workers; any session still open is lost. */
  terminate(): void;
}

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnCryptoWorker = () => {
  const worker = new ComlinkWorker<typeof import("./crypto.worker")>(
    new URL("./crypto.worker", import.meta.url),
    { type: "module", name: "crypto" },
  );
  return worker;
};

/**
 * A crypto pool of `size` dedicated workers (by default from
 * `navigator.hardwareConcurrency`, see [Note: Crypto pool size]).
 */
export const createBrowserCryptoPool = (
  size: number = cryptoPoolSize(navigator.hardwareConcurrency),
): BrowserCryptoPool => {
  const workers = Array.from({ length: size }, spawnCryptoWorker);
  return {
    ...createCryptoPool({ workers }),
    terminate: () => {
      for (const worker of workers) worker[endpointSymbol].terminate();
    },
  };
};
