// The one place that loads libsodium. Every exported async function of
// `shared/crypto` starts with `await loadSodium()`; synchronous helpers that
// are only reachable after such a call use `readySodium()`.

import sodium, { type StateAddress } from "libsodium-wrappers-sumo";
import { SodiumNotReadyError } from "./errors";

export type Sodium = typeof sodium;

let isLoaded = false;

/** Resolves to libsodium once its WebAssembly module is instantiated. */
export const loadSodium = async (): Promise<Sodium> => {
  if (!isLoaded) {
    await sodium.ready;
    isLoaded = true;
  }
  return sodium;
};

/** libsodium, for synchronous code that runs after `loadSodium()` resolved; throws otherwise. */
export const readySodium = (): Sodium => {
  if (!isLoaded) throw new SodiumNotReadyError("libsodium is not loaded yet (await loadSodium())");
  return sodium;
};

// [Note: Freeing libsodium states]
//
// libsodium.js allocates secretstream and hash states on its WebAssembly heap
// and frees a hash state in `crypto_generichash_final`, but it never frees a
// secretstream state. A worker that decrypts 100,000 Blobs would leak one
// state per Blob, so our stream wrappers free the state themselves, once,
// when the stream reaches FINAL, fails or is disposed. The raw Emscripten
// module (with `_free`) is reachable as `sodium.libsodium`, which the typings
// do not declare, hence the guarded lookup below.

type RawModule = { _free: (address: number) => void; HEAPU8?: Uint8Array };

/** Size of a secretstream state (`crypto_secretstream_xchacha20poly1305_statebytes()`). */
const SECRETSTREAM_STATE_BYTES = 52;

const rawModule = (): RawModule | undefined => {
  const raw: unknown = (readySodium() as unknown as { libsodium?: unknown }).libsodium;
  if (typeof raw !== "object" || raw === null) return undefined;
  const free: unknown = (raw as { _free?: unknown })._free;
  return typeof free === "function" ? (raw as RawModule) : undefined;
};

/**
 * Wipes and frees a secretstream state (it holds the stream's key) on the
 * WebAssembly heap. See: [Note: Freeing libsodium states]
 */
export const freeSecretstreamState = (state: StateAddress): void => {
  // At runtime a state is the heap address (a number), whatever the typings say.
  const address: unknown = state;
  if (typeof address !== "number") return;
  const raw = rawModule();
  if (raw === undefined) return;
  raw.HEAPU8?.fill(0, address, address + SECRETSTREAM_STATE_BYTES);
  raw._free(address);
};
