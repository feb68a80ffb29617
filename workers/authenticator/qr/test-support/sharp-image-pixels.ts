import sharp from "sharp";
import type { RGBAImage } from "../../../ml/clip/clip-embedder";
import type { DecodeToPixels } from "../qr-from-image-file";

// The Node tests' `DecodeToPixels`, with sharp: what the browser decoder
// does with createImageBitmap and OffscreenCanvas (upright, scaled to fit,
// transparency on white). Test support only.

/** Decodes `bytes` with sharp; undefined when sharp cannot. */
export const sharpImagePixels: DecodeToPixels = async (bytes, maxSidePx) => {
  try {
    const { data, info } = await sharp(bytes)
      .rotate()
      .resize(maxSidePx, maxSidePx, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
  } catch {
    return undefined;
  }
};

/** An encoded image's pixels at their own size, for tests that hand pixels to the scanner. */
export const fullSizePixels = async (bytes: Uint8Array): Promise<RGBAImage> => {
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8ClampedArray(data) };
};
