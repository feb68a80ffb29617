// The editor's colour maths in plain JavaScript, written from the note's
// text (not from the shader): the yardstick the renderer's output is held
// against. See: [Note: The editor's adjustments]

import { type ColourMatrix, editFilterMatrices, lumaWeights } from "./filter-matrices";
import type { EditRenderSpec } from "./render-spec";

export type Rgb = readonly [r: number, g: number, b: number];

type ColourSpec = Pick<EditRenderSpec, "adjustments" | "filter" | "filterStrength">;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

const smoothstep = (edge0: number, edge1: number, x: number) => {
  const t = clamp((x - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
};

const luminance = ([r, g, b]: Rgb) => lumaWeights[0] * r + lumaWeights[1] * g + lumaWeights[2] * b;

const map = (rgb: Rgb, f: (value: number, channel: number) => number): Rgb => [
  f(rgb[0], 0),
  f(rgb[1], 1),
  f(rgb[2], 2),
];

const applyMatrix = (matrix: ColourMatrix, rgb: Rgb): Rgb =>
  map(rgb, (_, channel) => {
    const [wr, wg, wb, offset] = matrix[channel] ?? [0, 0, 0, 0];
    return wr * rgb[0] + wg * rgb[1] + wb * rgb[2] + offset;
  });

/** An sRGB colour (0..1) through the spec's adjustments and filter, steps 1 to 8. */
export const adjustPixel = (input: Rgb, spec: ColourSpec): Rgb => {
  const v = (value: number) => value / 100;
  const { adjustments: adj } = spec;
  let rgb = map(input, (c) => c * 2 ** (2 * v(adj.exposure)));
  rgb = map(rgb, (c) => c + 0.25 * v(adj.brightness));
  rgb = map(rgb, (c) => (c - 0.5) * (1 + v(adj.contrast)) + 0.5);
  const light = clamp(luminance(rgb), 0, 1);
  const lift =
    0.25 * v(adj.shadows) * (1 - smoothstep(0, 0.5, light)) +
    0.25 * v(adj.highlights) * smoothstep(0.5, 1, light);
  rgb = map(rgb, (c) => c + lift);
  rgb = [rgb[0] + 0.1 * v(adj.warmth), rgb[1], rgb[2] - 0.1 * v(adj.warmth)];
  const current = luminance(rgb);
  rgb = map(rgb, (c) => current + (c - current) * (1 + v(adj.saturation)));
  const filtered = applyMatrix(editFilterMatrices[spec.filter], rgb);
  const strength = spec.filterStrength / 100;
  rgb = map(rgb, (c, channel) => c + ((filtered[channel] ?? c) - c) * strength);
  return map(rgb, (c) => clamp(c, 0, 1));
};

/** An 8-bit pixel through the same, stored back as 8 bits (rounded to nearest). */
export const adjustPixel8Bit = (pixel: Rgb, spec: ColourSpec): Rgb =>
  map(
    adjustPixel(
      map(pixel, (c) => c / 255),
      spec,
    ),
    (c) => Math.round(c * 255),
  );
