// What an upload reads from: the file's bytes as a `Uint8Array`, a `Blob`
// (a browser `File`) or a stream of known length, read piece by piece so a
// large file is never whole in memory.

import { STREAM_CHUNK_BYTES } from "../../shared/crypto/sizes";
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

/**
 * [Note: A picked file is read in whole chunks]
 *
 * A Blob's stream hands its bytes over in pieces of 64 KiB, which the
 * encryption then copies into 4 MiB chunks. Read with `slice().arrayBuffer()`
 * a chunk at a time, each chunk arrives whole in a buffer of its own, which
 * the crypto pool takes as it is (see [Note: Re-chunking reads one chunk
 * ahead]): no copy, and one read instead of sixty-four. The next slice is
 * read while this one is encrypted; at most two are held.
 */
export async function* blobSlices(
  blob: Blob,
  sliceBytes: number = STREAM_CHUNK_BYTES,
): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  const read = (offset: number) => {
    if (offset >= blob.size) return undefined;
    const slice = blob
      .slice(offset, offset + sliceBytes)
      .arrayBuffer()
      .then((buffer) => new Uint8Array(buffer));
    // A failure surfaces when awaited in turn; until then it is not unhandled.
    slice.catch(() => undefined);
    return slice;
  };
  let offset = 0;
  let next = read(0);
  while (next !== undefined) {
    const slice = await next;
    // A file that shrank since it was picked ends here (its size is checked by the reader).
    if (slice.length === 0) return;
    offset += slice.length;
    next = read(offset);
    yield slice;
  }
}

export const readableSource = (source: UploadSource): ReadableSource => {
  if (source instanceof Uint8Array) return { sizeBytes: source.length, chunks: [source] };
  if (source instanceof Blob) return { sizeBytes: source.size, chunks: blobSlices(source) };
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
