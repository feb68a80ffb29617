// The colour side of the editor as numbers: each adjustment's range and
// exact meaning, each filter as a colour matrix with a fade and a vignette,
// and `adjustPixel`, the reference the renderer's shader is tested against.
//
// [Note: What the editor's adjustments mean numerically]
//
// A pixel's (r, g, b) are its display-encoded (sRGB) values in 0..1, as a
// texture samples them. Each adjustment a in −100..100 enters as p = a / 100,
// and the steps run in this order (every operation on a colour is per channel):
//
//  1. Linearise: L = c ≤ 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4.
//  2. Exposure, in stops of light: L ·= 2^(2·p_exposure), ±2 stops.
//  3. Warmth, a white-balance shift of red against blue in linear light:
//     L_r ·= 1 + 0.2·p_warmth, L_b ·= 1 − 0.2·p_warmth (green stays).
//  4. Re-encode: c = L ≤ 0.0031308 ? 12.92·L : 1.055·L^(1/2.4) − 0.055
//     (no clamp yet: values above 1 follow the same curve).
//  5. Brightness, additive: c += 0.25·p_brightness.
//  6. Contrast about mid-grey: c = (c − 0.5)·2^p_contrast + 0.5, so the slope
//     runs from ½ to 2.
//  7. Shadows and highlights, tone-curve lifts on the luma
//     Y = 0.2126·r + 0.7152·g + 0.0722·b (Rec. 709 weights):
//       s = clamp(Y, 0, 0.5), bump_shadows    = 8·s·(1 − 2·s)
//       h = clamp(Y, 0.5, 1), bump_highlights = 8·(2·h − 1)·(1 − h)
//       c += 0.1·(p_shadows·bump_shadows + p_highlights·bump_highlights)
//     Each bump is 0 at black, mid-grey and white and 1 at a quarter (or
//     three quarters) of the way, so shadows move the tones below mid-grey,
//     highlights those above; the bumps' slope is at most 8, so the curve
//     Y + 0.1·p·bump(Y) keeps rising: no tone overtakes another.
//  8. Saturation, mixing with the luma: Y' = luma(c) as in 7, then
//     c = Y' + (c − Y')·(1 + p_saturation); −100 is grey, 100 twice as vivid.
//  9. Clamp to 0..1: the adjusted colour A.
// Then the filter F (`editFilterPresets`), on A's display-encoded values:
// 10. The colour matrix, rows (r, g, b), columns (r, g, b, 1):
//     f_r = m0·A_r + m1·A_g + m2·A_b + m3, f_g with m4..m7, f_b with m8..m11.
// 11. Fade (a matte look): f = fade + f·(1 − 1.5·fade): black rises to
//     `fade`, white comes down by half as much.
// 12. Vignette: f ·= 1 − vignette·smoothstep(0.5, 1, d), with d the output
//     pixel centre's distance from the output's centre over the half-diagonal
//     (0 at the centre, 1 in the corners), smoothstep as GLSL's:
//     t = clamp((d − 0.5) / 0.5, 0, 1), t²·(3 − 2t).
// 13. Clamp to 0..1, then mix by strength: out = A + (f − A)·strength / 100.
//
// Every step is the identity at 0 (steps 1 and 4 invert each other). More
// brightness never darkens a channel of A whatever the other adjustments
// (it lifts the three channels alike, and the tone curve keeps rising); more
// exposure never does while shadows, highlights and saturation are 0 (those
// move a channel by the others' luma).

import type { EditAdjustments, EditFilterName } from "./render-spec";

export type AdjustmentName = keyof EditAdjustments;

export const editAdjustmentNames: readonly AdjustmentName[] = [
  "exposure",
  "brightness",
  "contrast",
  "highlights",
  "shadows",
  "saturation",
  "warmth",
];

export interface AdjustmentRange {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly default: number;
}

/** Every adjustment runs −100..100 by whole steps from 0. See: [Note: What the editor's adjustments mean numerically] */
const sliderRange: AdjustmentRange = { min: -100, max: 100, step: 1, default: 0 };

export const editAdjustmentRanges: Readonly<Record<AdjustmentName, AdjustmentRange>> = {
  exposure: sliderRange,
  brightness: sliderRange,
  contrast: sliderRange,
  highlights: sliderRange,
  shadows: sliderRange,
  saturation: sliderRange,
  warmth: sliderRange,
};

