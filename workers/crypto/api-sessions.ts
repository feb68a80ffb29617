// Streaming sessions of the crypto worker: Stream encryption/decryption of
// file contents chunk by chunk, and incremental hashing, with the libsodium
// state kept here behind an id. See: [Note: Stream chunk size]

import { transfer } from "comlink";
import {
  type HashState,
  type StreamDecryptor,
  type StreamEncryptor,
  UnknownCryptoSessionError,
  fromB64,
  generateBlobOrStreamKey,
  hashBytesB64 as hashBytesB64Shared,
  initHash,
  initStreamDecryption,
  initStreamEncryption,
  toB64,
} from "../../shared/crypto";
import { SessionTable } from "./sessions";
import { transferableBytes } from "./transfer";

// [Note: Stream chunks are ordered by the worker's message queue]
//
// The chunk functions below are synchronous: each chunk is encrypted or
// decrypted entirely within the handling of its message. A worker handles
// messages one at a time and in the order they were posted, so a caller may
// post the next chunk of a session before the previous one has come back
// (keeping the worker busy across the round trip) and the chunks are still
// processed in order. Making them async would allow interleaving at an await.

type StreamSession =
  | { direction: "encrypt"; encryptor: StreamEncryptor }
  | { direction: "decrypt"; decryptor: StreamDecryptor };

const streams = new SessionTable<StreamSession>("stream");
const hashes = new SessionTable<HashState>("hash");

export interface EncryptionStreamOpened {
  streamID: number;
  decryptionHeaderB64: string;
  /** The stream's key: the one given, or a freshly generated file key. */
  keyB64: string;
}

/** Opens a Stream encryption session under `keyB64`, or under a new file key if none is given. */
export const openEncryptionStream = async (keyB64?: string): Promise<EncryptionStreamOpened> => {
  const key = keyB64 === undefined ? await generateBlobOrStreamKey() : fromB64(keyB64);
  const encryptor = await initStreamEncryption(key);
  return {
    streamID: streams.open({ direction: "encrypt", encryptor }),
    decryptionHeaderB64: toB64(encryptor.decryptionHeader),
    keyB64: keyB64 ?? toB64(key),
  };
};

const encryptorOf = (streamID: number): StreamEncryptor => {
  const session = streams.get(streamID);
  if (session.direction === "encrypt") return session.encryptor;
  throw new UnknownCryptoSessionError(`Stream ${streamID} is a decryption session`);
};

const decryptorOf = (streamID: number): StreamDecryptor => {
  const session = streams.get(streamID);
  if (session.direction === "decrypt") return session.decryptor;
  throw new UnknownCryptoSessionError(`Stream ${streamID} is an encryption session`);
};

/**
 * Encrypts the next plaintext chunk (4 MiB except the last) of a session;
 * `isFinal` ends and closes it. The ciphertext comes back transferred.
 * See: [Note: Stream chunks are ordered by the worker's message queue]
 */
export const encryptStreamChunk = (
  streamID: number,
  chunk: Uint8Array,
  isFinal: boolean,
): Uint8Array => {
  const encryptor = encryptorOf(streamID);
  let encrypted: Uint8Array<ArrayBuffer>;
  try {
    encrypted = transferableBytes(encryptor.push(chunk, isFinal));
  } catch (e) {
    closeStream(streamID);
    throw e;
  }
  if (isFinal) streams.remove(streamID);
  return transfer(encrypted, [encrypted.buffer]);
};

/** Opens a Stream decryption session. */
export const openDecryptionStream = async (
  decryptionHeaderB64: string,
  keyB64: string,
): Promise<number> => {
  const decryptor = await initStreamDecryption(fromB64(decryptionHeaderB64), fromB64(keyB64));
  return streams.open({ direction: "decrypt", decryptor });
};

export interface DecryptedStreamChunk {
  plaintext: Uint8Array;
  isFinal: boolean;
}

/**
 * Decrypts the next ciphertext chunk (4 MiB + 17 bytes except the last) of a
 * session. The session closes at the FINAL chunk or on the first failure
 * (`DecryptionError`). The plaintext comes back transferred.
 * See: [Note: Stream chunks are ordered by the worker's message queue]
 */
export const decryptStreamChunk = (streamID: number, chunk: Uint8Array): DecryptedStreamChunk => {
  const decryptor = decryptorOf(streamID);
  let result: DecryptedStreamChunk;
  try {
    const { plaintext, isFinal } = decryptor.pull(chunk);
    result = { plaintext: transferableBytes(plaintext), isFinal };
  } catch (e) {
    closeStream(streamID);
    throw e;
  }
  if (result.isFinal) streams.remove(streamID);
  return transfer(result, [result.plaintext.buffer]);
};

/** Closes a stream session, freeing its state; closing a closed or unknown session does nothing. */
export const closeStream = (streamID: number): void => {
  const session = streams.remove(streamID);
  if (session?.direction === "encrypt") session.encryptor.dispose();
  if (session?.direction === "decrypt") session.decryptor.dispose();
};

/** How many stream sessions this worker holds open (for tests and diagnostics). */
export const openStreamCount = (): number => streams.size;

/** The base64 BLAKE2b-512 of `data`. */
export const hashBytesB64 = (data: Uint8Array): Promise<string> => hashBytesB64Shared(data);

/** Opens an incremental BLAKE2b-512 hash. */
export const openHash = async (): Promise<number> => hashes.open(await initHash());

/** Feeds the next chunk to a hash. */
export const updateHash = (hashID: number, chunk: Uint8Array): void => {
  hashes.get(hashID).update(chunk);
};

/** Ends a hash: its base64 BLAKE2b-512. */
export const finalizeHashB64 = (hashID: number): string => {
  const hash = hashes.get(hashID);
  hashes.remove(hashID);
  return hash.finalizeB64();
};

/** Abandons a hash; closing a finalized or unknown hash does nothing. */
export const closeHash = (hashID: number): void => {
  hashes.remove(hashID)?.dispose();
};
