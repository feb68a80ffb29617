import type { RGBAImage } from "../../ml/clip/clip-embedder";

// How large an image the QR scanner looks at, and the reduction that gets a
// larger one there. Pure.

/**
 * [Note: A QR scan looks at 1600 px at most]
 *
 * jsQR's work grows with the pixels it is given, and most with what it must
 * rule out: a real photo without a code (the 5184×3456 DSLR fixture) took
 * 0.6 s at 1000 px on its long side, 0.9 s at 1600, 2.2 s at 2000 and 8.5 s
 * at full size in Node 20 on the 2-core bench machine (a code on white takes
 * 0.1 to 0.15 s up to 2000 px). 1600 px keeps the scan under a second while
 * a code that fills a tenth of a 4000 px photo's width still has 400 px,
 * about 6 px a module for a 57-module code (version 10, an `otpauth://` URI
 * with a long secret); jsQR finds codes down to 2 or 3 px a module.
 */
export const qrScanMaxSidePx = 1600;

/**
 * The whole number of pixels each side of a block averaged into one pixel,
 * so that the image's longest side is at most `maxSidePx`: 1 when it
 * already is.
 */
export const reductionFactor = ({ width, height }: RGBAImage, maxSidePx: number): number =>
  Math.max(1, Math.ceil(Math.max(width, height) / maxSidePx));

/**
 * `image` reduced by `factor`: each `factor`×`factor` block of pixels
 * averaged into one (a box filter, so a QR code's modules stay sharp-edged
 * greys rather than aliasing into noise), the partial blocks at the right
 * and bottom edges averaged over the pixels they have.
 */
export const reducedImage = (image: RGBAImage, factor: number): RGBAImage => {
  const { width, height, data } = image;
  if (factor <= 1) return image;
  const reducedWidth = Math.ceil(width / factor);
  const reducedHeight = Math.ceil(height / factor);
  const reduced = new Uint8ClampedArray(reducedWidth * reducedHeight * 4);
  // One row of sums at a time: each source row is read once.
  const sums = new Float64Array(reducedWidth * 4);
  const counts = new Float64Array(reducedWidth);
  for (let reducedY = 0; reducedY < reducedHeight; reducedY++) {
    sums.fill(0);
    counts.fill(0);
    const lastY = Math.min(height, (reducedY + 1) * factor);
    for (let y = reducedY * factor; y < lastY; y++) {
      let source = y * width * 4;
      for (let x = 0; x < width; x++, source += 4) {
        const cell = Math.floor(x / factor);
        const sum = cell * 4;
        sums[sum] = (sums[sum] ?? 0) + (data[source] ?? 0);
        sums[sum + 1] = (sums[sum + 1] ?? 0) + (data[source + 1] ?? 0);
        sums[sum + 2] = (sums[sum + 2] ?? 0) + (data[source + 2] ?? 0);
        sums[sum + 3] = (sums[sum + 3] ?? 0) + (data[source + 3] ?? 0);
        counts[cell] = (counts[cell] ?? 0) + 1;
      }
    }
    for (let cell = 0; cell < reducedWidth; cell++) {
      const count = counts[cell] ?? 1;
      const target = (reducedY * reducedWidth + cell) * 4;
      for (let channel = 0; channel < 4; channel++) {
        reduced[target + channel] = (sums[cell * 4 + channel] ?? 0) / count;
      }
    }
  }
  return { width: reducedWidth, height: reducedHeight, data: reduced };
};
