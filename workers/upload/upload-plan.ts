// How a file's ciphertext goes to object storage: one PUT, or a multipart
// upload whose parts are whole numbers of encrypted Stream chunks (pure).

import { libraryLimits } from "../../shared/api/endpoints/library-schemas";
import {
  STREAM_ABYTES,
  STREAM_CHUNK_BYTES,
  STREAM_CIPHERTEXT_CHUNK_BYTES,
} from "../../shared/crypto/sizes";

// [Note: Multipart parts are whole encrypted chunks]
//
// A file is encrypted as a Stream of 4 MiB plaintext chunks, each 4 MiB + 17
// bytes of ciphertext (see: [Note: Stream chunk size]). Cutting parts at
// chunk boundaries lets the uploader send each part as soon as its chunks
// are encrypted, holding at most a part or two in memory, whatever the
// file's size. Every part but the last must be at least 5 MiB (S3's rule,
// which the local store keeps), so a part holds at least two chunks; the
// default of five (about 20 MiB a part) keeps the number of requests low
// while a failed part costs little to send again. A file of at most one
// part's chunks goes up in a single PUT.

/** Chunks per part by default: about 20 MiB. See: [Note: Multipart parts are whole encrypted chunks] */
export const defaultChunksPerPart = 5;

/** The fewest chunks that make a part of at least 5 MiB. */
export const minChunksPerPart = Math.ceil(
  libraryLimits.minPartBytes / STREAM_CIPHERTEXT_CHUNK_BYTES,
);

/** Stream chunks of a plaintext (an empty file is one empty FINAL chunk). */
export const streamChunkCount = (plaintextBytes: number): number =>
  Math.max(1, Math.ceil(plaintextBytes / STREAM_CHUNK_BYTES));

/** The ciphertext size of a plaintext encrypted as a Stream. */
export const encryptedStreamBytes = (plaintextBytes: number): number =>
  plaintextBytes + STREAM_ABYTES * streamChunkCount(plaintextBytes);

export type UploadPlan =
  | { kind: "single"; encryptedBytes: number }
  | { kind: "multipart"; encryptedBytes: number; partCount: number; chunksPerPart: number };

export class InvalidUploadSizeError extends RangeError {
  override readonly name = "InvalidUploadSizeError";
}

/**
 * The plan for a plaintext of `plaintextBytes`.
 * See: [Note: Multipart parts are whole encrypted chunks]
 */
export const planUpload = (
  plaintextBytes: number,
  chunksPerPart: number = defaultChunksPerPart,
): UploadPlan => {
  if (!Number.isSafeInteger(plaintextBytes) || plaintextBytes < 0) {
    throw new InvalidUploadSizeError(`Invalid file size ${String(plaintextBytes)}`);
  }
  if (!Number.isInteger(chunksPerPart) || chunksPerPart < minChunksPerPart) {
    throw new InvalidUploadSizeError(
      `A part holds at least ${String(minChunksPerPart)} chunks, not ${String(chunksPerPart)}`,
    );
  }
  const encryptedBytes = encryptedStreamBytes(plaintextBytes);
  if (encryptedBytes > libraryLimits.fileObjectBytes) {
    throw new InvalidUploadSizeError(`A file of ${String(plaintextBytes)} bytes is too large`);
  }
  const chunks = streamChunkCount(plaintextBytes);
  if (chunks <= chunksPerPart) return { kind: "single", encryptedBytes };
  // 10 GiB is 2,560 chunks: even two a part stay far below 10,000 parts.
  return {
    kind: "multipart",
    encryptedBytes,
    partCount: Math.ceil(chunks / chunksPerPart),
    chunksPerPart,
  };
};

/** Escapes text content (quotes may stay: ETags carry them, as S3 sends them). */
const escapeXMLText = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The `<CompleteMultipartUpload>` document for parts 1..N with their ETags (wire-contract §5.1). */
export const completeMultipartXML = (etags: readonly string[]): string =>
  `<CompleteMultipartUpload>${etags
    .map(
      (etag, i) =>
        `<Part><PartNumber>${String(i + 1)}</PartNumber><ETag>${escapeXMLText(etag)}</ETag></Part>`,
    )
    .join("")}</CompleteMultipartUpload>`;
