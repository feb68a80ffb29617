// Per-item results of batch decryption. One corrupt record must not fail the
// thousand others decrypted with it, so batch decryptions report each item's
// outcome instead of throwing.
// See: [Note: Crypto errors are identified by a literal name]

// See: [Note: The UI thread never loads libsodium]
import {
  type CryptoError,
  type CryptoErrorName,
  cryptoErrorFromName,
  cryptoErrorNameOf,
  describeThrown,
} from "../../shared/crypto/errors";

/** An item's outcome as it crosses the worker boundary (errors by name). */
export type SettledWire<T> =
  { ok: true; value: T } | { ok: false; errorName: CryptoErrorName; message: string };

/** An item's outcome on the caller's side, with the typed error revived. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: CryptoError };

/** Runs `work`, capturing a failure as a named error. */
export const settle = async <T>(work: () => Promise<T>): Promise<SettledWire<T>> => {
  try {
    return { ok: true, value: await work() };
  } catch (e) {
    return { ok: false, errorName: cryptoErrorNameOf(e), message: describeThrown(e) };
  }
};

/** The caller-side form of a settled item. */
export const reviveSettled = <T>(settled: SettledWire<T>): Settled<T> =>
  settled.ok
    ? settled
    : { ok: false, error: cryptoErrorFromName(settled.errorName, settled.message) };

/** A key opened with the JSON Blobs under it, as it crosses the worker boundary (in the item's order). */
export interface OpenedKeyAndJSONBlobsWire {
  keyB64: string;
  values: SettledWire<unknown>[];
}

/** A key opened with the JSON Blobs under it, each Blob settled alone (caller side). */
export interface OpenedKeyAndJSONBlobs {
  keyB64: string;
  values: Settled<unknown>[];
}

/** The caller-side form of a settled key with its Blobs. */
export const reviveOpenedKeyAndJSONBlobs = (
  wire: SettledWire<OpenedKeyAndJSONBlobsWire>,
): Settled<OpenedKeyAndJSONBlobs> => {
  if (!wire.ok) return reviveSettled(wire);
  const { keyB64, values } = wire.value;
  return { ok: true, value: { keyB64, values: values.map(reviveSettled) } };
};
