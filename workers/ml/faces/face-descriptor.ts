import type { Tfjs } from "../things/bundled-tfjs";
import { faceAssetPaths } from "./face-assets";
import { type GraphModel, loadGraphModel } from "../graph-model";

// HSE-FaceRes on tfjs: a face crop's descriptor. The model takes N×224×224×3
// RGB floats 0..255 (human scales its 0..1 crops by 255) and answers age,
// gender and, from its global pooling layer, a 1024-float descriptor: the
// output human uses to match faces, and the only one we keep, transformed
// into our embedding (faceEmbedding).

/** The model's input side (its signature: N×224×224×3). */
export const descriptorInputSize = 224;
/** The descriptor's length. */
export const descriptorLength = 1024;
/**
 * The descriptor's node, N×1024. It feeds the age and gender heads, so it is
 * not among the graph's default outputs and is asked for by name.
 */
const descriptorNode = "global_pooling/Mean";

export interface FaceDescriber {
  /** The embedding of each of `count` crops in `crops` (RGB 0..255, 224² each), L2-normalised. */
  describe(crops: Float32Array, count: number): Promise<Float32Array[]>;
  dispose(): void;
}

type Tensor = ReturnType<Tfjs["tensor"]>;

/** `vector` scaled to length 1 (left as is when it is all zeros). */
export const l2Normalised = (vector: Float32Array): Float32Array => {
  let sumOfSquares = 0;
  for (const value of vector) sumOfSquares += value * value;
  const norm = Math.sqrt(sumOfSquares);
  return norm === 0 ? vector : vector.map((value) => value / norm);
};

// [Note: The face embedding is the centred root of FaceRes's descriptor]
//
// FaceRes's descriptor is the mean of its last ReLU layer: 1024 values, all
// zero or positive, so that any two faces, or a face and a wall, have a
// cosine similarity of 0.15 or more, and people differ in little more than
// its spread. On the 12 faces of Obama and Biden in the fixtures, as human
// uses it (L2-normalised), the least similar pair of the same person is at
// 0.618 and the most similar pair of different people at 0.565: a margin
// of 0.05. Two standard steps for pooled ReLU features widen it:
// - the signed square root of each value ("power normalisation"), which
//   stops a few large activations from dominating the cosine;
// - taking each vector's own mean off its values (the cosine becomes their
//   Pearson correlation), which removes the shared positive offset.
// Each vector is transformed alone (no statistics of a face collection are
// involved, so an embedding never changes once made). Together they give
// 0.479 against 0.355, a margin of 0.124 (root alone 0.052, centring alone
// 0.080). See: [Note: Face clustering thresholds]

/** FaceRes's raw descriptor → our embedding. See: [Note: The face embedding is the centred root of FaceRes's descriptor] */
export const faceEmbedding = (descriptor: Float32Array): Float32Array => {
  const root = descriptor.map((value) => Math.sign(value) * Math.sqrt(Math.abs(value)));
  let sum = 0;
  for (const value of root) sum += value;
  const mean = root.length === 0 ? 0 : sum / root.length;
  return l2Normalised(root.map((value) => value - mean));
};

export const loadFaceDescriber = async (source: {
  tf: Tfjs;
  fetch: typeof globalThis.fetch;
  origin: string;
}): Promise<FaceDescriber> => {
  const { tf } = source;
  const model: GraphModel = await loadGraphModel({
    ...source,
    jsonPath: faceAssetPaths.descriptorJSON,
    weightsPath: faceAssetPaths.descriptorWeights,
  });
  return {
    describe: async (crops, count) => {
      if (count === 0) return [];
      const descriptors = tf.tidy(() => {
        const input = tf.tensor4d(
          crops.subarray(0, count * descriptorInputSize * descriptorInputSize * 3),
          [count, descriptorInputSize, descriptorInputSize, 3],
          "float32",
        );
        return model.execute(input, descriptorNode) as Tensor;
      });
      try {
        const values = (await descriptors.data()) as Float32Array;
        return Array.from({ length: count }, (_, i) =>
          faceEmbedding(values.slice(i * descriptorLength, (i + 1) * descriptorLength)),
        );
      } finally {
        descriptors.dispose();
      }
    },
    dispose: () => {
      model.dispose();
    },
  };
};
