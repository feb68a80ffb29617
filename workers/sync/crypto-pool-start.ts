// The sync worker's crypto pool: over the crypto worker the page started
// beside it, grown once the stored library is loaded; else (a page that started
// none) over workers of its own.

import { cryptoPoolSize } from "../../shared/crypto/pool-size";
import {
  type AdoptedCryptoPool,
  type BrowserCryptoPool,
  createBrowserCryptoPool,
  cryptoPoolOverPorts,
} from "../crypto/browser-pool";

// [Note: The page starts the sync worker's crypto workers]
//
// The gallery's first screen needs a crypto worker to open its sealed record
// and its thumbnails. Started by the sync worker (nested workers), the
// crypto workers could only be asked for once the sync worker's own modules
// had been fetched and evaluated (zod's schemas of every endpoint, Dexie,
// the gallery's services): at a reload of the 100,000-file gallery they began
// to compile about 930 ms after the navigation and were ready at about
// 1,150 ms, the last thing the first screen waited for. The page now starts
// one with the sync worker, before React renders, and hands the sync worker
// a port to it (`adoptCryptoWorkers`); the worker answers on its port
// (`serveOnPort`), so calls go from the sync worker to it directly, never
// through the UI thread, which holds the worker but never sees a message.
// The page ends it with the sync worker.
//
// One, not the pool's size: on a two-core machine a reload is bound by the
// processors, and every worker started then (its module compiled, libsodium
// instantiated) is taken from the page, the account worker and the sync
// worker. Nine reloads of the 100,000-file gallery gave a median first
// thumbnail of about 1,560 ms with both workers nested, 1,600 ms with both
// started by the page, 1,490 ms with the second one started 300 ms after the
// first screen, and 1,260–1,520 ms (four runs, typically 1,400) with one
// until the library is loaded. The first screen is a record and a few dozen thumbnails, one
// worker's work; the stored library's load after it took about as long with
// one worker as with two (5.3–5.9 s against 4.7–5.8 s at 100,000 files), so
// the pool grows to its size (`cryptoPoolSize`, with workers of the sync
// worker's own) once the library is loaded, or at once without a first
// screen (a first login, whose sync needs the whole pool).
// See: [Note: The sync worker runs its own crypto pool]
// See: [Note: The gallery's first screen opens before the library]

let adopted: AdoptedCryptoPool | undefined;

/** Takes the crypto workers the page started for this worker: one port (transferred) to each. */
export const adoptCryptoPorts = (ports: readonly MessagePort[]): void => {
  adopted?.terminate();
  adopted = ports.length === 0 ? undefined : cryptoPoolOverPorts(ports);
};

/** The pool's size on this machine. See: [Note: Crypto pool size] */
const fullSize = (): number => cryptoPoolSize(navigator.hardwareConcurrency);

/** When the pool may grow: the first screen's answer and the stored library's load. */
export interface PoolGrowthMoments {
  firstScreen: Promise<unknown>;
  loaded: Promise<unknown>;
}

/**
 * Calls `grow` once the stored library is loaded (whether or not that
 * succeeded), or at once when there is no first screen to show first.
 * See: [Note: The page starts the sync worker's crypto workers]
 */
export const growWhenLibraryLoaded = (
  { firstScreen, loaded }: PoolGrowthMoments,
  grow: () => void,
): void => {
  firstScreen.then((screen) => {
    if (screen === undefined) grow();
    else loaded.then(grow, grow);
  }, grow);
};

/**
 * The adopted workers' pool (handed over once) and `growAfter`, which grows
 * it to its size at the moment the note gives; else a full pool of this
 * worker's own.
 */
export const takeCryptoPool = (): {
  pool: BrowserCryptoPool;
  growAfter: (moments: PoolGrowthMoments, isCurrent: () => boolean) => void;
} => {
  const taken = adopted;
  adopted = undefined;
  if (taken === undefined) {
    return { pool: createBrowserCryptoPool(fullSize()), growAfter: () => undefined };
  }
  return {
    pool: taken,
    growAfter: (moments, isCurrent) => {
      growWhenLibraryLoaded(moments, () => {
        if (isCurrent()) taken.growTo(fullSize());
      });
    },
  };
};
