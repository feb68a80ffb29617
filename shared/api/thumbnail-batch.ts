// The body of `POST /files/previews`: many thumbnails' ciphertexts in one
// answer, in the order their file IDs were asked for.
//
// [Note: A batch of thumbnails is framed by lengths]
//
// Each file asked for gets one entry, in request order: a 4-byte big-endian
// length followed by that many bytes of the thumbnail's ciphertext, exactly
// as the blob store holds it. Two lengths no ciphertext can have are marks
// with no bytes after them:
//
//   0xFFFFFFFF  nothing to answer for this file: no such file, not the
//               caller's to read, deleted for good, or without a thumbnail
//               (the 404 the single-file preview answers, for any of these);
//   0xFFFFFFFE  larger than a batch carries: ask the single-file preview.
//
// A length prefix costs four bytes a thumbnail and lets the reader slice the
// body without parsing anything else; a thumbnail's ciphertext is never
// empty (it carries its authentication tag), so every length below the marks
// is a real thumbnail.

/** A batch entry: the thumbnail's ciphertext, or why it is not in the batch. */
export type BatchedThumbnail<Bytes extends Uint8Array = Uint8Array<ArrayBuffer>> =
  { kind: "bytes"; bytes: Bytes } | { kind: "missing" } | { kind: "fetchAlone" };

/** The marks of entries without bytes. See: [Note: A batch of thumbnails is framed by lengths] */
export const thumbnailBatchMarks = { missing: 0xffff_ffff, fetchAlone: 0xffff_fffe } as const;

const lengthBytes = 4;

/** The body carrying `entries`, in order. */
export const encodeThumbnailBatch = (
  entries: readonly BatchedThumbnail<Uint8Array>[],
): Uint8Array<ArrayBuffer> => {
  let total = 0;
  for (const entry of entries) {
    total += lengthBytes + (entry.kind === "bytes" ? entry.bytes.byteLength : 0);
  }
  const body = new Uint8Array(total);
  const view = new DataView(body.buffer);
  let offset = 0;
  for (const entry of entries) {
    if (entry.kind === "bytes") {
      if (entry.bytes.byteLength >= thumbnailBatchMarks.fetchAlone) {
        throw new RangeError("A thumbnail this large is never batched");
      }
      view.setUint32(offset, entry.bytes.byteLength);
      body.set(entry.bytes, offset + lengthBytes);
      offset += lengthBytes + entry.bytes.byteLength;
    } else {
      view.setUint32(offset, thumbnailBatchMarks[entry.kind]);
      offset += lengthBytes;
    }
  }
  return body;
};

/** A body that is not `count` well-formed entries. */
export class MalformedThumbnailBatchError extends Error {
  override name = "MalformedThumbnailBatchError";
}

/**
 * The `count` entries of `body`, each with bytes of its own (copies, so that
 * one can be transferred or cached without holding the whole body).
 * Throws `MalformedThumbnailBatchError` for a body cut short or too long.
 */
export const decodeThumbnailBatch = (body: Uint8Array, count: number): BatchedThumbnail[] => {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const entries: BatchedThumbnail[] = [];
  let offset = 0;
  for (let index = 0; index < count; index++) {
    if (offset + lengthBytes > body.byteLength) {
      throw new MalformedThumbnailBatchError(
        `The batch ends after ${String(index)} of ${String(count)} thumbnails`,
      );
    }
    const length = view.getUint32(offset);
    offset += lengthBytes;
    if (length === thumbnailBatchMarks.missing) {
      entries.push({ kind: "missing" });
    } else if (length === thumbnailBatchMarks.fetchAlone) {
      entries.push({ kind: "fetchAlone" });
    } else {
      if (offset + length > body.byteLength) {
        throw new MalformedThumbnailBatchError(
          `Thumbnail ${String(index + 1)} of the batch is cut short`,
        );
      }
      entries.push({ kind: "bytes", bytes: body.slice(offset, offset + length) });
      offset += length;
    }
  }
  if (offset !== body.byteLength) {
    throw new MalformedThumbnailBatchError("The batch carries more than its thumbnails");
  }
  return entries;
};
