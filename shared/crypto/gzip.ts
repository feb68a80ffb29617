// Gzip of bytes with the platform's CompressionStream (browsers, workers and
// Node alike): what the ML data documents and some user entities are before
// they are encrypted. Unzipping is bounded, so a gzip bomb is refused before
// it fills memory.

const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<BufferSource>({
    start(controller) {
      // Streams take bytes over an ArrayBuffer; a shared one is copied.
      controller.enqueue(
        bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : bytes.slice(),
      );
      controller.close();
    },
  });

/** The stream's bytes, or undefined once they pass `maxBytes` (the stream is cancelled). */
const readAll = async (
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
): Promise<Uint8Array | undefined> => {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    all.set(chunk, offset);
    offset += chunk.length;
  }
  return all;
};

/** `bytes` gzipped. */
export const gzipBytes = async (bytes: Uint8Array): Promise<Uint8Array> =>
  // A stream read without a bound always ends with its bytes.
  (await readAll(
    streamOf(bytes).pipeThrough(new CompressionStream("gzip")),
    Number.POSITIVE_INFINITY,
  )) ?? new Uint8Array();

/**
 * `gzipped` unzipped, or undefined when it unzips to more than `maxBytes`;
 * throws (a TypeError of the stream) for bytes that are not gzip.
 */
export const gunzipBytes = (
  gzipped: Uint8Array,
  maxBytes: number,
): Promise<Uint8Array | undefined> =>
  readAll(streamOf(gzipped).pipeThrough(new DecompressionStream("gzip")), maxBytes);
