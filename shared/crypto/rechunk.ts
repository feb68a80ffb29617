// Re-cutting a byte source of any chunking into fixed-size chunks, flagging
// the last one (pure: no libsodium, usable on any thread).

export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface FlaggedChunk {
  chunk: Uint8Array;
  /** Whether this is the last chunk of the source. */
  isFinal: boolean;
}

// [Note: Re-chunking reads one chunk ahead]
//
// The FINAL tag must go on the last chunk, but a source does not say it is
// about to end: when its length is an exact multiple of the chunk size, the
// last full chunk looks like any other. So a full chunk is held back until
// either more bytes arrive (it was not the last) or the source ends (it was).
// An empty source yields one empty final chunk.
//
// Pieces are not copied when one source piece already is a whole chunk, so a
// source must not overwrite a buffer it has already yielded (no stream API we
// read from does).

/**
 * Re-cuts `source` into chunks of exactly `chunkSizeBytes` (the last one
 * shorter, possibly empty), flagging the last one.
 *
 * See: [Note: Re-chunking reads one chunk ahead]
 */
export async function* rechunkWithFinalFlag(
  source: ByteSource,
  chunkSizeBytes: number,
): AsyncGenerator<FlaggedChunk> {
  let pieces: Uint8Array[] = [];
  let pendingBytes = 0;
  let heldBack: Uint8Array | undefined;
  for await (const piece of source) {
    let offset = 0;
    while (offset < piece.length) {
      const take = Math.min(chunkSizeBytes - pendingBytes, piece.length - offset);
      pieces.push(piece.subarray(offset, offset + take));
      pendingBytes += take;
      offset += take;
      if (pendingBytes === chunkSizeBytes) {
        if (heldBack !== undefined) yield { chunk: heldBack, isFinal: false };
        heldBack = concatBytes(pieces, pendingBytes);
        pieces = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0) {
    if (heldBack !== undefined) yield { chunk: heldBack, isFinal: false };
    yield { chunk: concatBytes(pieces, pendingBytes), isFinal: true };
  } else {
    yield { chunk: heldBack ?? new Uint8Array(0), isFinal: true };
  }
}

const concatBytes = (pieces: Uint8Array[], totalBytes: number): Uint8Array => {
  const [only] = pieces;
  if (pieces.length === 1 && only !== undefined) return only;
  const out = new Uint8Array(totalBytes);
  let offset = 0;
  for (const piece of pieces) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
};
