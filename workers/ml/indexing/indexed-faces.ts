// A file's faces as the library's ML indexes keep them in memory and in the
// sealed chunks: each face's ID, box, scores and its embedding as 8-bit
// codes with one scale (a quarter of the floats' memory). Pure.
//
// [Note: Face embeddings are kept as 8-bit codes]
//
// A library of 100,000 photos holds tens of thousands of faces; their
// descriptors as float32 would be 4 KB each. Kept as signed bytes and a
// scale (the largest magnitude / 127), a unit vector's values move by at
// most scale/2, which changes a cosine between two faces by well under
// 0.01: far below the gap between one person's faces and another's that
// the clustering threshold sits in.

import type { RelativeBox } from "../../people/people-contract";

export interface QuantizedEmbedding {
  codes: Int8Array;
  scale: number;
}

export interface IndexedFace {
  /** The reference's face ID (`fileID_x1_y1_x2_y2`). */
  faceID: string;
  box: RelativeBox;
  /** The detector's score, 0..1. */
  score: number;
  /** Sharpness of the face's crop (higher is sharper). */
  blur: number;
  embedding: QuantizedEmbedding;
}

const codeMax = 127;

/** The embedding as codes and a scale. See: [Note: Face embeddings are kept as 8-bit codes] */
export const quantizedEmbedding = (embedding: ArrayLike<number>): QuantizedEmbedding => {
  let largest = 0;
  for (let i = 0; i < embedding.length; i++) {
    largest = Math.max(largest, Math.abs(embedding[i] ?? 0));
  }
  const scale = largest / codeMax;
  const codes = new Int8Array(embedding.length);
  if (scale > 0) {
    for (let i = 0; i < embedding.length; i++) {
      codes[i] = Math.round((embedding[i] ?? 0) / scale);
    }
  }
  return { codes, scale };
};

/** The embedding back as floats, unit length (the clustering compares unit vectors). */
export const embeddingFloats = ({ codes, scale }: QuantizedEmbedding): Float32Array => {
  const floats = new Float32Array(codes.length);
  let sumOfSquares = 0;
  for (let i = 0; i < codes.length; i++) {
    const value = (codes[i] ?? 0) * scale;
    floats[i] = value;
    sumOfSquares += value * value;
  }
  const norm = Math.sqrt(sumOfSquares);
  if (norm > 0) for (let i = 0; i < floats.length; i++) floats[i] = (floats[i] ?? 0) / norm;
  return floats;
};
