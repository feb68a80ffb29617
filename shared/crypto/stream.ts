// Stream: `crypto_secretstream_xchacha20poly1305` over 4 MiB plaintext chunks,
// the last one tagged FINAL. Used for file contents. This file holds the
// incremental encryptor/decryptor and the one-shot forms over a Uint8Array;
// `stream-chunks.ts` adapts them to async iterables. The chunk size is in
// sizes.ts. See: [Note: Stream chunk size]

import type { StateAddress } from "libsodium-wrappers-sumo";
import {
  DataAfterFinalError,
  DecryptionError,
  StreamClosedError,
  TruncatedStreamError,
  describeThrown,
} from "./errors";
import {
  KEY_BYTES,
  STREAM_ABYTES,
  STREAM_CHUNK_BYTES,
  STREAM_CIPHERTEXT_CHUNK_BYTES,
  STREAM_HEADER_BYTES,
  ensureLength,
} from "./sizes";
import { type Sodium, freeSecretstreamState, loadSodium } from "./sodium";

type StreamStatus = "open" | "final" | "failed" | "disposed";

/** Incremental Stream encryption: push plaintext chunks, get ciphertext chunks. */
export class StreamEncryptor {
  #status: StreamStatus = "open";

  constructor(
    private readonly sodium: Sodium,
    private readonly state: StateAddress,
    /** The 24-byte header a decryptor needs (stored as `decryptionHeader`). */
    readonly decryptionHeader: Uint8Array,
  ) {}

  /** Whether the chunk tagged FINAL has been pushed. */
  get isFinished(): boolean {
    return this.#status === "final";
  }

  /**
   * Encrypts one chunk (4 MiB except for the last, by our format; the
   * primitive itself accepts any size). `isFinal` tags it FINAL and ends the
   * stream. Throws `StreamClosedError` after FINAL or `dispose()`.
   */
  push(chunk: Uint8Array, isFinal: boolean): Uint8Array {
    if (this.#status !== "open") throw new StreamClosedError(`Stream encryptor is ${this.#status}`);
    const { sodium } = this;
    const tag = isFinal
      ? sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL
      : sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE;
    const encrypted = sodium.crypto_secretstream_xchacha20poly1305_push(
      this.state,
      chunk,
      null,
      tag,
    );
    if (isFinal) this.#close("final");
    return encrypted;
  }

  /** Frees the state of an unfinished stream (a no-op once finished). */
  dispose(): void {
    if (this.#status === "open") this.#close("disposed");
  }

  #close(status: StreamStatus): void {
    this.#status = status;
    freeSecretstreamState(this.state);
  }
}

export interface DecryptedChunk {
  plaintext: Uint8Array;
  /** Whether this chunk was tagged FINAL (the stream is complete). */
  isFinal: boolean;
}

/** Incremental Stream decryption: pull ciphertext chunks, get plaintext chunks. */
export class StreamDecryptor {
  #status: StreamStatus = "open";

  constructor(
    private readonly sodium: Sodium,
    private readonly state: StateAddress,
  ) {}

  /** Whether the chunk tagged FINAL has been pulled. */
  get isFinished(): boolean {
    return this.#status === "final";
  }

