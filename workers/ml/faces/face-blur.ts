// [Note: Face blur is the variance of the Laplacian]
//
// As the reference computes it: the face's grayscale (0..255, Rec. 601
// weights) filtered with the 4-neighbour Laplacian kernel [0 1 0; 1 -4 1;
// 0 1 0], and the variance of the result. Sharp edges make large values
// of both signs; a blurred face makes values near zero. The reference takes
// its 112×112 aligned face; we take the 112×112 square of the detector's box
// (eyes to chin, little background), so the figures are of the same order
// but not equal to the reference's. See: [Note: Face clustering thresholds]
// for what the fixtures measure.

/** The side of the square grayscale crop the blur is measured on. */
export const blurCropSizePx = 112;

/** Variance of the Laplacian of the grayscale of `rgb` (`sizePx`², RGB floats 0..255). */
export const laplacianVariance = (rgb: Float32Array, sizePx: number): number => {
  const gray = new Float32Array(sizePx * sizePx);
  for (let i = 0; i < gray.length; i++) {
    gray[i] =
      0.299 * (rgb[i * 3] ?? 0) + 0.587 * (rgb[i * 3 + 1] ?? 0) + 0.114 * (rgb[i * 3 + 2] ?? 0);
  }
  const at = (x: number, y: number) => gray[y * sizePx + x] ?? 0;
  let sum = 0;
  let sumOfSquares = 0;
  let count = 0;
  // The border rows and columns have no full neighbourhood: skipped.
  for (let y = 1; y < sizePx - 1; y++) {
    for (let x = 1; x < sizePx - 1; x++) {
      const laplacian = at(x, y - 1) + at(x - 1, y) + at(x + 1, y) + at(x, y + 1) - 4 * at(x, y);
      sum += laplacian;
      sumOfSquares += laplacian * laplacian;
      count++;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return sumOfSquares / count - mean * mean;
};
