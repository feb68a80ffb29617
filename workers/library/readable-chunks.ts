// Reading a web `ReadableStream` of bytes as an async iterable: not every
// browser makes the stream itself async-iterable, so this goes through its
// reader, and releases it when the consumer stops early.

/** The chunks of `stream`, in order; stopping the iteration cancels the stream. */
export async function* readableChunks(
  stream: ReadableStream<Uint8Array>,
): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  let done = false;
  try {
    for (;;) {
      const result = await reader.read();
      if (result.done) {
        done = true;
        return;
      }
      yield result.value;
    }
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
