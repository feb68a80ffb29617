// The editor's filters as colour matrices: pure data, read by the renderer's
// shader (workers/editor) and by the model's per-pixel reference alike.
// See: [Note: The editor's adjustments] (workers/editor/colour-shader.ts),
// step 7, for how a matrix applies.

import type { EditFilterName } from "./render-spec";

/** One row of a colour matrix: the weights of r, g and b, then an offset (all on 0..1 values). */
export type ColourMatrixRow = readonly [r: number, g: number, b: number, offset: number];

/** A 3×4 colour matrix: the rows making the new r, g and b. */
export type ColourMatrix = readonly [r: ColourMatrixRow, g: ColourMatrixRow, b: ColourMatrixRow];

/** Rec. 709 luminance weights of sRGB values, as the adjustments use them. */
export const lumaWeights = [0.2126, 0.7152, 0.0722] as const;

const [lumaR, lumaG, lumaB] = lumaWeights;

const diagonal = (r: number, g: number, b: number, offset = 0): ColourMatrix => [
  [r, 0, 0, offset],
  [0, g, 0, offset],
  [0, 0, b, offset],
];

/** Every row the luminance, times `gain`, plus `offset`. */
const luminance = (gain: number, offset: number): ColourMatrix => {
  const row: ColourMatrixRow = [gain * lumaR, gain * lumaG, gain * lumaB, offset];
  return [row, row, row];
};

/** rgb = L + (rgb − L)·s as a matrix: each row (1 − s)·luma plus s on the diagonal. */
const saturation = (s: number): ColourMatrix => {
  const row = (own: 0 | 1 | 2): ColourMatrixRow => [
    (1 - s) * lumaR + (own === 0 ? s : 0),
    (1 - s) * lumaG + (own === 1 ? s : 0),
    (1 - s) * lumaB + (own === 2 ? s : 0),
    0,
  ];
  return [row(0), row(1), row(2)];
};

/** Vivid's saturation factor. */
const vividSaturation = 1.35;
/** Noir's contrast around mid-grey: (mono − 0.5)·1.4 + 0.5 = 1.4·mono − 0.2. */
const noirContrast = 1.4;

export const editFilterMatrices: Readonly<Record<EditFilterName, ColourMatrix>> = {
  none: diagonal(1, 1, 1),
  vivid: saturation(vividSaturation),
  mono: luminance(1, 0),
  noir: luminance(noirContrast, 0.5 - noirContrast * 0.5),
  warm: diagonal(1.08, 1.0, 0.9),
  cool: diagonal(0.92, 1.0, 1.08),
  fade: diagonal(0.85, 0.85, 0.85, 0.08),
  // The classic sepia tone matrix.
  sepia: [
    [0.393, 0.769, 0.189, 0],
    [0.349, 0.686, 0.168, 0],
    [0.272, 0.534, 0.131, 0],
  ],
};
