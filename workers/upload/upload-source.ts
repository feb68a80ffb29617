// What an upload reads from: the file's bytes as a `Uint8Array`, a `Blob`
// (a browser `File`) or a stream of known length, read piece by piece so a
// large file is never whole in memory.

import type { HashHandle } from "../crypto/pool";
import { readableChunks } from "../library/readable-chunks";

/**
 * A file's plaintext. The length must be known before the upload starts (it
 * decides the number of parts). The pipeline takes ownership of the bytes it
 * reads. See: [Note: The crypto pool takes ownership of the bytes it is given]
 */
export type UploadSource =
  | Uint8Array
  | Blob
  | {
      stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;
      sizeBytes: number;
    };

export interface ReadableSource {
  sizeBytes: number;
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/** The source gave a different number of bytes than it announced. */
export class UploadSizeMismatchError extends Error {
  override readonly name = "UploadSizeMismatchError";
  constructor(
    readonly expectedBytes: number,
    readonly actualBytes: number,
  ) {
    super(`The file gave ${String(actualBytes)} bytes, not the ${String(expectedBytes)} announced`);
  }
}

const isReadableStream = (
  stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>,
): stream is ReadableStream<Uint8Array> => "getReader" in stream;

export const readableSource = (source: UploadSource): ReadableSource => {
  if (source instanceof Uint8Array) return { sizeBytes: source.length, chunks: [source] };
  if (source instanceof Blob) {
    return { sizeBytes: source.size, chunks: readableChunks(source.stream()) };
  }
  const { stream, sizeBytes } = source;
  return { sizeBytes, chunks: isReadableStream(stream) ? readableChunks(stream) : stream };
};

/**
 * Passes `chunks` through, feeding a copy of each to `hash` (one update in
 * flight at a time, so copies do not pile up), telling `onReadBytes` the
 * running total, and checking that they add up to `expectedBytes` once the
 * source ends.
 */
export async function* hashedAndCounted(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  hash: HashHandle | undefined,
  expectedBytes: number,
  onReadBytes?: (readBytes: number) => void,
): AsyncGenerator<Uint8Array> {
  let pending: Promise<void> = Promise.resolve();
  let totalBytes = 0;
  for await (const chunk of chunks) {
    totalBytes += chunk.length;
    if (totalBytes > expectedBytes) throw new UploadSizeMismatchError(expectedBytes, totalBytes);
    if (hash !== undefined) {
      await pending;
      // A copy: the hash and the encryption each take ownership of what they get.
      pending = hash.update(chunk.slice());
      // A failure surfaces when awaited in turn; until then it is not unhandled.
      pending.catch(() => undefined);
    }
    onReadBytes?.(totalBytes);
    yield chunk;
  }
  await pending;
  if (totalBytes !== expectedBytes) throw new UploadSizeMismatchError(expectedBytes, totalBytes);
}
