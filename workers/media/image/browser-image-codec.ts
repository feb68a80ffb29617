// The image codec of a browser worker: createImageBitmap decodes and
// OffscreenCanvas draws and encodes. No DOM: a dedicated worker has both.

import type { PixelSize } from "../../../shared/model/media/thumbnail-rules";
import type { CodecImage, ImageCodec, PixelRegion } from "./image-codec";
import { jpegFrameSize, jpegHeadBytes } from "./jpeg-segments";
import { orientationTransform, orientedSize } from "./orientation";
import { type DecodeNeeds, jpegReducedDecodeSize } from "./reduced-decode";

export interface BitmapImage extends CodecImage {
  readonly bitmap: ImageBitmap;
  /**
   * The image drawn on white, as a JPEG holds it: drawn at the first
   * encoding and kept for the next quality steps until `close`.
   * See: [Note: A thumbnail is drawn once for all its quality steps]
   */
  onWhite(): OffscreenCanvas;
}

const context2D = (
  canvas: OffscreenCanvas,
  smoothing: ImageSmoothingQuality = "high",
): OffscreenCanvasRenderingContext2D => {
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("OffscreenCanvas gave no 2D context");
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = smoothing;
  return context;
};

// [Note: A thumbnail is drawn once for all its quality steps]
//
// The thumbnail's quality stepping (0.7, then 0.6 and 0.5 while over
// 100 KB) encodes the same pixels up to three times. Each encoding used to
// make a canvas, fill it white and draw the image again (3.8 ms a time at
// 720×540 in the 2-core bench machine's Chromium, against 12.7 ms for the
// JPEG encoding itself); the image now keeps its canvas on white from the
// first encoding, and frees it with its pixels.

/** A canvas of the bitmap's size holding it on white (JPEG has no alpha: what is transparent shows white). */
const drawnOnWhite = (bitmap: ImageBitmap): OffscreenCanvas => {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = context2D(canvas);
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, bitmap.width, bitmap.height);
  context.drawImage(bitmap, 0, 0);
  return canvas;
};

const bitmapImage = (bitmap: ImageBitmap, reducedFrom?: PixelSize): BitmapImage => {
  let onWhite: OffscreenCanvas | undefined;
  return {
    bitmap,
    widthPx: bitmap.width,
    heightPx: bitmap.height,
    reducedFrom,
    // See: [Note: A thumbnail is drawn once for all its quality steps]
    onWhite: () => (onWhite ??= drawnOnWhite(bitmap)),
    close: () => {
      bitmap.close();
      if (onWhite !== undefined) {
        // A canvas's pixels go with its size, without waiting for the collector.
        onWhite.width = 0;
        onWhite.height = 0;
        onWhite = undefined;
      }
    },
  };
};

/** A new bitmap of `size` holding what `draw` paints, with `smoothing` for what it scales. */
const drawn = (
  size: PixelSize,
  draw: (context: OffscreenCanvasRenderingContext2D) => void,
  smoothing: ImageSmoothingQuality = "high",
): ImageBitmap => {
  const canvas = new OffscreenCanvas(size.widthPx, size.heightPx);
  draw(context2D(canvas, smoothing));
  return canvas.transferToImageBitmap();
};

/** Smoothing for a draw that scales by at most twice. See: [Note: Large downscales go by halves] */
const halvingStepSmoothing: ImageSmoothingQuality = "low";

const halved = (sizePx: number, targetPx: number) => Math.max(targetPx, Math.ceil(sizePx / 2));

/**
 * [Note: Large downscales go by halves]
 *
 * A single bilinear or bicubic draw from 5184 px to 720 px samples a few
 * source pixels per output pixel and the rest are skipped: fine patterns
 * alias (moiré on fabric, jagged edges). Halving the image until it is
 * within twice the target, then one last draw, averages every source pixel
 * at each step, whatever `imageSmoothingQuality` does in a given browser.
 *
 * So every draw here scales by at most twice, and bilinear filtering
 * (`imageSmoothingQuality` "low") reads every source pixel: Chromium's
 * "high" (a cubic filter) cost 15.7 ms per 1000×750 → 720×540 draw in the
 * 2-core bench machine, bilinear 6.9 ms, for a difference no thumbnail
 * shows. The browser test of a one-pixel stripe pattern holds the result
 * to an even grey.
 */
