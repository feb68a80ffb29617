import type { PixelSize } from "../../shared/model/media/thumbnail-rules";
import type { BitmapImage } from "../media/image/browser-image-codec";
import type { CodecImage, ImageCodec } from "../media/image/image-codec";
import type { RGBAImage } from "./clip/clip-embedder";

// From a photo's encoded bytes to the RGBA pixels the ML models take: the
// media worker's image codec decodes (its EXIF orientation applied) and
// scales (by halves, without aliasing: see [Note: Large downscales go by
// halves]); in a browser worker that is createImageBitmap and
// OffscreenCanvas, and a canvas hands over the pixels. Node tests use the
// media tests' ffmpeg codec.
//
// [Note: What the ML worker feeds its models]
//
// Indexing hands the worker a photo's thumbnail (720 px at most on its long
// side, `thumbnailMaxSidePx`), not its original: both models look at far
// fewer pixels than a camera's, and every client already has the thumbnail.
// - CLIP's graph resizes and crops by itself (see: [Note: One CLIP engine,
//   any ONNX runtime]), so it gets the decoded image as it is, capped at
//   `clipMaxLongSidePx` in case a larger image comes (an original where no
//   thumbnail exists): the graph would otherwise be handed tens of
//   megabytes of pixels to reduce to 256×256.
// - The things detector takes 512×512 whatever the image's shape (the
//   tagger's `detectorInputSize`). Its own resize is tfjs's bilinear one,
//   which samples rather than averages when shrinking: from 720 px it would
//   see aliased pixels, not the smoothly scaled ones its score threshold was
//   chosen on (see: [Note: The things score threshold]). So it gets the
//   image already scaled to 512×512 by the codec, and the tagger's resize is
//   skipped.

/**
 * The longest side CLIP is given: four times the graph's 256 px input, so
 * its own resize still has more pixels than it uses, at a 12th of a
 * 12-megapixel photo's memory (4 MB of RGBA instead of 48).
 */
export const clipMaxLongSidePx = 1024;

/**
 * The things detector's input, width and height: the tagger's
 * `detectorInputSize` (the graph's fixed input); an image of exactly this
 * size skips the tagger's resize. See: [Note: What the ML worker feeds its models]
 */
export const thingsInputSizePx = 512;

/** The bytes are not an image the codec can decode. */
export class ImageDecodeError extends Error {
  override name = "ImageDecodeError" as const;
}

/**
 * `size` scaled down, keeping its shape, so that its long side is at most
 * `maxLongSidePx`; never scaled up, never below one pixel on a side.
 */
export const cappedSize = ({ widthPx, heightPx }: PixelSize, maxLongSidePx: number): PixelSize => {
  const longSidePx = Math.max(widthPx, heightPx);
  if (longSidePx <= maxLongSidePx) return { widthPx, heightPx };
  const scale = maxLongSidePx / longSidePx;
  return {
    widthPx: Math.max(1, Math.round(widthPx * scale)),
    heightPx: Math.max(1, Math.round(heightPx * scale)),
  };
};

/** A codec, and how to read the RGBA pixels of one of its images. */
export interface PixelSource<Image extends CodecImage> {
  codec: ImageCodec<Image>;
  rgba: (image: Image) => RGBAImage;
}

/** A photo's pixels as each model takes them. See: [Note: What the ML worker feeds its models] */
export interface ModelImages {
  /** The photo's size, upright (the decoded image's, or the whole image's when decoded smaller). */
  size: PixelSize;
  /** For CLIP: the photo, its long side capped at `clipMaxLongSidePx`. */
  clip: RGBAImage;
  /** For the things detector: the photo scaled to `thingsInputSizePx` square. */
  things: RGBAImage;
}

const sameSize = (image: CodecImage, size: PixelSize) =>
  image.widthPx === size.widthPx && image.heightPx === size.heightPx;

/** `image`'s pixels at `size`, resized by the codec when it differs. */
const pixelsAt = async <Image extends CodecImage>(
  { codec, rgba }: PixelSource<Image>,
  image: Image,
  size: PixelSize,
): Promise<RGBAImage> => {
  if (sameSize(image, size)) return rgba(image);
  const resized = await codec.resize(image, size);
  try {
    return rgba(resized);
  } finally {
    resized.close();
  }
};

/**
 * Decodes `bytes` (indexing sends JPEG; any format the codec reads will do)
 * into the models' images. Throws `ImageDecodeError` when it cannot.
 * See: [Note: What the ML worker feeds its models]
 */
export const modelImages = async <Image extends CodecImage>(
  source: PixelSource<Image>,
  bytes: Uint8Array,
): Promise<ModelImages> => {
  let image: Image;
  try {
    // A large JPEG may then be decoded smaller (see: [Note: A thumbnail's JPEG is decoded at a reduced size]).
    image = await source.codec.decode(new Blob([bytes as Uint8Array<ArrayBuffer>]), {
      longSideAtLeastPx: clipMaxLongSidePx,
    });
  } catch (error) {
    throw new ImageDecodeError(`${String(bytes.length)} bytes are not an image the codec decodes`, {
      cause: error,
    });
  }
  try {
    const decodedSize = { widthPx: image.widthPx, heightPx: image.heightPx };
    return {
      size: image.reducedFrom ?? decodedSize,
      clip: await pixelsAt(source, image, cappedSize(decodedSize, clipMaxLongSidePx)),
      things: await pixelsAt(source, image, {
        widthPx: thingsInputSizePx,
        heightPx: thingsInputSizePx,
      }),
    };
  } finally {
    image.close();
  }
};

/**
 * The browser codec's pixels: its image on white (as its thumbnails are: a
 * transparent pixel shows white), read from the canvas it already keeps.
 */
export const bitmapRGBA = (image: BitmapImage): RGBAImage => {
  const canvas = image.onWhite();
  const context = canvas.getContext("2d");
  if (context === null) throw new ImageDecodeError("OffscreenCanvas gave no 2D context");
  const { width, height } = canvas;
  return { width, height, data: context.getImageData(0, 0, width, height).data };
};
