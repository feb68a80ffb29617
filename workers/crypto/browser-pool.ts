// The crypto pool hosted in browser workers (vite-plugin-comlink).
// See: [Note: One crypto worker module, three hosts]

import { wrap } from "comlink";
import { endpointSymbol } from "vite-plugin-comlink/symbol";
import { type CryptoPool, createCryptoPool } from "./pool";
import type { CryptoAPI } from "./worker-slots";
import { cryptoPoolSize } from "../../shared/crypto/pool-size";

export interface BrowserCryptoPool extends CryptoPool {
  /** Stops the workers; any session still open is lost. */
  terminate(): void;
}

/** A pool over workers started elsewhere, which can start more of its own. */
export interface AdoptedCryptoPool extends BrowserCryptoPool {
  /** Starts workers of its own until the pool has `size` (never fewer than it has). */
  growTo(size: number): void;
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
  return Object.assign(createCryptoPool({ workers }), {
    terminate: () => {
      for (const worker of workers) worker[endpointSymbol].terminate();
    },
  });
};

/**
 * A crypto pool over ports to workers that someone else started (their
 * `serveOnPort` answers on the other ends). `growTo` adds workers of its own;
 * `terminate` ends those and closes the ports (whoever started the others
 * ends them). See: [Note: The page starts the sync worker's crypto workers]
 */
export const cryptoPoolOverPorts = (ports: readonly MessagePort[]): AdoptedCryptoPool => {
  const pool = createCryptoPool({ workers: ports.map((port) => wrap<CryptoAPI>(port)) });
  const own: ReturnType<typeof spawnCryptoWorker>[] = [];
  return Object.assign(pool, {
    growTo: (size: number) => {
      const added = Array.from({ length: Math.max(0, size - pool.size) }, spawnCryptoWorker);
      own.push(...added);
      pool.addWorkers(added);
    },
    terminate: () => {
      for (const port of ports) port.close();
      for (const worker of own) worker[endpointSymbol].terminate();
    },
  });
};
