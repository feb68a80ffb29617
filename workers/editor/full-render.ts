// Saving: the spec rendered at its full output size from the full-resolution
// photo, tile by tile, into a 2D canvas that encodes the file.
// See: [Note: A full render goes in tiles]

import type { EditRenderSpec } from "../../shared/model/editor/render-spec";
import type { Affine2d } from "../../shared/model/editor/affine-2d";
import { affineForScaledSource, sourcePixelsPerOutputPixel } from "./affine";
import { colourUniforms } from "./colour-shader";
import type { FullRenderOptions } from "./editor-contract";
import type { EditorGl } from "./gl-renderer";
import { type PixelSize, isPixelSize } from "./pixel-geometry";
import type { RenderLimits } from "./render-limits";
import { tileFragmentToTexture } from "./texture-mapping";
import { planTiles } from "./tile-plan";

/**
 * Above this many source pixels per output pixel the photo is first scaled
 * down to the output's scale (a resize of good quality): bilinear sampling
 * reads 2×2 texels a pixel, so a larger step skips texels and aliases. A
 * save at full size has 1; this is for an output made smaller on purpose.
 */
const prescaleAbove = 1.25;

interface ScaledPhoto {
  bitmap: ImageBitmap;
  outputToSource: Affine2d;
  /** Whether `bitmap` is a copy to close. */
  isCopy: boolean;
}

/** `photo`, or a copy scaled down to the output's scale when the spec shrinks it. */
const photoAtOutputScale = async (
  photo: ImageBitmap,
  outputToSource: Affine2d,
): Promise<ScaledPhoto> => {
  const step = sourcePixelsPerOutputPixel(outputToSource);
  if (step <= prescaleAbove) return { bitmap: photo, outputToSource, isCopy: false };
  const widthPx = Math.max(1, Math.round(photo.width / step));
  const heightPx = Math.max(1, Math.round(photo.height / step));
  const bitmap = await createImageBitmap(photo, {
    resizeWidth: widthPx,
    resizeHeight: heightPx,
    resizeQuality: "high",
  });
  return {
    bitmap,
    outputToSource: affineForScaledSource(
      outputToSource,
      widthPx / photo.width,
      heightPx / photo.height,
    ),
    isCopy: true,
  };
};

/** Renders `spec` from `photo` (the full-resolution source) and encodes it as `options` ask. */
export const renderFullImage = async (
  gl: EditorGl,
  photo: ImageBitmap,
  spec: EditRenderSpec,
  options: FullRenderOptions,
  limits: RenderLimits,
): Promise<Blob> => {
  const output: PixelSize = { widthPx: spec.outputWidthPx, heightPx: spec.outputHeightPx };
  if (!isPixelSize(output)) {
    throw new RangeError(`Not an output size: ${output.widthPx}×${output.heightPx}`);
  }
  const scaled = await photoAtOutputScale(photo, spec.outputToSource);
  const tiles = planTiles({
    output,
    outputToSource: scaled.outputToSource,
    source: { widthPx: scaled.bitmap.width, heightPx: scaled.bitmap.height },
    maxSourceRegionSidePx: limits.sourceRegionSidePx,
    maxOutputTileSidePx: limits.outputTileSidePx,
  });
  const target = gl.tileTarget({
    widthPx: Math.max(...tiles.map((tile) => tile.output.widthPx)),
    heightPx: Math.max(...tiles.map((tile) => tile.output.heightPx)),
  });
  const pixels = new Uint8ClampedArray(target.sizePx.widthPx * target.sizePx.heightPx * 4);
  const canvas = new OffscreenCanvas(output.widthPx, output.heightPx);
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("No 2D canvas for the full render");
  const colour = colourUniforms(spec);
  let texture: WebGLTexture | undefined;
  try {
    for (const tile of tiles) {
      texture = await gl.regionTexture(scaled.bitmap, tile.source, texture);
      const { widthPx, heightPx } = tile.output;
      gl.draw({
        texture,
        framebuffer: target.framebuffer,
        targetSize: target.sizePx,
        clear: false,
        viewport: { xPx: 0, yPx: 0, widthPx, heightPx },
        fragmentToTexture: tileFragmentToTexture(tile.output, scaled.outputToSource, tile.source),
        colour,
      });
      const tilePixels = pixels.subarray(0, widthPx * heightPx * 4);
      target.read(tile.output, tilePixels);
      context.putImageData(
        new ImageData(tilePixels, widthPx, heightPx),
        tile.output.xPx,
        tile.output.yPx,
      );
    }
  } finally {
    if (texture !== undefined) gl.deleteTexture(texture);
    target.dispose();
    if (scaled.isCopy) scaled.bitmap.close();
  }
  return canvas.convertToBlob(options);
};
