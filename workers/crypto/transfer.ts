// Moving bytes across the worker boundary without copying them.

// [Note: The crypto pool takes ownership of the bytes it is given]
//
// Chunks of file data are 4 MiB; cloning each one into and out of a worker
// would double the memory traffic of encryption. So bytes cross the boundary
// as transferables, in both directions: the sender's ArrayBuffer is detached
// (it becomes zero-length) and the receiver owns it. A caller that hands
// bytes to the pool must therefore not use them afterwards. Only a
// Uint8Array that spans its whole (non-shared) ArrayBuffer is transferred as
// is; a view into a larger buffer is first copied out, because transferring
// would detach the rest of that buffer too, and cloning it would copy all of
// it.

/** `bytes` itself if its buffer can be transferred whole, else a copy that can. */
export const transferableBytes = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => {
  const { buffer } = bytes;
  if (
    buffer instanceof ArrayBuffer &&
    bytes.byteOffset === 0 &&
    bytes.byteLength === buffer.byteLength
  ) {
    return bytes as Uint8Array<ArrayBuffer>;
  }
  return bytes.slice();
};

/** The distinct buffers of `arrays` (a transfer list may not name a buffer twice). */
export const buffersOf = (arrays: readonly Uint8Array<ArrayBuffer>[]): ArrayBuffer[] => [
  ...new Set(arrays.map((bytes) => bytes.buffer)),
];
