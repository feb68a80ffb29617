// The preview: the photo scaled to a copy that fits one texture (with
// mipmaps, so a view zoomed out reads it without aliasing), drawn with the
// spec's edit into the preview canvas, fitted and centred.
//
// [Note: The preview samples one mip level]
//
// The preview's map from canvas to photo is affine: one scale for the whole
// frame. So instead of trilinear sampling (the GPU choosing and blending two
// mip levels per pixel, eight texel reads), the renderer picks the level
// nearest that scale once per frame and samples it bilinearly (four reads):
// each pixel then spans 0.71 to 1.41 texels of its level, which bilinear
// sampling takes without visible aliasing. On a GPU either is cheap; with
// WebGL on the CPU (SwiftShader, where Chromium has no GPU) trilinear
// sampling made a 1280×800 frame about twice as slow. WebGL1 cannot mipmap
// a texture whose sides are not powers of two: it samples the copy's level 0.

import type { EditRenderSpec } from "../../shared/model/editor/render-spec";
import type { Affine2d } from "../../shared/model/editor/affine-2d";
import { colourUniforms } from "./colour-shader";
import type { EditorGl } from "./gl-renderer";
import { type PixelSize, scaledToFit } from "./pixel-geometry";
import { previewFitRect } from "../../shared/model/editor/preview-fit";
import { previewFragmentToTexture } from "./texture-mapping";

export interface PreviewSource {
  texture: WebGLTexture;
  /** The full photo's size (the spec's source), not the copy's. */
  sourceSize: PixelSize;
  /** The copy's size: its level 0. */
  textureSize: PixelSize;
  /** Its mip levels (1 without mipmaps). */
  levelCount: number;
}

/** Mip levels of a texture of `size` with a full chain: down to 1 × 1. */
const mipLevelCount = ({ widthPx, heightPx }: PixelSize) =>
  Math.floor(Math.log2(Math.max(widthPx, heightPx))) + 1;

/**
 * The mip level a frame samples: the one whose texels come nearest one per
 * canvas pixel along the map's longer step. See: [Note: The preview samples one mip level]
 */
export const previewMipLevel = (
  [a, b, , d, e]: Affine2d,
  textureSize: PixelSize,
  levelCount: number,
): number => {
  const texelsPerPixel = Math.max(
    Math.hypot(a * textureSize.widthPx, d * textureSize.heightPx),
    Math.hypot(b * textureSize.widthPx, e * textureSize.heightPx),
  );
  const level = Math.round(Math.log2(texelsPerPixel));
  return Number.isFinite(level) ? Math.min(levelCount - 1, Math.max(0, level)) : 0;
};

/** Uploads the preview's copy of `photo`, at most `longestSidePx` on its longest side. */
export const uploadPreviewSource = async (
  gl: EditorGl,
  photo: ImageBitmap,
  longestSidePx: number,
): Promise<PreviewSource> => {
  const sourceSize = { widthPx: photo.width, heightPx: photo.height };
  const scaled = scaledToFit(sourceSize, longestSidePx);
  const textureSize = { widthPx: scaled.widthPx, heightPx: scaled.heightPx };
  const upload = (bitmap: ImageBitmap): PreviewSource => {
    const { texture, mipmapped } = gl.wholeTexture(bitmap, { mipmaps: true });
    const levelCount = mipmapped ? mipLevelCount(textureSize) : 1;
    return { texture, sourceSize, textureSize, levelCount };
  };
  if (scaled.scaleX === 1 && scaled.scaleY === 1) return upload(photo);
  const copy = await createImageBitmap(photo, {
    resizeWidth: scaled.widthPx,
    resizeHeight: scaled.heightPx,
    resizeQuality: "high",
  });
  try {
    return upload(copy);
  } finally {
    copy.close();
  }
};

/** Draws `spec` into the canvas (of `canvasSize`): cleared, then the output fitted and centred. */
export const drawPreview = (
  gl: EditorGl,
  canvasSize: PixelSize,
  source: PreviewSource,
  spec: EditRenderSpec,
): void => {
  const output = { widthPx: spec.outputWidthPx, heightPx: spec.outputHeightPx };
  const rect = previewFitRect(canvasSize, output);
  const fragmentToTexture = previewFragmentToTexture(
    canvasSize,
    rect,
    output,
    spec.outputToSource,
    source.sourceSize,
  );
  gl.draw({
    texture: source.texture,
    framebuffer: null,
    targetSize: canvasSize,
    clear: true,
    // The canvas counts rows from the bottom.
    viewport: { ...rect, yPx: canvasSize.heightPx - rect.yPx - rect.heightPx },
    fragmentToTexture,
    // The preview's texture holds the whole photo: outside it is outside the photo.
    clearOutsideTexture: true,
    colour: colourUniforms(spec),
    ...(source.levelCount > 1
      ? { mipLevel: previewMipLevel(fragmentToTexture, source.textureSize, source.levelCount) }
      : {}),
  });
};
