// Streaming a whole file through a pool's stream session with the worker kept
// busy: the next chunk is posted before the previous one has come back.
// See: [Note: Stream chunks are ordered by the worker's message queue]

// See: [Note: The UI thread never loads libsodium]
import { DataAfterFinalError } from "../../shared/crypto/errors";
import {
  type ByteSource,
  type FlaggedChunk,
  rechunkWithFinalFlag,
} from "../../shared/crypto/rechunk";
import { STREAM_CHUNK_BYTES, STREAM_CIPHERTEXT_CHUNK_BYTES } from "../../shared/crypto/sizes";
import type { DecryptionStreamHandle, EncryptionStreamHandle } from "./pool-handles";

/**
 * Chunks in flight per session: one being processed by the worker and one
 * queued behind it hides the round trip; more would only hold more 4 MiB
 * buffers in memory.
 */
export const MAX_CHUNKS_IN_FLIGHT = 2;

/** Yields the results of `start` over `inputs` in order, keeping up to `maxInFlight` pending. */
async function* pipelined<I, O>(
  inputs: AsyncIterable<I>,
  start: (input: I) => Promise<O>,
  maxInFlight: number,
): AsyncGenerator<O> {
  const pending: Promise<O>[] = [];
  try {
    for await (const input of inputs) {
      const started = start(input);
      // Failures surface when this promise is awaited in turn; until then,
      // do not report them as unhandled.
      started.catch(() => undefined);
      pending.push(started);
      if (pending.length >= maxInFlight) yield await (pending.shift() as Promise<O>);
    }
    while (pending.length > 0) yield await (pending.shift() as Promise<O>);
  } finally {
    await Promise.allSettled(pending);
  }
}

/**
 * Encrypts `source` (any chunking) through `stream`, yielding ciphertext
 * chunks of 4 MiB + 17 bytes (the last shorter, tagged FINAL). The pool takes
 * ownership of the source's bytes.
 */
export async function* encryptThroughStream(
  stream: EncryptionStreamHandle,
  source: ByteSource,
  maxInFlight: number = MAX_CHUNKS_IN_FLIGHT,
): AsyncGenerator<Uint8Array> {
  try {
    yield* pipelined(
      rechunkWithFinalFlag(source, STREAM_CHUNK_BYTES),
      ({ chunk, isFinal }) => stream.encryptChunk(chunk, isFinal),
      maxInFlight,
    );
  } finally {
    await stream.close();
  }
}

/**
 * Decrypts ciphertext from `source` (any chunking) through `stream`, yielding
 * plaintext chunks; throws `DecryptionError`, `TruncatedStreamError` or
 * `DataAfterFinalError` like the one-shot form.
 */
export async function* decryptThroughStream(
  stream: DecryptionStreamHandle,
  source: ByteSource,
  maxInFlight: number = MAX_CHUNKS_IN_FLIGHT,
): AsyncGenerator<Uint8Array> {
  try {
    const decrypted = pipelined(
      nonEmptyChunks(rechunkWithFinalFlag(source, STREAM_CIPHERTEXT_CHUNK_BYTES)),
      async ({ chunk, isFinal: isLastOfSource }) => ({
        ...(await stream.decryptChunk(chunk)),
        isLastOfSource,
      }),
      maxInFlight,
    );
    for await (const { plaintext, isFinal, isLastOfSource } of decrypted) {
      // The chunk after this one is already in flight; its session is gone.
      if (isFinal && !isLastOfSource) {
        throw new DataAfterFinalError("Stream has more ciphertext after its FINAL chunk");
      }
      yield plaintext;
    }
    await stream.finish();
  } finally {
    await stream.close();
  }
}

/** Drops the empty chunk an empty source yields: no ciphertext is a truncated stream, which `finish` reports. */
async function* nonEmptyChunks(chunks: AsyncIterable<FlaggedChunk>): AsyncGenerator<FlaggedChunk> {
  for await (const flagged of chunks) if (flagged.chunk.length > 0) yield flagged;
}
