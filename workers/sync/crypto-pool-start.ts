// The sync worker's crypto pool, started by the first module the worker
// evaluates. See: [Note: The crypto workers start before the sync worker's modules]

import { type BrowserCryptoPool, createBrowserCryptoPool } from "../crypto/browser-pool";

// [Note: The sync worker starts its crypto workers at once]
//
// The page starts this worker as soon as it knows a user is logged in, long
// before it can call `open` (that needs the runtime configuration and the
// account worker's keyring). Starting the crypto workers now, and making each
// load libsodium with a call that costs nothing, overlaps their start (module,
// WebAssembly) with the page's; otherwise they would start at the first
// decrypt, on the path to the first screen.
// See: [Note: The gallery's first screen opens before the library]

// [Note: The crypto workers start before the sync worker's modules]
//
// A module worker evaluates every module it imports, in import order, before
// its entry's own statements. The sync worker's modules took 250–290 ms to
// evaluate at a reload (zod's schemas of every endpoint, Dexie, the
// gallery's services), and only then did the entry ask for the crypto
// workers, whose own start (fetching and compiling their module,
// instantiating libsodium) took another 200 ms: the first screen, which
// needs them to open its record and thumbnails, waited for both in turn.
// This module is the entry's first import and depends only on the pool's
// small modules, so the workers are asked for before the rest evaluates.
// A nested worker's start still needs its parent's event loop, so measured
// at a reload they start as that evaluation ends (about 410 ms after the
// navigation, against 637 ms before, with the lighter evaluation); starting
// them truly beside it would need the page to start them, or an entry that
// yields after asking.

/** A pool started, each of its workers asked for a trivial hash so that it loads libsodium. */
export const startCryptoPool = (): BrowserCryptoPool => {
  const started = createBrowserCryptoPool();
  // Concurrent calls go to the least busy worker: one call lands on each.
  for (let index = 0; index < started.size; index++) {
    started.hashBytesB64(new Uint8Array(0)).catch(() => undefined);
  }
  return started;
};

let prestarted: BrowserCryptoPool | undefined = startCryptoPool();

/** The pool started with the worker (handed over once), else a new one. */
export const takeCryptoPool = (): BrowserCryptoPool => {
  const pool = prestarted ?? startCryptoPool();
  prestarted = undefined;
  return pool;
};
