import { CairnError } from "../../../shared/model/errors";

// The rules of a CLIP embedding (spec §5, "Embedding"): its length, its
// normalisation, and how an image and a text embedding are compared.

/** MobileCLIP S2's embedding width; the spec's "vector length 512". */
export const clipEmbeddingLength = 512;

/** A new embedding is not 512 values long (the catalogue's 'invalid length embedding data length'). */
export class InvalidEmbeddingLengthError extends CairnError {
  override name = "InvalidEmbeddingLengthError";
  readonly length: number;
  constructor(length: number) {
    super("invalidEmbeddingLength");
    this.length = length;
  }
}

/** Two embeddings compared are of different lengths (the catalogue's 'imageEmbedding and textEmbedding length mismatch'). */
export class EmbeddingLengthMismatchError extends CairnError {
  override name = "EmbeddingLengthMismatchError";
  constructor() {
    super("embeddingLengthMismatch");
  }
}

/** Returns `embedding` if it is exactly 512 values long, else throws `InvalidEmbeddingLengthError`. */
export const ensureEmbeddingLength = (embedding: ArrayLike<number>): void => {
  if (embedding.length !== clipEmbeddingLength) {
    throw new InvalidEmbeddingLengthError(embedding.length);
  }
};

/**
 * A new array holding `embedding` scaled to length 1. The models' outputs are
 * not normalised (the reference normalises on the client), and every
 * comparison below assumes unit vectors. A zero vector stays zero rather than
 * becoming NaNs: it then matches nothing.
 */
export const normalizedEmbedding = (embedding: ArrayLike<number>): Float32Array => {
  let sumOfSquares = 0;
  for (let i = 0; i < embedding.length; i++) sumOfSquares += (embedding[i] ?? 0) ** 2;
  const norm = Math.sqrt(sumOfSquares);
  const normalized = new Float32Array(embedding.length);
  if (norm === 0) return normalized;
  for (let i = 0; i < embedding.length; i++) normalized[i] = (embedding[i] ?? 0) / norm;
  return normalized;
};

/**
 * The cosine similarity of two normalised embeddings: their dot product.
 * Throws `EmbeddingLengthMismatchError` when their lengths differ.
 */
export const clipSimilarity = (
  imageEmbedding: ArrayLike<number>,
  textEmbedding: ArrayLike<number>,
): number => {
  if (imageEmbedding.length !== textEmbedding.length) throw new EmbeddingLengthMismatchError();
  let dot = 0;
  for (let i = 0; i < imageEmbedding.length; i++) {
    dot += (imageEmbedding[i] ?? 0) * (textEmbedding[i] ?? 0);
  }
  return dot;
};

// [Note: CLIP match threshold]
//
// An image matches a search text when the cosine of their embeddings is at
// least 0.175, the reference's value (its `ml/clip.ts`). CLIP places image
// and text embeddings in one space but never close together: a photo and a
// fitting caption score a few tenths, not near 1, and unrelated pairs score
// only a little less, so the cut between them is an empirical number tied to
// the model, not one that can be derived. The reference's is kept because
// the models are the reference's too: with the same models and the same
// threshold a search here finds what it finds in the other clients of the
// ecosystem, on the same embeddings. Another model would need its own.

/** See: [Note: CLIP match threshold] */
export const clipMatchThreshold = 0.175;
