import type { Box, Point } from "./face-geometry";

// Square crops of a face out of an RGBA image, scaled and sampled
// bilinearly. Pure JavaScript: a crop is a few ten thousand pixels, and
// doing it here keeps it the same on every tfjs backend.

/** Decoded pixels, 4 bytes a pixel (RGBA), rows top to bottom. */
export interface RGBAImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** An axis-aligned square region of an image: its centre and side, in image pixels. */
export interface FaceSquare {
  center: Point;
  sidePx: number;
}

/** The square centred on `box`, its side `scale` times the box's longer side. */
export const faceSquare = (box: Box, scale = 1): FaceSquare => ({
  center: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  sidePx: scale * Math.max(box.width, box.height),
});

/**
 * The `sizePx`×`sizePx` crop of `square` as RGB floats 0..255, 3 a pixel;
 * what falls outside the image is black (as tfjs's cropAndResize fills it).
 * Written into `out` at `offset` (so a batch shares one buffer).
 */
export const cropRGB = (
  { width, height, data }: RGBAImage,
  { center, sidePx }: FaceSquare,
  sizePx: number,
  out: Float32Array = new Float32Array(sizePx * sizePx * 3),
  offset = 0,
): Float32Array => {
  const step = sidePx / sizePx;
  const half = sizePx / 2;
  let o = offset;
  for (let row = 0; row < sizePx; row++) {
    // Pixel centres are at +0.5: the sample's coordinates in index space.
    const y = center.y + (row + 0.5 - half) * step - 0.5;
    for (let column = 0; column < sizePx; column++, o += 3) {
      const x = center.x + (column + 0.5 - half) * step - 0.5;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      for (let channel = 0; channel < 3; channel++) {
        const at = (px: number, py: number) =>
          px < 0 || py < 0 || px >= width || py >= height
            ? 0
            : (data[(py * width + px) * 4 + channel] ?? 0);
        const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
        const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
        out[o + channel] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return out;
};
