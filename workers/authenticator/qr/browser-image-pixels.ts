import { type BitmapImage, browserImageCodec } from "../../media/image/browser-image-codec";
import { bitmapRGBA, cappedSize } from "../../ml/image-pixels";
import type { DecodeToPixels } from "./qr-from-image-file";

// The browser's `DecodeToPixels`: the media worker's codec decodes
// (createImageBitmap, EXIF orientation applied, a large JPEG decoded at a
// reduced size) and scales (OffscreenCanvas, by halves); the ML worker's
// `bitmapRGBA` reads the pixels on white. No DOM: it runs in a Web Worker.

/** Decodes `bytes` in a browser (or browser worker); undefined when the browser cannot decode them. */
export const browserImagePixels: DecodeToPixels = async (bytes, maxSidePx) => {
  let image: BitmapImage;
  try {
    image = await browserImageCodec.decode(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      longSideAtLeastPx: maxSidePx,
    });
  } catch {
    // createImageBitmap rejects what is not an image it decodes.
    return undefined;
  }
  try {
    const size = cappedSize({ widthPx: image.widthPx, heightPx: image.heightPx }, maxSidePx);
    if (size.widthPx === image.widthPx && size.heightPx === image.heightPx) {
      return bitmapRGBA(image);
    }
    const scaled = await browserImageCodec.resize(image, size);
    try {
      return bitmapRGBA(scaled);
    } finally {
      scaled.close();
    }
  } finally {
    image.close();
  }
};