export const neutralEditAdjustments: EditAdjustments = {
  brightness: 0,
  contrast: 0,
  saturation: 0,
  exposure: 0,
  highlights: 0,
  shadows: 0,
  warmth: 0,
};

/** A colour matrix, 3 rows (r, g, b) by 4 columns (r, g, b, constant), row by row. */
// prettier-ignore
export type ColorMatrix3x4 = readonly [
  number, number, number, number,
  number, number, number, number,
  number, number, number, number,
];

export interface EditFilterPreset {
  readonly matrix: ColorMatrix3x4;
  /** 0..1: how far black rises. See: [Note: What the editor's adjustments mean numerically] */
  readonly fade: number;
  /** 0..1: how much the corners darken. */
  readonly vignette: number;
}

export const identityColorMatrix: ColorMatrix3x4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];

/** Rec. 709 luma weights, used for every "grey" in the editor. */
export const lumaWeights = { r: 0.2126, g: 0.7152, b: 0.0722 } as const;

/** The matrix that applies `first`, then `second`. */
export const thenColorMatrix = (first: ColorMatrix3x4, second: ColorMatrix3x4): ColorMatrix3x4 => {
  const at = (matrix: ColorMatrix3x4, row: number, column: number) => matrix[row * 4 + column] ?? 0;
  const entry = (row: number, column: number) =>
    at(second, row, 0) * at(first, 0, column) +
    at(second, row, 1) * at(first, 1, column) +
    at(second, row, 2) * at(first, 2, column) +
    (column === 3 ? at(second, row, 3) : 0);
  // prettier-ignore
  return [
    entry(0, 0), entry(0, 1), entry(0, 2), entry(0, 3),
    entry(1, 0), entry(1, 1), entry(1, 2), entry(1, 3),
    entry(2, 0), entry(2, 1), entry(2, 2), entry(2, 3),
  ];
};

/** Mixing with the luma: 0 is grey, 1 unchanged, above 1 more saturated. */
export const saturationColorMatrix = (saturation: number): ColorMatrix3x4 => {
  const { r, g, b } = lumaWeights;
  const rest = 1 - saturation;
  // prettier-ignore
  return [
    r * rest + saturation, g * rest, b * rest, 0,
    r * rest, g * rest + saturation, b * rest, 0,
    r * rest, g * rest, b * rest + saturation, 0,
  ];
};

/** Contrast about mid-grey: c → (c − 0.5)·slope + 0.5. */
export const contrastColorMatrix = (slope: number): ColorMatrix3x4 => {
  const offset = 0.5 * (1 - slope);
  return [slope, 0, 0, offset, 0, slope, 0, offset, 0, 0, slope, offset];
};

/** Each channel scaled and lifted on its own. */
export const channelColorMatrix = (
  scale: readonly [r: number, g: number, b: number],
  lift: readonly [r: number, g: number, b: number] = [0, 0, 0],
): ColorMatrix3x4 => {
  // prettier-ignore
  return [
    scale[0], 0, 0, lift[0],
    0, scale[1], 0, lift[1],
    0, 0, scale[2], lift[2],
  ];
};

/** The classic sepia matrix (as CSS's `sepia()` filter uses). */
// prettier-ignore
const sepiaMatrix: ColorMatrix3x4 = [
  0.393, 0.769, 0.189, 0,
  0.349, 0.686, 0.168, 0,
  0.272, 0.534, 0.131, 0,
];

/**
 * The filters. Their numbers are taste, chosen to read clearly at full
 * strength and stay natural at the strength slider's middle. Each row of
 * each matrix sums to a positive number, so no filter turns a lighter grey
 * into a darker one.
 */
