// The editor's adjustments as the sliders offer them: their names in the
// order shown, their ranges, and the neutral setting. What each value does
// to a pixel is [Note: The editor's adjustments] (workers/editor/colour-shader.ts),
// with `adjustPixel` (adjust-pixel.ts) its plain reference.

import type { EditAdjustments } from "./render-spec";

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

/** Every adjustment runs −100..100 by whole steps from 0. See: [Note: The editor's adjustments] */
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
