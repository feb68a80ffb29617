import { alignedFaceSizePx } from "./face-alignment";
import type { Point } from "./face-geometry";

// [Note: The reference's face blur]
//
// The reference engine's blur is the reference's own figure, so that its
// clustering rules (blur 10 and under is too blurry, under 200 is "bad")
// apply unchanged. It is the variance of the Laplacian as in [Note: Face
// blur is the variance of the Laplacian], but not the same quantity as the
// built-in engine's (face-blur.ts), which measures the detector box's
// square over all its pixels:
// - the image is the aligned face, MobileFaceNet's input turned back to
//   bytes (each channel rounded) and to an integer grayscale (Rec. 601,
//   rounded);
// - only half its columns are measured, 56 of 112: the middle ones for a
//   face looking straight, the right half for a face turned left, the left
//   half for one turned right (where the background would count otherwise);
// - the border is mirrored (the row or column one further in) instead of
//   being skipped, so the variance is over all 112 × 56 values.
// A face is turned left when its nose is left of both eyes and both mouth
// corners, or when the face is upright (eyes above the nose above the mouth,
// with a margin of half their tilt) and the nose is within a fifth of the
// eyes' distance of the left eye; right likewise.

/** Columns left out of the measure. See: [Note: The reference's face blur] */
const leftOutColumns = 56;

export type FaceDirection = "left" | "right" | "straight";

/** Where the face looks, from its 5 landmarks (in any units). */
export const faceDirection = (landmarks: readonly Point[]): FaceDirection => {
  const [leftEye, rightEye, nose, leftMouth, rightMouth] = landmarks;
  if (!leftEye || !rightEye || !nose || !leftMouth || !rightMouth) return "straight";
  const eyeDistanceX = Math.abs(rightEye.x - leftEye.x);
  const eyeDistanceY = Math.abs(rightEye.y - leftEye.y);
  const mouthDistanceY = Math.abs(rightMouth.y - leftMouth.y);
  const upright =
    Math.max(leftEye.y, rightEye.y) + 0.5 * eyeDistanceY < nose.y &&
    nose.y + 0.5 * mouthDistanceY < Math.min(leftMouth.y, rightMouth.y);
  const noseOutLeft =
    nose.x < Math.min(leftEye.x, rightEye.x) && nose.x < Math.min(leftMouth.x, rightMouth.x);
  const noseOutRight =
    nose.x > Math.max(leftEye.x, rightEye.x) && nose.x > Math.max(leftMouth.x, rightMouth.x);
  if (noseOutLeft || (upright && Math.abs(nose.x - leftEye.x) < 0.2 * eyeDistanceX)) return "left";
  if (noseOutRight || (upright && Math.abs(nose.x - rightEye.x) < 0.2 * eyeDistanceX)) {
    return "right";
  }
  return "straight";
};

const toByte = (value: number) => Math.min(Math.max(Math.round((value + 1) * 127.5), 0), 255);

/**
 * The blur of the aligned face at `offset` in `faces` (MobileFaceNet's
 * input: 112×112 RGB in -1..1), looking `direction`.
 * See: [Note: The reference's face blur]
 */
export const referenceFaceBlur = (
  faces: Float32Array,
  offset: number,
  direction: FaceDirection,
): number => {
  const size = alignedFaceSizePx;
  const gray = new Float64Array(size * size);
  for (let i = 0; i < gray.length; i++) {
    const o = offset + i * 3;
    const luma =
      0.299 * toByte(faces[o] ?? 0) +
      0.587 * toByte(faces[o + 1] ?? 0) +
      0.114 * toByte(faces[o + 2] ?? 0);
    gray[i] = Math.min(Math.max(Math.round(luma), 0), 255);
  }
  const rows = size;
  const columns = size - leftOutColumns;
  const firstColumn =
    direction === "straight" ? leftOutColumns / 2 : direction === "left" ? leftOutColumns : 0;
  /** The measured region, 1-based, with its border (0 and last + 1) mirrored. */
  const at = (row: number, column: number) => {
    const r = row === 0 ? 2 : row === rows + 1 ? rows - 1 : row;
    const c = column === 0 ? 2 : column === columns + 1 ? columns - 1 : column;
    return gray[(r - 1) * size + firstColumn + c - 1] ?? 0;
  };
  let sum = 0;
  let sumOfSquares = 0;
  for (let row = 1; row <= rows; row++) {
    for (let column = 1; column <= columns; column++) {
      const laplacian =
        at(row - 1, column) +
        at(row + 1, column) +
        at(row, column - 1) +
        at(row, column + 1) -
        4 * at(row, column);
      sum += laplacian;
      sumOfSquares += laplacian * laplacian;
    }
  }
  const count = rows * columns;
  const mean = sum / count;
  return sumOfSquares / count - mean * mean;
};