export const editFilterPresets: Readonly<Record<EditFilterName, EditFilterPreset>> = {
  none: { matrix: identityColorMatrix, fade: 0, vignette: 0 },
  vivid: {
    matrix: thenColorMatrix(saturationColorMatrix(1.35), contrastColorMatrix(1.1)),
    fade: 0,
    vignette: 0,
  },
  mono: { matrix: saturationColorMatrix(0), fade: 0, vignette: 0 },
  noir: {
    matrix: thenColorMatrix(saturationColorMatrix(0), contrastColorMatrix(1.4)),
    fade: 0,
    vignette: 0.35,
  },
  warm: { matrix: channelColorMatrix([1.08, 1.02, 0.88], [0.02, 0.01, 0]), fade: 0, vignette: 0 },
  cool: { matrix: channelColorMatrix([0.9, 1, 1.08], [0, 0.01, 0.03]), fade: 0, vignette: 0 },
  fade: { matrix: saturationColorMatrix(0.75), fade: 0.12, vignette: 0 },
  sepia: { matrix: sepiaMatrix, fade: 0.04, vignette: 0.15 },
};

export type Rgb = readonly [r: number, g: number, b: number];

const clamp01 = (value: number): number => Math.min(1, Math.max(0, value));

const linearOfSrgb = (c: number): number =>
  c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;

const srgbOfLinear = (linear: number): number =>
  linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055;

const lumaOf = ([r, g, b]: Rgb): number =>
  lumaWeights.r * r + lumaWeights.g * g + lumaWeights.b * b;

const smoothstep = (edge0: number, edge1: number, x: number): number => {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
};

const mapRgb = (rgb: Rgb, channel: (value: number, index: number) => number): Rgb => [
  channel(rgb[0], 0),
  channel(rgb[1], 1),
  channel(rgb[2], 2),
];

/** Steps 1–9 of the note: the adjusted colour. */
const adjusted = (rgb: Rgb, adjustments: EditAdjustments): Rgb => {
  const p = (name: AdjustmentName) => adjustments[name] / 100;
  const exposureGain = 2 ** (2 * p("exposure"));
  const warmthGains: Rgb = [1 + 0.2 * p("warmth"), 1, 1 - 0.2 * p("warmth")];
  const lit = mapRgb(rgb, (c, i) =>
    srgbOfLinear(linearOfSrgb(c) * exposureGain * (warmthGains[i] ?? 1)),
  );
  const slope = 2 ** p("contrast");
  const toned = mapRgb(lit, (c) => (c + 0.25 * p("brightness") - 0.5) * slope + 0.5);
  const luma = lumaOf(toned);
  const s = Math.min(0.5, Math.max(0, luma));
  const h = Math.min(1, Math.max(0.5, luma));
  const lift =
    0.1 * (p("shadows") * 8 * s * (1 - 2 * s) + p("highlights") * 8 * (2 * h - 1) * (1 - h));
  const curved = mapRgb(toned, (c) => c + lift);
  const grey = lumaOf(curved);
  return mapRgb(curved, (c) => clamp01(grey + (c - grey) * (1 + p("saturation"))));
};

/** Steps 10–12 of the note, before the clamp. */
const filtered = (rgb: Rgb, preset: EditFilterPreset, distanceFromCentreNorm: number): Rgb => {
  const m = (index: number) => preset.matrix[index] ?? 0;
  const row = (start: number) =>
    m(start) * rgb[0] + m(start + 1) * rgb[1] + m(start + 2) * rgb[2] + m(start + 3);
  const darkening = 1 - preset.vignette * smoothstep(0.5, 1, distanceFromCentreNorm);
  return mapRgb([row(0), row(4), row(8)], (c) =>
    clamp01((preset.fade + c * (1 - 1.5 * preset.fade)) * darkening),
  );
};

/**
 * The reference for the renderer: one pixel's display-encoded colour (each
 * 0..1) after the adjustments and the filter at `filterStrength` (0..100).
 * `distanceFromCentreNorm` places the pixel for the vignette (0 at the
 * output's centre, 1 in its corners); at the centre the vignette does nothing.
 * See: [Note: What the editor's adjustments mean numerically]
 */
export const adjustPixel = (
  rgb: Rgb,
  adjustments: EditAdjustments,
  filter: EditFilterName,
  filterStrength: number,
  distanceFromCentreNorm = 0,
): Rgb => {
  const adjustedRgb = adjusted(rgb, adjustments);
  const filteredRgb = filtered(adjustedRgb, editFilterPresets[filter], distanceFromCentreNorm);
  const mix = clamp01(filterStrength / 100);
  return mapRgb(adjustedRgb, (c, i) => c + ((filteredRgb[i] ?? c) - c) * mix);
};
