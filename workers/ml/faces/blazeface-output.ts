import { type Box, type Point, intersectionOverUnion } from "./face-geometry";

// From BlazeFace's raw output to face detections: anchors, box decoding,
// scores, non-maximum suppression. Pure; the model run is face-detector.ts.
//
// The model (human's `blazeface`, MediaPipe's back-camera BlazeFace) takes
// 1×256×256×3 RGB scaled to -1..1 and answers, for each of 896 anchors, a
// logit and 16 regressors: the box centre's offset from the anchor (x, y),
// the box size (width, height), then 6 landmarks as offsets from the anchor
// (x, y each), all in input pixels. The landmarks are, in order: the eye on
// the image's left, the eye on its right, the nose tip, the mouth centre,
// and the two ear tragions (left, right), for an upright face.

/** The model's input side (its signature: 1×256×256×3). */
export const blazeFaceInputSize = 256;
/** Regressors an anchor: box (4) + 6 landmarks × (x, y). */
export const blazeFaceRegressorCount = 16;
export const blazeFaceLandmarkCount = 6;

/**
 * The anchor centres, in input pixels, in the model's output order: a
 * 16×16 grid (stride 16) with 2 anchors a cell, then an 8×8 grid (stride
 * 32) with 6 a cell; 512 + 384 = 896. Every anchor of a cell has the same
 * centre (BlazeFace's anchors have a fixed size of 1 and differ only in
 * the box the regressors learned for them).
 */
export const blazeFaceAnchors = (inputSize: number = blazeFaceInputSize): Point[] => {
  const anchors: Point[] = [];
  for (const { stride, perCell } of [
    { stride: inputSize / 16, perCell: 2 },
    { stride: inputSize / 8, perCell: 6 },
  ]) {
    const cells = Math.ceil(inputSize / stride);
    for (let row = 0; row < cells; row++) {
      for (let column = 0; column < cells; column++) {
        for (let n = 0; n < perCell; n++) {
          anchors.push({ x: stride * (column + 0.5), y: stride * (row + 0.5) });
        }
      }
    }
  }
  return anchors;
};

/** One detected face, in the pixels of the image the caller maps to. */
export interface FaceDetection {
  box: Box;
  landmarks: Point[];
  /** The anchor's sigmoid score, 0..1. */
  score: number;
}

export interface BlazeFaceOutput {
  /** One logit an anchor. */
  logits: Float32Array;
  /** `blazeFaceRegressorCount` values an anchor. */
  regressors: Float32Array;
}

const sigmoid = (logit: number) => 1 / (1 + Math.exp(-logit));

/**
 * The anchors scoring at least `minScore`, decoded to boxes and landmarks
 * and mapped to an image by `inputPxPerImagePx` (the letterbox's scale:
 * the image sits at the input's top-left corner).
 */
export const decodeBlazeFace = (
  { logits, regressors }: BlazeFaceOutput,
  anchors: readonly Point[],
  { minScore, inputPxPerImagePx }: { minScore: number; inputPxPerImagePx: number },
): FaceDetection[] => {
  const detections: FaceDetection[] = [];
  const toImage = (value: number) => value / inputPxPerImagePx;
  for (const [i, anchor] of anchors.entries()) {
    const score = sigmoid(logits[i] ?? Number.NEGATIVE_INFINITY);
    if (!(score >= minScore)) continue;
    const r = regressors.subarray(i * blazeFaceRegressorCount, (i + 1) * blazeFaceRegressorCount);
    const [dx = 0, dy = 0, width = 0, height = 0] = r;
    const landmarks: Point[] = [];
    for (let k = 0; k < blazeFaceLandmarkCount; k++) {
      landmarks.push({
        x: toImage(anchor.x + (r[4 + k * 2] ?? 0)),
        y: toImage(anchor.y + (r[5 + k * 2] ?? 0)),
      });
    }
    detections.push({
      box: {
        x: toImage(anchor.x + dx - width / 2),
        y: toImage(anchor.y + dy - height / 2),
        width: toImage(width),
        height: toImage(height),
      },
      landmarks,
      score,
    });
  }
  return detections;
};

// [Note: Face non-maximum suppression]
//
// BlazeFace answers a face from several neighbouring anchors, whose boxes
// overlap it almost entirely (IoU 0.6 to 0.9 on the fixtures). Two faces of
// a group photo overlap far less: cheek to cheek, the boxes of the fixtures'
// closest pair do not touch. A box overlapping a better one by 0.3 or more
// is dropped; that is the reference's rule (greedy, best first) with a
// lower threshold than its 0.4, as BlazeFace's duplicates are looser than
// YOLO's.
/** See: [Note: Face non-maximum suppression] */
export const faceOverlapThreshold = 0.3;

/** The best detections, best first, none overlapping a better one by `iouThreshold` or more. */
export const suppressOverlappingFaces = (
  detections: readonly FaceDetection[],
  iouThreshold: number = faceOverlapThreshold,
): FaceDetection[] => {
  const kept: FaceDetection[] = [];
  for (const detection of [...detections].sort((a, b) => b.score - a.score)) {
    if (kept.every((better) => intersectionOverUnion(better.box, detection.box) < iouThreshold)) {
      kept.push(detection);
    }
  }
  return kept;
};
