// The editor's colour maths on the GPU: the fragment shader's text (WebGL2's
// GLSL ES 3.00 and WebGL1's 1.00 around one body) and its uniforms' values
// from a spec. See: [Note: The editor's adjustments]

import { editFilterMatrices, lumaWeights } from "../../shared/model/editor/filter-matrices";
import type { EditRenderSpec } from "../../shared/model/editor/render-spec";

/**
 * [Note: The editor's adjustments]
 *
 * The one definition of what the adjustments and filters do to a pixel,
 * which this shader and the model's per-pixel reference (`adjustPixel`)
 * both follow. Input: sRGB values in 0..1 (no linearisation); for each
 * adjustment v = value / 100, in −1..1. In this order:
 *
 * 1. exposure: rgb *= 2^(2·v_exposure) (±2 stops);
 * 2. brightness: rgb += 0.25·v_brightness;
 * 3. contrast: rgb = (rgb − 0.5)·(1 + v_contrast) + 0.5 (−1 gives flat grey);
 * 4. highlights and shadows, on the luminance L = 0.2126·r + 0.7152·g +
 *    0.0722·b clamped to 0..1: rgb += 0.25·v_shadows·(1 − smoothstep(0,
 *    0.5, L)) + 0.25·v_highlights·smoothstep(0.5, 1, L), with smoothstep(e0,
 *    e1, x) = t²·(3 − 2t), t = clamp((x − e0) / (e1 − e0), 0, 1);
 * 5. warmth: r += 0.1·v_warmth, b −= 0.1·v_warmth;
 * 6. saturation: rgb = L' + (rgb − L')·(1 + v_saturation), L' the luminance
 *    of the current rgb, not clamped;
 * 7. filter: with its 3×4 colour matrix M (rows r, g, b; columns r, g, b,
 *    offset; `shared/model/editor/filter-matrices.ts`), rgb = mix(rgb,
 *    M·[rgb, 1], strength / 100);
 * 8. clamp to 0..1.
 *
 * Nothing is clamped between the steps but L in step 4: a value pushed past
 * 1 by exposure can come back with contrast. The output is then stored as
 * 8-bit (rounded to nearest) by the GPU, or by the reference's caller.
 */

/** A spec's adjustments and filter as the shader's uniforms take them. */
export interface ColourUniforms {
  exposureGain: number;
  brightnessOffset: number;
  contrastGain: number;
  shadowsLift: number;
  highlightsLift: number;
  warmthShift: number;
  saturationGain: number;
  /** The filter's 3×3 part, column by column (as `uniformMatrix3fv` takes it). */
  filterColumns: readonly number[];
  filterOffset: readonly [number, number, number];
  filterStrength: number;
}

const clampUnit = (value: number, low: number, high: number) =>
  Math.min(high, Math.max(low, Number.isFinite(value) ? value : 0));

/** The uniforms of `spec` (values outside −100..100 and 0..100 are clamped). */
export const colourUniforms = ({
  adjustments,
  filter,
  filterStrength,
}: Pick<EditRenderSpec, "adjustments" | "filter" | "filterStrength">): ColourUniforms => {
  const v = (value: number) => clampUnit(value, -100, 100) / 100;
  const [r, g, b] = editFilterMatrices[filter];
  return {
    exposureGain: 2 ** (2 * v(adjustments.exposure)),
    brightnessOffset: 0.25 * v(adjustments.brightness),
    contrastGain: 1 + v(adjustments.contrast),
    shadowsLift: 0.25 * v(adjustments.shadows),
    highlightsLift: 0.25 * v(adjustments.highlights),
    warmthShift: 0.1 * v(adjustments.warmth),
    saturationGain: 1 + v(adjustments.saturation),
    filterColumns: [r[0], g[0], b[0], r[1], g[1], b[1], r[2], g[2], b[2]],
    filterOffset: [r[3], g[3], b[3]],
    filterStrength: clampUnit(filterStrength, 0, 100) / 100,
  };
};

/** The uniforms' names, as the shader declares them. */
export const colourUniformNames = {
  exposureGain: "uExposureGain",
  brightnessOffset: "uBrightnessOffset",
  contrastGain: "uContrastGain",
  shadowsLift: "uShadowsLift",
  highlightsLift: "uHighlightsLift",
  warmthShift: "uWarmthShift",
  saturationGain: "uSaturationGain",
  filterColumns: "uFilter",
  filterOffset: "uFilterOffset",
  filterStrength: "uFilterStrength",
} as const satisfies Record<keyof ColourUniforms, string>;

