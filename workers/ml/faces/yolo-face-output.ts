import { type Box, type Point, intersectionOverUnion } from "./face-geometry";

// YOLOv5s-face's output, as the reference reads it: the rows that are faces,
// in the image's pixels, without duplicates. Pure.
//
// [Note: YOLOv5s-face letterboxes inside its graph]
//
// The reference's `yolov5s_face_opset18_rgba_opt_nosplits.onnx` takes the
// whole image as it is, uint8 RGBA `[height, width, 4]` named `input` (the
// reference's desktop ML worker and mobile apps give it the decoded pixels
// and their shape). The graph scales it to fit 640×640 keeping its aspect
// ratio, pads the right or bottom, and answers rows of 16 floats named
// `output`, in the pixels of that 640×640 square:
//   centre x, centre y, width, height, score,
//   5 landmarks as x, y (in the reference's names: left eye, right eye,
//   nose, left and right corners of the mouth),
//   class score (unused: there is one class).
// So the client undoes the letterbox itself: the scaled image is
// `round(width × scale)` × `round(height × scale)` with scale =
// min(640 / width, 640 / height), at the square's top-left corner, and a
// square pixel x is the image pixel x × width / scaledWidth (y likewise).
// Rows scoring under 0.7 are not faces; the rest overlap for one face (the
// model answers many anchors), and the reference keeps the best of those
// overlapping with an IoU of 0.4 or more (its `naiveNonMaxSuppression`).

/** The square the detector sees. See: [Note: YOLOv5s-face letterboxes inside its graph] */
export const yoloInputSizePx = 640;
/** Floats in one output row. */
export const yoloRowLength = 16;
/** The reference's minimum score for a row to be a face. */
export const yoloFaceScoreThreshold = 0.7;
/** The reference's overlap for two rows to be one face. */
export const yoloFaceIoUThreshold = 0.4;

/** A face the detector found, in the image's pixels. */
export interface YoloFaceDetection {
  box: Box;
  /** Left eye, right eye, nose, left and right mouth corners (the reference's order). */
  landmarks: Point[];
  score: number;
}

/** The image's size once scaled into the square (its top-left part). */
export const letterboxedSizePx = (
  widthPx: number,
  heightPx: number,
): { widthPx: number; heightPx: number } => {
  const scale = Math.min(yoloInputSizePx / widthPx, yoloInputSizePx / heightPx);
  const fit = (side: number) => Math.min(Math.max(Math.round(side * scale), 0), yoloInputSizePx);
  return { widthPx: fit(widthPx), heightPx: fit(heightPx) };
};

/**
 * The best of overlapping detections: sorted by score, each dropped when it
 * overlaps a better one kept by `iouThreshold` or more.
 */
export const nonMaximumSuppression = <T extends { box: Box; score: number }>(
  detections: readonly T[],
  iouThreshold: number,
): T[] => {
  const kept: T[] = [];
  for (const detection of [...detections].sort((a, b) => b.score - a.score)) {
    if (kept.every((better) => intersectionOverUnion(better.box, detection.box) < iouThreshold)) {
      kept.push(detection);
    }
  }
  return kept;
};

/**
 * The faces of the detector's rows for an image of `widthPx` × `heightPx`,
 * in its pixels, best score first. See: [Note: YOLOv5s-face letterboxes inside its graph]
 */
export const yoloFaceDetections = (
  rows: ArrayLike<number>,
  widthPx: number,
  heightPx: number,
  minScore: number = yoloFaceScoreThreshold,
): YoloFaceDetection[] => {
  const scaled = letterboxedSizePx(widthPx, heightPx);
  const scaleX = widthPx / scaled.widthPx;
  const scaleY = heightPx / scaled.heightPx;
  const at = (i: number) => rows[i] ?? 0;
  const detections: YoloFaceDetection[] = [];
  for (let row = 0; row + yoloRowLength <= rows.length; row += yoloRowLength) {
    const score = at(row + 4);
    if (!(score >= minScore)) continue;
    const width = at(row + 2);
    const height = at(row + 3);
    const landmarks: Point[] = [];
    for (let i = 0; i < 5; i++) {
      landmarks.push({ x: at(row + 5 + 2 * i) * scaleX, y: at(row + 6 + 2 * i) * scaleY });
    }
    detections.push({
      box: {
        x: (at(row) - width / 2) * scaleX,
        y: (at(row + 1) - height / 2) * scaleY,
        width: width * scaleX,
        height: height * scaleY,
      },
      landmarks,
      score,
    });
  }
  return nonMaximumSuppression(detections, yoloFaceIoUThreshold);
};
