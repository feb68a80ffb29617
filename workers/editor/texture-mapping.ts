// Where a fragment of a draw reads the source texture: one affine map from
// the fragment's window coordinates (gl_FragCoord, pixel centres at
// i + 0.5) to normalized texture coordinates, made of the draw's framing and
// the spec's output-to-source map. The shader applies it as it is. Pure.

import { type Affine2d, chainAffine } from "../../shared/model/editor/affine-2d";
import { scaleAndMove } from "./affine";
import type { PixelRect, PixelSize } from "./pixel-geometry";

/** Source pixels to normalized texture coordinates of a texture holding `region` of the source. */
const sourceToTexture = (region: PixelRect): Affine2d =>
  scaleAndMove(
    1 / region.widthPx,
    1 / region.heightPx,
    -region.xPx / region.widthPx,
    -region.yPx / region.heightPx,
  );

/**
 * The preview's map: the canvas's default framebuffer counts rows from the
 * bottom, so a fragment at (fx, fy) is the canvas point (fx, H − fy) from
 * the top; the fitted rectangle scales that to the spec's output, the spec
 * takes it to the source, and the texture holds the whole source. A
 * normalized texture coordinate does not depend on the texture's own
 * resolution, so the preview's scaled copy reads with the full source's
 * size.
 */
export const previewFragmentToTexture = (
  canvas: PixelSize,
  rect: PixelRect,
  output: PixelSize,
  outputToSource: Affine2d,
  source: PixelSize,
): Affine2d => {
  const fragmentToCanvas: Affine2d = [1, 0, 0, 0, -1, canvas.heightPx];
  const canvasToOutput = scaleAndMove(
    output.widthPx / rect.widthPx,
    output.heightPx / rect.heightPx,
    (-rect.xPx * output.widthPx) / rect.widthPx,
    (-rect.yPx * output.heightPx) / rect.heightPx,
  );
  const wholeSource = { xPx: 0, yPx: 0, ...source };
  return chainAffine(
    fragmentToCanvas,
    canvasToOutput,
    outputToSource,
    sourceToTexture(wholeSource),
  );
};

/**
 * A full render's tile map: the tile is drawn into a framebuffer whose first
 * row (what `readPixels` answers first) is the tile's top row, so a fragment
 * at (fx, fy) is the output point (x + fx, y + fy); the texture holds the
 * tile's source region.
 */
export const tileFragmentToTexture = (
  tile: PixelRect,
  outputToSource: Affine2d,
  region: PixelRect,
): Affine2d =>
  chainAffine(scaleAndMove(1, 1, tile.xPx, tile.yPx), outputToSource, sourceToTexture(region));