/** The map from gl_FragCoord to texture coordinates, as two rows. See texture-mapping.ts. */
export const mappingUniformNames = { rowU: "uTextureU", rowV: "uTextureV" } as const;
/**
 * 1: a point outside the texture is drawn transparent (the preview of the
 * crop view, whose frame shows the straightened photo's empty corners);
 * 0: the texture's edge is sampled (a full render never asks outside).
 */
export const outsideUniformName = "uClearOutside";
export const sourceSamplerName = "uSource";

const glslFloat = (value: number) => {
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
};

/** The shared body: uniforms and `editedColour`, in GLSL both versions accept. */
const shaderBody = `
precision highp float;
uniform sampler2D ${sourceSamplerName};
uniform vec3 ${mappingUniformNames.rowU};
uniform vec3 ${mappingUniformNames.rowV};
uniform float ${outsideUniformName};
uniform float ${colourUniformNames.exposureGain};
uniform float ${colourUniformNames.brightnessOffset};
uniform float ${colourUniformNames.contrastGain};
uniform float ${colourUniformNames.shadowsLift};
uniform float ${colourUniformNames.highlightsLift};
uniform float ${colourUniformNames.warmthShift};
uniform float ${colourUniformNames.saturationGain};
uniform mat3 ${colourUniformNames.filterColumns};
uniform vec3 ${colourUniformNames.filterOffset};
uniform float ${colourUniformNames.filterStrength};

const vec3 LUMA = vec3(${lumaWeights.map(glslFloat).join(", ")});

// See: [Note: The editor's adjustments]
vec3 editedColour(vec3 rgb) {
  rgb *= ${colourUniformNames.exposureGain};
  rgb += ${colourUniformNames.brightnessOffset};
  rgb = (rgb - 0.5) * ${colourUniformNames.contrastGain} + 0.5;
  float luma = clamp(dot(rgb, LUMA), 0.0, 1.0);
  rgb += ${colourUniformNames.shadowsLift} * (1.0 - smoothstep(0.0, 0.5, luma))
    + ${colourUniformNames.highlightsLift} * smoothstep(0.5, 1.0, luma);
  rgb.r += ${colourUniformNames.warmthShift};
  rgb.b -= ${colourUniformNames.warmthShift};
  float currentLuma = dot(rgb, LUMA);
  rgb = currentLuma + (rgb - currentLuma) * ${colourUniformNames.saturationGain};
  vec3 filtered = ${colourUniformNames.filterColumns} * rgb + ${colourUniformNames.filterOffset};
  rgb = mix(rgb, filtered, ${colourUniformNames.filterStrength});
  return clamp(rgb, 0.0, 1.0);
}

vec2 sourcePoint() {
  vec3 fragment = vec3(gl_FragCoord.xy, 1.0);
  return vec2(dot(${mappingUniformNames.rowU}, fragment), dot(${mappingUniformNames.rowV}, fragment));
}

// 0 where the point is outside the texture and outside points are cleared, else 1.
float coverage(vec2 point) {
  vec2 inside = step(vec2(0.0), point) * step(point, vec2(1.0));
  return mix(1.0, inside.x * inside.y, ${outsideUniformName});
}
`;

export type GlslVersion = "300 es" | "100";

/** The fragment shader for `version` (WebGL2 takes "300 es", WebGL1 "100"). */
export const fragmentShaderSource = (version: GlslVersion): string =>
  version === "300 es"
    ? `#version 300 es
${shaderBody}
out vec4 outColour;
void main() {
  vec2 point = sourcePoint();
  outColour = vec4(editedColour(texture(${sourceSamplerName}, point).rgb), 1.0) * coverage(point);
}
`
    : `${shaderBody}
void main() {
  vec2 point = sourcePoint();
  gl_FragColor = vec4(editedColour(texture2D(${sourceSamplerName}, point).rgb), 1.0) * coverage(point);
}
`;

/** The vertex shader: one triangle covering the viewport (its corners in `aCorner`). */
export const vertexShaderSource = (version: GlslVersion): string =>
  version === "300 es"
    ? `#version 300 es
in vec2 aCorner;
void main() { gl_Position = vec4(aCorner, 0.0, 1.0); }
`
    : `attribute vec2 aCorner;
void main() { gl_Position = vec4(aCorner, 0.0, 1.0); }
`;

export const cornerAttributeName = "aCorner";
