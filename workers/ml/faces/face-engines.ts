import type { ModelsStatus } from "../../../shared/api/models-status";
import { type FaceClusteringThresholds, faceClusteringThresholds } from "./face-clusters";

// [Note: Face engines]
//
// Faces are indexed by one of two engines, and what one makes means nothing
// to the other:
// - "blazeface-faceres", built in: BlazeFace and HSE-FaceRes from
//   @vladmandic/human on tfjs (face-indexer.ts), 1024-value embeddings.
//   Always available, as its weights ship with the app.
// - "yolov5face-mobilefacenet", the reference's own (onnx-face-indexer.ts):
//   YOLOv5s-face and MobileFaceNet on onnxruntime, 192-value embeddings that
//   the reference's apps compare with theirs. Used when an operator placed
//   both models in the server's models folder (see [Note: The models
//   folder]): they are too large to ship, and nothing is downloaded at run
//   time.
// Embeddings of different engines are never compared: a library indexed
// with one engine is clustered with that engine's threshold, and a face of
// the other engine (another length) is left to be indexed again.
//
// The join thresholds are cosine similarities of each engine's L2-normalised
// embeddings:
// - blazeface-faceres: 0.42, measured on the fixtures (see [Note: Face
//   clustering thresholds]).
// - yolov5face-mobilefacenet: the reference's 0.76 (its `ml/cluster.ts`),
//   the value its MobileFaceNet embeddings were tuned for; the reference
//   asks 0.84 of "bad" faces (blurry, or turned sideways), a rule
//   `clusterFaces` does not apply (see face-clusters.ts), kept here for a
//   caller that would. Score 0.8 and blur 10 are the reference's too, and
//   its blur is the quantity this engine measures (see [Note: The
//   reference's face blur]).

export const faceEngineNames = ["blazeface-faceres", "yolov5face-mobilefacenet"] as const;
export type FaceEngineName = (typeof faceEngineNames)[number];

export interface FaceEngine {
  name: FaceEngineName;
  /** Floats in each face's embedding. */
  embeddingLength: number;
  /** What `clusterFaces` takes as `thresholds`. */
  clustering: Readonly<FaceClusteringThresholds>;
  /** The join similarity the reference asks of a blurry or sideways face, where it has one. */
  badFaceJoinSimilarity: number | undefined;
}

/** See: [Note: Face engines] */
export const faceEngines: Readonly<Record<FaceEngineName, FaceEngine>> = {
  "blazeface-faceres": {
    name: "blazeface-faceres",
    embeddingLength: 1024,
    clustering: faceClusteringThresholds,
    badFaceJoinSimilarity: undefined,
  },
  "yolov5face-mobilefacenet": {
    name: "yolov5face-mobilefacenet",
    embeddingLength: 192,
    clustering: { minScore: 0.8, minBlur: 10, joinSimilarity: 0.76 },
    badFaceJoinSimilarity: 0.84,
  },
};

/**
 * The engine to index faces with, given the server's models status (or
 * undefined when it could not be read): the reference's when both of its
 * models are ready, the built-in one otherwise. See: [Note: Face engines]
 */
export const faceEngineFor = (status: ModelsStatus | undefined): FaceEngineName =>
  status?.referenceFaceModels?.available === true
    ? "yolov5face-mobilefacenet"
    : "blazeface-faceres";

/** The engine faces come from when none of the reference's models are there. */
export const builtInFaceEngine: FaceEngineName = "blazeface-faceres";

/** The engine whose embeddings are `length` floats; undefined for a length no engine makes. */
export const faceEngineOfEmbeddingLength = (length: number): FaceEngine | undefined =>
  Object.values(faceEngines).find(({ embeddingLength }) => embeddingLength === length);

/**
 * Whether faces found by `engine` may replace, in a file's ML data
 * document, faces of `storedEmbeddingLength`: those of the same engine, or
 * the built-in engine's when `engine` is the reference's (the Ente apps then
 * read them). Faces of the reference's engine are never replaced by the
 * built-in one's: the Ente apps' people are made of them.
 * See: [Note: Faces of another model are not ours to overwrite]
 */
export const mayReplaceFaces = (
  engine: FaceEngineName,
  storedEmbeddingLength: number | undefined,
): boolean =>
  storedEmbeddingLength === undefined ||
  storedEmbeddingLength === faceEngines[engine].embeddingLength ||
  (engine !== builtInFaceEngine &&
    storedEmbeddingLength === faceEngines[builtInFaceEngine].embeddingLength);
