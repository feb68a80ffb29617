// How many crypto workers to run.

// [Note: Crypto pool size]
//
// One worker per core but one (the UI thread, and the sync and media workers,
// need a core too), clamped to 2–4:
// - at least 2, so that a multi-second Argon2id derivation or a large file's
//   stream in one worker never stalls the batch decryptions of sync;
// - at most 4, because each worker instantiates its own libsodium heap (which
//   grows to hundreds of MiB during Argon2id and holds two 4 MiB buffers per
//   chunk in flight), and past 4 workers sync and upload are bound by the
//   network, IndexedDB and the disk rather than by crypto.

export const MIN_CRYPTO_WORKERS = 2;
export const MAX_CRYPTO_WORKERS = 4;
/** Assumed when the platform does not say (`navigator.hardwareConcurrency` may be absent). */
const DEFAULT_CORES = 4;

/** The pool size for a machine with `cores` logical cores. See: [Note: Crypto pool size] */
export const cryptoPoolSize = (cores: number | undefined): number => {
  const usable = (cores !== undefined && cores >= 1 ? Math.floor(cores) : DEFAULT_CORES) - 1;
  return Math.min(MAX_CRYPTO_WORKERS, Math.max(MIN_CRYPTO_WORKERS, usable));
};
