import type { InferenceSession } from "onnxruntime-common";
import { faceDetectionModel, faceEmbeddingModel } from "../../../shared/api/models";
import type { ClipRuntime } from "../clip/clip-embedder";
import { normalizedEmbedding } from "../clip/clip-embedding";
import { alignedFaceSizePx, faceAlignment } from "./face-alignment";
import type { RGBAImage } from "./face-crop";
import { faceEngines } from "./face-engines";
import { relativeBox } from "./face-geometry";
import { type DetectedFace, type FaceIndexer, ensureImage } from "./face-indexer";
import { alignedFaceLength, writeAlignedFace } from "./mobilefacenet-input";
import { faceDirection, referenceFaceBlur } from "./reference-face-blur";
import { type YoloFaceDetection, yoloFaceDetections } from "./yolo-face-output";

// The reference's face engine: YOLOv5s-face finds the faces (see [Note:
// YOLOv5s-face letterboxes inside its graph]), each is aligned on its 5
// landmarks (see [Note: A face is aligned by a similarity transform of its 5
// landmarks]) and MobileFaceNet embeds it (see [Note: MobileFaceNet's input
// is the aligned face, bicubic, in -1..1]), on onnxruntime: -web in a
// browser worker, -node in the desktop's ML process and tests. It knows no
// host: the runtime opens the models (from the app's `/models/<name>` in a
// browser, as CLIP's: see [Note: One CLIP engine, any ONNX runtime]).
// See: [Note: Face engines]

/**
 * What the engine runs on: the runtimes of CLIP (`browserClipRuntime`,
 * `nodeClipRuntime`, `cachedClipRuntime`) open any model of the catalogue,
 * the face models included.
 */
export type OnnxFaceRuntime = ClipRuntime;

/** The models' input and output names (the reference's ML worker's). */
const detectorInputName = "input";
const detectorOutputName = "output";
const embedderInputName = "img_inputs";
const embedderOutputName = "embeddings";

/**
 * Faces embedded in one run, as the reference: a photo of a crowd (280
 * faces crashed its onnxruntime) stays within a run's memory.
 */
export const embeddingBatchSize = 50;

const embeddingLength = faceEngines["yolov5face-mobilefacenet"].embeddingLength;

/** The output `name` of `results` as float32 values. */
const floatsOf = (results: InferenceSession.ReturnType, name: string): Float32Array => {
  const output = results[name];
  if (output?.type !== "float32") throw new Error(`The face model answered no float32 "${name}"`);
  return output.data as Float32Array;
};

const disposeAll = (results: InferenceSession.ReturnType) => {
  for (const value of Object.values(results)) value.dispose();
};

/**
 * The reference's face engine over `runtime`; both sessions open here (a
 * model that is not ready rejects the load). See: [Note: Face engines]
 */
export const loadOnnxFaceIndexer = async ({
  Tensor,
  createSession,
}: OnnxFaceRuntime): Promise<FaceIndexer> => {
  const [detector, embedder] = await Promise.all([
    createSession(faceDetectionModel),
    createSession(faceEmbeddingModel),
  ]);

  const detect = async ({ width, height, data }: RGBAImage): Promise<YoloFaceDetection[]> => {
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const results = await detector.run({
      [detectorInputName]: new Tensor("uint8", pixels, [height, width, 4]),
    });
    try {
      return yoloFaceDetections(floatsOf(results, detectorOutputName), width, height);
    } finally {
      disposeAll(results);
    }
  };

  /** The embeddings of `count` aligned faces in `faces`, normalised. */
  const embed = async (faces: Float32Array, count: number): Promise<Float32Array[]> => {
    const results = await embedder.run({
      [embedderInputName]: new Tensor("float32", faces, [
        count,
        alignedFaceSizePx,
        alignedFaceSizePx,
        3,
      ]),
    });
    try {
      const values = floatsOf(results, embedderOutputName);
      if (values.length !== count * embeddingLength) {
        throw new Error(
          `MobileFaceNet answered ${String(values.length)} floats for ${String(count)} faces`,
        );
      }
      return Array.from({ length: count }, (_, i) =>
        normalizedEmbedding(values.subarray(i * embeddingLength, (i + 1) * embeddingLength)),
      );
    } finally {
      disposeAll(results);
    }
  };

  return {
    engine: "yolov5face-mobilefacenet",
    detectFaces: async (image) => {
      ensureImage(image);
      const detections = await detect(image);
      const faces: DetectedFace[] = [];
      for (let start = 0; start < detections.length; start += embeddingBatchSize) {
        const batch = detections.slice(start, start + embeddingBatchSize);
        const aligned = new Float32Array(batch.length * alignedFaceLength);
        const alignments = batch.map(({ landmarks }) => faceAlignment(landmarks));
        for (const [i, alignment] of alignments.entries()) {
          writeAlignedFace(image, alignment, aligned, i * alignedFaceLength);
        }
        const embeddings = await embed(aligned, batch.length);
        for (const [i, { box, landmarks, score }] of batch.entries()) {
          faces.push(
            detectedFace(image, box, landmarks, score, {
              blur: referenceFaceBlur(aligned, i * alignedFaceLength, faceDirection(landmarks)),
              embedding: embeddings[i] ?? new Float32Array(embeddingLength),
            }),
          );
        }
      }
      return faces;
    },
    dispose: () => {
      void detector.release();
      void embedder.release();
    },
  };
};

/** A detection in `DetectedFace`'s terms: relative to the image, box and landmarks within it. */
const detectedFace = (
  { width, height }: RGBAImage,
  box: YoloFaceDetection["box"],
  landmarks: YoloFaceDetection["landmarks"],
  score: number,
  { blur, embedding }: { blur: number; embedding: Float32Array },
): DetectedFace => {
  const relative = (value: number, side: number) => Math.min(Math.max(value / side, 0), 1);
  return {
    box: relativeBox(box, width, height),
    landmarks: landmarks.map(({ x, y }) => ({ x: relative(x, width), y: relative(y, height) })),
    score,
    blur,
    embedding,
  };
};