const resizeByHalves = (bitmap: ImageBitmap, target: PixelSize): ImageBitmap => {
  let current = bitmap;
  while (current.width >= target.widthPx * 2 && current.height >= target.heightPx * 2) {
    const source = current;
    const size = {
      widthPx: halved(source.width, target.widthPx),
      heightPx: halved(source.height, target.heightPx),
    };
    current = drawn(
      size,
      (context) => {
        context.drawImage(source, 0, 0, size.widthPx, size.heightPx);
      },
      halvingStepSmoothing,
    );
    if (source !== bitmap) source.close();
  }
  const last = current;
  const result = drawn(
    target,
    (context) => {
      context.drawImage(last, 0, 0, target.widthPx, target.heightPx);
    },
    halvingStepSmoothing,
  );
  if (last !== bitmap) last.close();
  return result;
};

/** Enough of a camera JPEG's start to hold its EXIF, ICC profile and frame header. */

/**
 * A JPEG decoded at a reduced size by WebCodecs, upright, when that meets
 * `needs` for less work; undefined when it cannot (not a JPEG, too small to
 * gain, no `ImageDecoder`, or the decoder failed: a damaged file is then
 * decoded the usual way, which shows what it can).
 * See: [Note: A thumbnail's JPEG is decoded at a reduced size]
 */
const reducedJPEG = async (encoded: Blob, needs: DecodeNeeds): Promise<BitmapImage | undefined> => {
  if (typeof ImageDecoder === "undefined") return undefined;
  const stored = jpegFrameSize(new Uint8Array(await encoded.slice(0, jpegHeadBytes).arrayBuffer()));
  if (stored === undefined) return undefined;
  const asked = jpegReducedDecodeSize(stored, needs);
  if (asked === undefined) return undefined;
  let decoder: ImageDecoder | undefined;
  try {
    decoder = new ImageDecoder({
      data: encoded.stream(),
      type: "image/jpeg",
      desiredWidth: asked.widthPx,
      desiredHeight: asked.heightPx,
    });
    const { image: frame } = await decoder.decode();
    // A VideoFrame carries the EXIF orientation (rotation and flip); the
    // bitmap made from it is upright, as createImageBitmap's "from-image".
    const bitmap = await createImageBitmap(frame).finally(() => {
      frame.close();
    });
    if (Math.max(bitmap.width, bitmap.height) >= needs.longSideAtLeastPx) {
      // Turned a quarter when its shape differs from the stored one's.
      const turned = bitmap.width > bitmap.height !== stored.widthPx > stored.heightPx;
      return bitmapImage(
        bitmap,
        turned ? { widthPx: stored.heightPx, heightPx: stored.widthPx } : stored,
      );
    }
    bitmap.close();
    return undefined;
  } catch {
    return undefined;
  } finally {
    decoder?.close();
  }
};

export const browserImageCodec: ImageCodec<BitmapImage> = {
  decode: async (encoded, needs) =>
    (needs === undefined ? undefined : await reducedJPEG(encoded, needs)) ??
    bitmapImage(await createImageBitmap(encoded, { imageOrientation: "from-image" })),

  fromRGBA: async ({ widthPx, heightPx, rgba }) =>
    bitmapImage(await createImageBitmap(new ImageData(rgba, widthPx, heightPx))),

  reorient: (image, orientation) => {
    const stored = { widthPx: image.widthPx, heightPx: image.heightPx };
    return Promise.resolve(
      bitmapImage(
        drawn(orientedSize(stored, orientation), (context) => {
          context.setTransform(...orientationTransform(orientation, stored));
          context.drawImage(image.bitmap, 0, 0);
        }),
        image.reducedFrom && orientedSize(image.reducedFrom, orientation),
      ),
    );
  },

  resize: (image, size) => Promise.resolve(bitmapImage(resizeByHalves(image.bitmap, size))),

  crop: (image, { xPx, yPx, widthPx, heightPx }: PixelRegion) =>
    Promise.resolve(
      bitmapImage(
        drawn({ widthPx, heightPx }, (context) => {
          context.drawImage(image.bitmap, xPx, yPx, widthPx, heightPx, 0, 0, widthPx, heightPx);
        }),
      ),
    ),

  encodeJPEG: async (image, quality) => {
    const blob = await image.onWhite().convertToBlob({ type: "image/jpeg", quality });
    return new Uint8Array(await blob.arrayBuffer());
  },

  encodePNG: async (image) => {
    const canvas = new OffscreenCanvas(image.widthPx, image.heightPx);
    context2D(canvas).drawImage(image.bitmap, 0, 0);
    try {
      return await canvas.convertToBlob({ type: "image/png" });
    } finally {
      // A canvas's pixels go with its size, without waiting for the collector.
      canvas.width = 0;
      canvas.height = 0;
    }
  },
};
