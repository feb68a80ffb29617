import type { RGBAImage } from "./face-crop";
import { type SimilarityTransform, alignedFaceSizePx, inverseSimilarity } from "./face-alignment";

// [Note: MobileFaceNet's input is the aligned face, bicubic, in -1..1]
//
// As the reference makes it (its `warpAffineFloat32List`): each pixel
// (column, row) of the 112×112 face, at its integer coordinates, is taken
// from the image point the alignment's inverse maps it to, by bicubic
// (Catmull-Rom) interpolation of the 4×4 pixels around it. The point is
// first clamped into the image; a neighbour falling outside is replaced by
// the pixel the point falls in, but for one the reference reads otherwise
// and which is kept: the neighbour just above, on the image's top row, is
// grey 114 (the reference tests the column left of it instead of the row
// above, and its pixel reader answers grey outside the image). Each channel
// is truncated to an integer 0..255. Channels are then scaled to -1..1 (v / 127.5 - 1) and written RGB,
// pixel after pixel, rows top to bottom: float32 `[n, 112, 112, 3]` for a
// batch. Following it to the integer keeps our embeddings those the
// reference's apps would compute for the same face.

/** Floats of one face in MobileFaceNet's input. */
export const alignedFaceLength = alignedFaceSizePx * alignedFaceSizePx * 3;

/** Catmull-Rom through p0..p3, at `t` (0..1) between p1 and p2. */
const cubic = (t: number, p0: number, p1: number, p2: number, p3: number) =>
  p1 +
  0.5 *
    (t * (p2 - p0) +
      t * t * (2 * p0 - 5 * p1 + 4 * p2 - p3) +
      t * t * t * (3 * p1 - p0 - 3 * p2 + p3));

/** The grey the reference's pixel reader answers outside the image. */
const outsideGrey = 114;

/** The RGB at image point (`fx`, `fy`), bicubic, written into `out` at `offset`. */
const sampleBicubic = (
  { width, height, data }: RGBAImage,
  fx: number,
  fy: number,
  out: Float32Array,
  offset: number,
) => {
  const x = Math.min(Math.max(fx, 0), width - 1);
  const y = Math.min(Math.max(fy, 0), height - 1);
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const dx = x - x0;
  const dy = y - y0;
  for (let channel = 0; channel < 3; channel++) {
    const centre = data[(y0 * width + x0) * 4 + channel] ?? 0;
    const at = (px: number, py: number) => {
      if (px === x0 && py === y0 - 1 && py < 0 && x0 > 0) return outsideGrey;
      return px < 0 || py < 0 || px >= width || py >= height
        ? centre
        : (data[(py * width + px) * 4 + channel] ?? 0);
    };
    const rowAt = (py: number) =>
      cubic(dx, at(x0 - 1, py), at(x0, py), at(x0 + 1, py), at(x0 + 2, py));
    const value = cubic(dy, rowAt(y0 - 1), rowAt(y0), rowAt(y0 + 1), rowAt(y0 + 2));
    out[offset + channel] = Math.trunc(Math.min(Math.max(value, 0), 255)) / 127.5 - 1;
  }
};

/**
 * The face `alignment` maps to the 112×112 square (image pixels → face
 * pixels), in MobileFaceNet's input, written into `out` at `offset` (so a
 * batch shares one buffer). See: [Note: MobileFaceNet's input is the aligned face, bicubic, in -1..1]
 */
export const writeAlignedFace = (
  image: RGBAImage,
  alignment: SimilarityTransform,
  out: Float32Array,
  offset: number,
): void => {
  const { a, b, tx, ty } = inverseSimilarity(alignment);
  let o = offset;
  for (let row = 0; row < alignedFaceSizePx; row++) {
    for (let column = 0; column < alignedFaceSizePx; column++, o += 3) {
      sampleBicubic(image, a * column - b * row + tx, b * column + a * row + ty, out, o);
    }
  }
};
