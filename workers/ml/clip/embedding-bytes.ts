import {
  clipEmbeddingLength,
  ensureEmbeddingLength,
  InvalidEmbeddingLengthError,
} from "./clip-embedding";

// [Note: The wire format of a CLIP embedding]
//
// `PUT /embeddings` carries one embedding encrypted as a Blob with the file
// key (wire-contract, "Embeddings": bytes or a JSON array, one to be picked
// and kept). We pick bytes: the 512 values as float32, little-endian, 2,048
// bytes in all. That is the model's own precision (a JSON array of the same
// numbers is about 5 times larger and rounds them), and little-endian is
// fixed so the bytes mean the same on every machine, whatever its own order.
// The caller encrypts them with `encryptBlob` of shared/crypto/blob.ts.

/** 512 float32 values. */
export const embeddingByteLength = clipEmbeddingLength * Float32Array.BYTES_PER_ELEMENT;

/**
 * The wire bytes of `embedding`. Throws `InvalidEmbeddingLengthError` unless
 * it holds exactly 512 values. See: [Note: The wire format of a CLIP embedding]
 */
export const embeddingToBytes = (embedding: ArrayLike<number>): Uint8Array => {
  ensureEmbeddingLength(embedding);
  const bytes = new Uint8Array(embeddingByteLength);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < clipEmbeddingLength; i++) {
    view.setFloat32(i * Float32Array.BYTES_PER_ELEMENT, embedding[i] ?? 0, true);
  }
  return bytes;
};

/**
 * The embedding of wire bytes (decrypted). Throws `InvalidEmbeddingLengthError`
 * unless they are exactly 2,048 bytes. See: [Note: The wire format of a CLIP embedding]
 */
export const embeddingFromBytes = (bytes: Uint8Array): Float32Array => {
  if (bytes.length !== embeddingByteLength) {
    throw new InvalidEmbeddingLengthError(bytes.length / Float32Array.BYTES_PER_ELEMENT);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const embedding = new Float32Array(clipEmbeddingLength);
  for (let i = 0; i < clipEmbeddingLength; i++) {
    embedding[i] = view.getFloat32(i * Float32Array.BYTES_PER_ELEMENT, true);
  }
  return embedding;
};
