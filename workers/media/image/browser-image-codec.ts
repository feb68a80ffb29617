// The image codec of a browser worker: createImageBitmap decodes and
// OffscreenCanvas draws and encodes. No DOM: a dedicated worker has both.

import type { PixelSize } from "../../../shared/model/media/thumbnail-rules";
import type { CodecImage, ImageCodec } from "./image-codec";
import { jpegFrameSize } from "./jpeg-segments";
import { orientationTransform, orientedSize } from "./orientation";
import { type DecodeNeeds, jpegReducedDecodeSize } from "./reduced-decode";

export interface BitmapImage extends CodecImage {
  readonly bitmap: ImageBitmap;
}

const bitmapImage = (bitmap: ImageBitmap, reducedFrom?: PixelSize): BitmapImage => ({
  bitmap,
  widthPx: bitmap.width,
  heightPx: bitmap.height,
  reducedFrom,
  close: () => {
    bitmap.close();
  },
});

const context2D = (canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D => {
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("OffscreenCanvas gave no 2D context");
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  return context;
};

/** A new bitmap of `size` holding what `draw` paints (smoothing at its best). */
const drawn = (
  size: PixelSize,
  draw: (context: OffscreenCanvasRenderingContext2D) => void,
): ImageBitmap => {
  const canvas = new OffscreenCanvas(size.widthPx, size.heightPx);
  draw(context2D(canvas));
  return canvas.transferToImageBitmap();
};

const halved = (sizePx: number, targetPx: number) => Math.max(targetPx, Math.ceil(sizePx / 2));

/**
 * [Note: Large downscales go by halves]
 *
 * A single bilinear or bicubic draw from 5184 px to 720 px samples a few
 * source pixels per output pixel and the rest are skipped: fine patterns
 * alias (moiré on fabric, jagged edges). Halving the image until it is
 * within twice the target, then one last draw, averages every source pixel
 * at each step, whatever `imageSmoothingQuality` does in a given browser.
 */
const resizeByHalves = (bitmap: ImageBitmap, target: PixelSize): ImageBitmap => {
  let current = bitmap;
  while (current.width >= target.widthPx * 2 && current.height >= target.heightPx * 2) {
    const source = current;
    const size = {
      widthPx: halved(source.width, target.widthPx),
      heightPx: halved(source.height, target.heightPx),
    };
    current = drawn(size, (context) => {
      context.drawImage(source, 0, 0, size.widthPx, size.heightPx);
    });
    if (source !== bitmap) source.close();
  }
  const last = current;
  const result = drawn(target, (context) => {
    context.drawImage(last, 0, 0, target.widthPx, target.heightPx);
  });
  if (last !== bitmap) last.close();
  return result;
};

/** Enough of a camera JPEG's start to hold its EXIF, ICC profile and frame header. */
const jpegHeadBytes = 256 * 1024;

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

  encodeJPEG: async (image, quality) => {
    const canvas = new OffscreenCanvas(image.widthPx, image.heightPx);
    const context = context2D(canvas);
    // JPEG has no alpha: what is transparent is shown on white.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, image.widthPx, image.heightPx);
    context.drawImage(image.bitmap, 0, 0);
    const blob = await canvas.convertToBlob({ type: "image/jpeg", quality });
    return new Uint8Array(await blob.arrayBuffer());
  },
};
