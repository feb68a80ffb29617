// Typed errors of the crypto layer. libsodium throws plain `Error`s (and, on a
// failed allocation, a plain object); every public function of `shared/crypto`
// wraps them into one of these classes so callers branch on the class, never
// on a message.

// [Note: Crypto errors are identified by a literal name]
//
// Each class sets `name` to a string literal instead of relying on
// `constructor.name`: minifiers rename classes, and the name is what survives a
// worker boundary. Comlink and structured clone carry an error's `name` and
// `message` but not its class, so the caller side revives the class from the
// name with `reviveCryptoError`. A name therefore must never change once
// shipped, and every class must be listed in `cryptoErrorClasses`.

/** Base class of every error thrown by `shared/crypto`. */
export class CryptoError extends Error {
  override readonly name: string = "CryptoError";
}

/** Authentication failed: wrong key, or the ciphertext (or its nonce/header) was tampered with. */
export class DecryptionError extends CryptoError {
  override readonly name = "DecryptionError";
}

/** A stream ended without a chunk tagged FINAL (the end was cut off). */
export class TruncatedStreamError extends CryptoError {
  override readonly name = "TruncatedStreamError";
}

/** Ciphertext continued after the chunk tagged FINAL. */
export class DataAfterFinalError extends CryptoError {
  override readonly name = "DataAfterFinalError";
}

/** A stream or hash state was used after it finished, failed or was disposed. */
export class StreamClosedError extends CryptoError {
  override readonly name = "StreamClosedError";
}

/** Text that should be base64 (in the expected variant) is not. */
export class InvalidBase64Error extends CryptoError {
  override readonly name = "InvalidBase64Error";
}

/** Text that should be hexadecimal is not. */
export class InvalidHexError extends CryptoError {
  override readonly name = "InvalidHexError";
}

/** Bytes that should be UTF-8 text are not valid UTF-8. */
export class InvalidUTF8Error extends CryptoError {
  override readonly name = "InvalidUTF8Error";
}

/** Decrypted bytes that should hold JSON do not parse. */
export class InvalidJSONError extends CryptoError {
  override readonly name = "InvalidJSONError";
}

/** A key, nonce, header, salt or other fixed-size value has the wrong size. */
export class InvalidLengthError extends CryptoError {
  override readonly name = "InvalidLengthError";
}

/** Argon2id could not allocate memory even at the lowest allowed memory limit. */
export class InsufficientMemoryError extends CryptoError {
  override readonly name = "InsufficientMemoryError";
}

/** The recovery key is neither a valid 24-word mnemonic nor 64 hex digits. */
export class InvalidRecoveryKeyError extends CryptoError {
  override readonly name = "InvalidRecoveryKeyError";
}

/** The server's SRP value B is out of range (a broken or malicious server). */
export class SRPProtocolError extends CryptoError {
  override readonly name = "SRPProtocolError";
}

/** The server's SRP proof M2 does not match: the server does not know the verifier. */
export class SRPServerProofMismatchError extends CryptoError {
  override readonly name = "SRPServerProofMismatchError";
}

/** A crypto worker was asked about a stream, hash or SRP session it does not hold. */
export class UnknownCryptoSessionError extends CryptoError {
  override readonly name = "UnknownCryptoSessionError";
}

/** A synchronous helper ran before libsodium finished loading. */
export class SodiumNotReadyError extends CryptoError {
  override readonly name = "SodiumNotReadyError";
}

type CryptoErrorClass = new (message?: string, options?: ErrorOptions) => CryptoError;

/** Every crypto error class, by its name. See: [Note: Crypto errors are identified by a literal name] */
const cryptoErrorClasses = {
  CryptoError,
  DecryptionError,
  TruncatedStreamError,
  DataAfterFinalError,
  StreamClosedError,
  InvalidBase64Error,
  InvalidHexError,
  InvalidUTF8Error,
  InvalidJSONError,
  InvalidLengthError,
  InsufficientMemoryError,
  InvalidRecoveryKeyError,
  SRPProtocolError,
  SRPServerProofMismatchError,
  UnknownCryptoSessionError,
  SodiumNotReadyError,
} satisfies Record<string, CryptoErrorClass>;

export type CryptoErrorName = keyof typeof cryptoErrorClasses;

export const isCryptoErrorName = (name: unknown): name is CryptoErrorName =>
  typeof name === "string" && Object.hasOwn(cryptoErrorClasses, name);

/** Builds the crypto error named `name` (e.g. from a worker's reply). */
export const cryptoErrorFromName = (name: CryptoErrorName, message: string): CryptoError =>
  new cryptoErrorClasses[name](message);

/**
 * Gives back the typed crypto error that `error` stands for when it crossed a
 * worker boundary (an `Error`-like value whose `name` is a crypto error name),
 * or `error` unchanged otherwise.
 *
 * See: [Note: Crypto errors are identified by a literal name]
 */
export const reviveCryptoError = (error: unknown): unknown => {
  if (error instanceof CryptoError) return error;
  if (typeof error !== "object" || error === null) return error;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (!isCryptoErrorName(name)) return error;
  return cryptoErrorFromName(name, typeof message === "string" ? message : "");
};

/** The name under which `error` travels: its crypto error name, or "CryptoError" for anything else. */
export const cryptoErrorNameOf = (error: unknown): CryptoErrorName =>
  error instanceof CryptoError && isCryptoErrorName(error.name) ? error.name : "CryptoError";

/** A short description of an arbitrary thrown value, for error messages. */
export const describeThrown = (thrown: unknown): string => {
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === "object" && thrown !== null && "message" in thrown) {
    if (typeof thrown.message === "string") return thrown.message;
  }
  return String(thrown);
};
