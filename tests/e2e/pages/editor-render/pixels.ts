// Raw pixels in and out of images, for the editor render test page and its
// worker (both have OffscreenCanvas). Pixels cross to the test as base64:
// playwright's JSON of a long number array takes seconds.

import { fromB64, toB64 } from "../../../../shared/crypto/base64";

export interface RawPixels {
  widthPx: number;
  heightPx: number;
  /** RGBA, 8 bits each, row by row from the top. */
  rgbaB64: string;
}

/** `pixels` as a PNG (lossless: the test's source is exactly these values). */
export const pngOf = async ({ widthPx, heightPx, rgbaB64 }: RawPixels): Promise<Blob> => {
  const canvas = new OffscreenCanvas(widthPx, heightPx);
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("no 2D context");
  const rgba = new Uint8ClampedArray(fromB64(rgbaB64));
  context.putImageData(new ImageData(rgba, widthPx, heightPx), 0, 0);
  return canvas.convertToBlob({ type: "image/png" });
};

/** The pixels of a drawable (an image, a canvas), read through a 2D canvas. */
export const pixelsOf = async (source: ImageBitmapSource): Promise<RawPixels> => {
  const bitmap = await createImageBitmap(source);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("no 2D context");
  context.drawImage(bitmap, 0, 0);
  const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
  bitmap.close();
  return {
    widthPx: canvas.width,
    heightPx: canvas.height,
    rgbaB64: toB64(new Uint8Array(data.buffer)),
  };
};
