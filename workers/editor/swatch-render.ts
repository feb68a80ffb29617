// Small renders of the edit from the preview's copy of the photo: the
// filters tab shows the photo as each filter would make it. Each is drawn
// into a framebuffer, read back and encoded, without touching the preview's
// canvas.

import type { EditRenderSpec } from "../../shared/model/editor/render-spec";
import { colourUniforms } from "./colour-shader";
import type { EditorGl } from "./gl-renderer";
import { isPixelSize } from "./pixel-geometry";
import { type PreviewSource, previewMipLevel } from "./preview-renderer";
import { tileFragmentToTexture } from "./texture-mapping";

/** The largest side a swatch may ask for: a thumbnail, never a second full render. */
export const maxSwatchSidePx = 512;

/**
 * Each spec drawn from `preview` (the whole photo, scaled) and encoded as a
 * PNG, in order. A spec larger than `maxSwatchSidePx` on a side is refused.
 */
export const renderSwatches = async (
  gl: EditorGl,
  preview: PreviewSource,
  specs: readonly EditRenderSpec[],
): Promise<Blob[]> => {
  for (const spec of specs) {
    const size = { widthPx: spec.outputWidthPx, heightPx: spec.outputHeightPx };
    if (!isPixelSize(size) || Math.max(size.widthPx, size.heightPx) > maxSwatchSidePx) {
      throw new RangeError(`Not a swatch's size: ${String(size.widthPx)}×${String(size.heightPx)}`);
    }
  }
  if (specs.length === 0) return [];
  const target = gl.tileTarget({
    widthPx: Math.max(...specs.map((spec) => spec.outputWidthPx)),
    heightPx: Math.max(...specs.map((spec) => spec.outputHeightPx)),
  });
  // The preview's texture holds the whole photo: its region is the whole source.
  const wholeSource = { xPx: 0, yPx: 0, ...preview.sourceSize };
  const images: ImageData[] = [];
  try {
    for (const spec of specs) {
      const output = { xPx: 0, yPx: 0, widthPx: spec.outputWidthPx, heightPx: spec.outputHeightPx };
      const fragmentToTexture = tileFragmentToTexture(output, spec.outputToSource, wholeSource);
      gl.draw({
        texture: preview.texture,
        framebuffer: target.framebuffer,
        targetSize: target.sizePx,
        clear: false,
        viewport: output,
        fragmentToTexture,
        colour: colourUniforms(spec),
        ...(preview.levelCount > 1
          ? {
              mipLevel: previewMipLevel(fragmentToTexture, preview.textureSize, preview.levelCount),
            }
          : {}),
      });
      const pixels = new Uint8ClampedArray(output.widthPx * output.heightPx * 4);
      target.read(output, pixels);
      images.push(new ImageData(pixels, output.widthPx, output.heightPx));
    }
  } finally {
    target.dispose();
  }
  return Promise.all(
    images.map((image) => {
      const canvas = new OffscreenCanvas(image.width, image.height);
      const context = canvas.getContext("2d");
      if (context === null) throw new Error("No 2D canvas for a swatch");
      context.putImageData(image, 0, 0);
      return canvas.convertToBlob({ type: "image/png" });
    }),
  );
};
