// The contract between the editor's pure model (this folder) and the
// renderer (workers/editor): what to draw, and nothing about how. The model
// makes it with `renderSpecOf` (render-spec-of.ts); the renderer draws it on
// the GPU and checks its colours against `adjustPixel` (filter-presets.ts).

/**
 * Adjustments, each −100..100, 0 = unchanged.
 * The exact meaning of each number: See: [Note: The editor's adjustments] (workers/editor/colour-shader.ts)
 */
export interface EditAdjustments {
  brightness: number;
  contrast: number;
  saturation: number;
  exposure: number;
  highlights: number;
  shadows: number;
  warmth: number;
}

export const editFilterNames = [
  "none",
  "vivid",
  "mono",
  "noir",
  "warm",
  "cool",
  "fade",
  "sepia",
] as const;
export type EditFilterName = (typeof editFilterNames)[number];

/**
 * What the renderer draws: an output of `outputWidthPx`×`outputHeightPx`; each output
 * pixel centre (x + 0.5, y + 0.5) maps to a point of the SOURCE BITMAP AS DECODED
 * (before any EXIF orientation), in source pixels: sx = a·x + b·y + c, sy = d·x + e·y + f.
 * A crop stays inside the turned image, so a saved render never asks for a point outside
 * the source; the preview of the crop view (the whole frame, its straightened photo's
 * corners empty) does, and the preview draws such points transparent.
 *
 * Both sides use continuous pixel coordinates with y down: output pixel (i, j)
 * covers [i, i+1]×[j, j+1], so the formula is evaluated at its centre,
 * x = i + 0.5, y = j + 0.5 (a fragment shader's `gl_FragCoord.xy`, once its y is
 * flipped to point down); the source point (sx, sy) is sampled as the texture
 * coordinate (sx / sourceWidthPx, sy / sourceHeightPx), row 0 at the top.
 * The output's corners (0, 0) and (outputWidthPx, outputHeightPx) map to the
 * crop's corners, so a preview with fewer pixels covers the same area.
 */
export interface EditRenderSpec {
  outputWidthPx: number;
  outputHeightPx: number;
  outputToSource: readonly [a: number, b: number, c: number, d: number, e: number, f: number];
  adjustments: EditAdjustments;
  filter: EditFilterName;
  /** 0..100: how strongly the filter applies (100 = fully). */
  filterStrength: number;
}
