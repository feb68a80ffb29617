import type { Tfjs } from "../things/bundled-tfjs";
import { thingsAssetPaths } from "../things/things-assets";
import { startWasmBackend } from "../things/tfjs-wasm-backend";
import { blurCropSizePx, laplacianVariance } from "./face-blur";
import { type RGBAImage, cropRGB, faceSquare } from "./face-crop";
import { descriptorInputSize, loadFaceDescriber } from "./face-descriptor";
import { loadFaceDetector } from "./face-detector";
import type { FaceEngineName } from "./face-engines";
import { type Box, type Point, relativeBox } from "./face-geometry";

// The face indexer: a photo's faces, each with its box, landmarks, score,
// blur and embedding. BlazeFace finds the faces, each face's square crop
// goes to HSE-FaceRes, both models from
// @vladmandic/human on the tfjs it bundles, on tfjs's wasm backend. It
// knows no host: tfjs, fetch and the origin serving the files are given.
// See: [Note: The things detector runs on tfjs's wasm backend]

export interface DetectedFace {
  /** Box relative to the image's width/height (0..1), top-left origin. */
  box: Box;
  /** The detector's landmarks (eyes, nose, mouth, ears), relative to the image (0..1). */
  landmarks: Point[];
  /** Detection score 0..1. */
  score: number;
  /** Sharpness: variance of the Laplacian of the face crop's grayscale (higher = sharper). See: [Note: Face blur is the variance of the Laplacian] */
  blur: number;
  /** The face's embedding (the engine's length: 1024 or 192 floats), L2-normalised: the dot product of two is their cosine similarity. */
  embedding: Float32Array;
}

export interface FaceIndexer {
  /** Which models made the faces: their embeddings compare only with the same engine's. See: [Note: Face engines] */
  engine: FaceEngineName;
  /** The image's faces, best score first. */
  detectFaces(image: RGBAImage): Promise<DetectedFace[]>;
  /** Frees both models' weights (the backend stays). */
  dispose(): void;
}

export interface FaceIndexerOptions {
  tf: Tfjs;
  fetch: typeof globalThis.fetch;
  /** The origin serving `faceAssetPaths` and `thingsAssetPaths.wasmDir` (the app's own). */
  origin: string;
  /** See: [Note: The face score threshold] */
  minScore?: number;
}

/** The image has no pixels or its buffer does not hold width × height × 4 bytes. */
export class FaceImageError extends Error {
  override name = "FaceImageError";
}

// [Note: The face score threshold]
//
// BlazeFace scores every anchor; on the fixtures (shared/fixtures/faces, at
// thumbnail size, 1024 px on the long side), after suppressing overlaps:
// - the 13 true faces (the two men's 12, and a girl half hidden at the edge
//   of obama-and-biden.jpg) score 0.86 to 0.97, but for the girl, 0.68;
// - the best false ones score 0.56 (the seal behind the lectern in
//   obama-4.jpg), 0.49 (a patch of the same backdrop), 0.35 (a raised hand
//   in obama-and-biden.jpg), 0.30 (the painting behind biden-2.jpg); the rest
//   are under 0.2.
// 0.62 sits halfway between the best false face and the weakest true one.
// (The reference's 0.7 is for its YOLO detector, whose scores differ.)
// Clustering asks more of a face: see [Note: Face clustering thresholds].
/** Detections scoring below this are not faces. See: [Note: The face score threshold] */
export const faceScoreThreshold = 0.62;

// [Note: The face crop for the descriptor]
//
// FaceRes gets the square around the detector's box, the box's longer side
// wide, axis-aligned, scaled to 224×224. Measured on the fixtures' 12 faces
// of Obama and Biden (margin = the least similar same-person pair's cosine
// minus the most similar different-person pair's, with the embedding of
// [Note: The face embedding is the centred root of FaceRes's descriptor]):
// - the square's side ×1.0: 0.124; ×1.1: 0.106; ×1.2: 0.083; ×1.4 (human's
//   crop, which adds hair and background): 0.068; ×0.9 (cuts the chin): 0.036;
// - turning the crop so that the eyes are level (BlazeFace's two eye
//   landmarks) makes it worse: 0.002 at ×1.0. FaceRes learned on crops as
//   they come, unaligned, and BlazeFace's eye points are coarse;
// - averaging with the mirrored crop's descriptor: 0.118, for twice the time.
/** The descriptor's crop side, as a multiple of the detector box's longer side. See: [Note: The face crop for the descriptor] */
const descriptorCropScale = 1;

/** Throws `FaceImageError` unless `image` has pixels and holds width × height × 4 bytes. */
export const ensureImage = ({ width, height, data }: RGBAImage) => {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new FaceImageError(`An image of ${String(width)}×${String(height)} pixels`);
  }
  if (data.length !== width * height * 4) {
    throw new FaceImageError(
      `${String(data.length)} bytes for ${String(width)}×${String(height)} RGBA pixels`,
    );
  }
};

/** Starts tfjs's wasm backend (once) and loads both models. */
export const loadFaceIndexer = async (options: FaceIndexerOptions): Promise<FaceIndexer> => {
  const { tf, fetch: fetchImpl, origin, minScore = faceScoreThreshold } = options;
  await startWasmBackend(tf, {
    fetch: fetchImpl,
    wasmDirURL: new URL(thingsAssetPaths.wasmDir, origin).href,
  });
  const [detector, describer] = await Promise.all([
    loadFaceDetector(options),
    loadFaceDescriber(options),
  ]);
  return {
    engine: "blazeface-faceres",
    detectFaces: async (image) => {
      ensureImage(image);
      const detections = await detector.detect(image, minScore);
      const cropLength = descriptorInputSize * descriptorInputSize * 3;
      const crops = new Float32Array(detections.length * cropLength);
      const blurs = detections.map(({ box }, i) => {
        cropRGB(
          image,
          faceSquare(box, descriptorCropScale),
          descriptorInputSize,
          crops,
          i * cropLength,
        );
        return laplacianVariance(cropRGB(image, faceSquare(box), blurCropSizePx), blurCropSizePx);
      });
      const embeddings = await describer.describe(crops, detections.length);
      const { width, height } = image;
      return detections.map(({ box, landmarks, score }, i) => {
        return {
          box: relativeBox(box, width, height),
          landmarks: landmarks.map(({ x, y }) => ({ x: x / width, y: y / height })),
          score,
          blur: blurs[i] ?? 0,
          embedding: embeddings[i] ?? new Float32Array(),
        };
      });
    },
    dispose: () => {
      detector.dispose();
      describer.dispose();
    },
  };
};