  /**
   * Decrypts one ciphertext chunk. Throws `DecryptionError` on a wrong key or
   * tampered/truncated chunk (the decryptor is unusable afterwards),
   * `DataAfterFinalError` when called after the FINAL chunk, and
   * `StreamClosedError` after a failure or `dispose()`.
   */
  pull(cipherChunk: Uint8Array): DecryptedChunk {
    if (this.#status === "final") {
      throw new DataAfterFinalError("Stream has more ciphertext after its FINAL chunk");
    }
    if (this.#status !== "open") throw new StreamClosedError(`Stream decryptor is ${this.#status}`);
    const { sodium } = this;
    if (cipherChunk.length < STREAM_ABYTES) {
      this.#close("failed");
      throw new DecryptionError(`Stream chunk is shorter than its ${STREAM_ABYTES}-byte overhead`);
    }
    let result: { message: Uint8Array; tag: number } | false;
    try {
      result = sodium.crypto_secretstream_xchacha20poly1305_pull(this.state, cipherChunk, null);
    } catch (e) {
      this.#close("failed");
      throw new DecryptionError(`Stream decryption failed: ${describeThrown(e)}`, { cause: e });
    }
    if (result === false) {
      this.#close("failed");
      throw new DecryptionError("Stream chunk failed authentication (wrong key or tampered data)");
    }
    const isFinal = result.tag === sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL;
    if (isFinal) this.#close("final");
    return { plaintext: result.message, isFinal };
  }

  /** Ends decryption: throws `TruncatedStreamError` if the FINAL chunk never came. */
  finish(): void {
    if (this.#status === "final") return;
    this.dispose();
    throw new TruncatedStreamError("Stream ended before its FINAL chunk");
  }

  /** Frees the state of an unfinished stream (a no-op once finished or failed). */
  dispose(): void {
    if (this.#status === "open") this.#close("disposed");
  }

  #close(status: StreamStatus): void {
    this.#status = status;
    freeSecretstreamState(this.state);
  }
}

/** Starts Stream (or Blob) encryption under `key` (32 bytes). */
export const initStreamEncryption = async (key: Uint8Array): Promise<StreamEncryptor> => {
  const sodium = await loadSodium();
  ensureLength(key, KEY_BYTES, "Stream key");
  const { state, header } = sodium.crypto_secretstream_xchacha20poly1305_init_push(key);
  return new StreamEncryptor(sodium, state, header);
};

/** Starts Stream (or Blob) decryption of the stream with `decryptionHeader` under `key`. */
export const initStreamDecryption = async (
  decryptionHeader: Uint8Array,
  key: Uint8Array,
): Promise<StreamDecryptor> => {
  const sodium = await loadSodium();
  ensureLength(key, KEY_BYTES, "Stream key");
  ensureLength(decryptionHeader, STREAM_HEADER_BYTES, "Stream decryption header");
  let state: StateAddress;
  try {
    state = sodium.crypto_secretstream_xchacha20poly1305_init_pull(decryptionHeader, key);
  } catch (e) {
    throw new DecryptionError(`Stream header rejected: ${describeThrown(e)}`, { cause: e });
  }
  return new StreamDecryptor(sodium, state);
};

export interface EncryptedStream {
  encryptedData: Uint8Array;
  decryptionHeader: Uint8Array;
}

/** Number of chunks a plaintext of `plaintextBytes` is cut into (an empty one is one empty chunk). */
export const streamChunkCount = (plaintextBytes: number): number =>
  Math.max(1, Math.ceil(plaintextBytes / STREAM_CHUNK_BYTES));

/** Encrypts all of `data` as a Stream under `key`. See: [Note: Stream chunk size] */
export const encryptStreamBytes = async (
  data: Uint8Array,
  key: Uint8Array,
): Promise<EncryptedStream> => {
  const encryptor = await initStreamEncryption(key);
  const chunkCount = streamChunkCount(data.length);
  const encryptedData = new Uint8Array(data.length + chunkCount * STREAM_ABYTES);
  for (let i = 0; i < chunkCount; i++) {
    const start = i * STREAM_CHUNK_BYTES;
    const chunk = data.subarray(start, start + STREAM_CHUNK_BYTES);
    encryptedData.set(
      encryptor.push(chunk, i === chunkCount - 1),
      i * STREAM_CIPHERTEXT_CHUNK_BYTES,
    );
  }
  return { encryptedData, decryptionHeader: encryptor.decryptionHeader };
};

/**
 * Decrypts a whole Stream. Throws `DecryptionError` (wrong key, tampering, a
 * cut inside a chunk), `TruncatedStreamError` (the ciphertext stops at a chunk
 * boundary before FINAL) or `DataAfterFinalError` (a whole extra chunk after
 * FINAL; bytes appended to a short last chunk fail its MAC instead).
 */
export const decryptStreamBytes = async (
  { encryptedData, decryptionHeader }: EncryptedStream,
  key: Uint8Array,
): Promise<Uint8Array> => {
  const decryptor = await initStreamDecryption(decryptionHeader, key);
  try {
    const chunkCount = Math.ceil(encryptedData.length / STREAM_CIPHERTEXT_CHUNK_BYTES);
    const fullChunks = Math.floor(encryptedData.length / STREAM_CIPHERTEXT_CHUNK_BYTES);
    const restBytes = encryptedData.length - fullChunks * STREAM_CIPHERTEXT_CHUNK_BYTES;
    const plaintext = new Uint8Array(
      fullChunks * STREAM_CHUNK_BYTES + Math.max(0, restBytes - STREAM_ABYTES),
    );
    for (let i = 0; i < chunkCount; i++) {
      const start = i * STREAM_CIPHERTEXT_CHUNK_BYTES;
      const chunk = encryptedData.subarray(start, start + STREAM_CIPHERTEXT_CHUNK_BYTES);
      plaintext.set(decryptor.pull(chunk).plaintext, i * STREAM_CHUNK_BYTES);
    }
    decryptor.finish();
    return plaintext;
  } finally {
    decryptor.dispose();
  }
};
