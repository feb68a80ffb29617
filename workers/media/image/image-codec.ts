// What the image modules need from the platform to decode, turn, scale, cut
// and encode pixels. The browser implementation (`browser-image-codec.ts`) uses
// createImageBitmap and OffscreenCanvas; Node tests use one built on Debian's
// ffmpeg (`test-image-codec.ts`), so the whole thumbnail path runs in both.

import type { PixelSize } from "../../../shared/model/media/thumbnail-rules";
import type { RGBAImage } from "./heic";
import type { ExifOrientation } from "./orientation";
import type { DecodeNeeds } from "./reduced-decode";

/** Decoded pixels held by a codec; `close` frees them (an ImageBitmap's memory, say). */
export interface CodecImage {
  readonly widthPx: number;
  readonly heightPx: number;
  /**
   * The whole image's size, upright, when this one was decoded smaller
   * (see `ImageCodec.decode`): sizes made from it keep the original's shape.
   */
  readonly reducedFrom?: PixelSize | undefined;
  close(): void;
}

/** A rectangle of an image, in its pixels from the top-left corner. */
export interface PixelRegion {
  xPx: number;
  yPx: number;
  widthPx: number;
  heightPx: number;
}

/**
 * Every method returns a new image and leaves its argument to the caller,
 * who closes each image it holds once done with it. Methods reject when the
 * platform cannot do what is asked (an undecodable file, a canvas too large).
 */
export interface ImageCodec<Image extends CodecImage = CodecImage> {
  /**
   * Decodes an encoded image the platform reads natively (in Chromium: JPEG,
   * PNG, GIF, WebP, BMP, AVIF, ICO), with its own EXIF orientation applied.
   * With `needs`, the codec may give a smaller image that still meets them
   * (a JPEG decoded at a reduced size); without, the image's own size.
   */
  decode(encoded: Blob, needs?: DecodeNeeds): Promise<Image>;
  /** An image of pixels decoded elsewhere (libheif). */
  fromRGBA(pixels: RGBAImage): Promise<Image>;
  /** The image turned as `orientation` asks for display (see orientation.ts). */
  reorient(image: Image, orientation: ExifOrientation): Promise<Image>;
  /** The image scaled to `size`, smoothly (a large downscale shows no aliasing). */
  resize(image: Image, size: PixelSize): Promise<Image>;
  /** The pixels of `region` (whole pixels, inside the image) at their own size. */
  crop(image: Image, region: PixelRegion): Promise<Image>;
  /**
   * The image as a JPEG of `quality` (0 to 1, as `convertToBlob` takes it),
   * transparent pixels flattened onto white.
   */
  encodeJPEG(image: Image, quality: number): Promise<Uint8Array<ArrayBuffer>>;
  /**
   * The image as a PNG, transparency kept: the image type every browser's
   * clipboard takes. A Blob, since it goes to the clipboard as one.
   */
  encodePNG(image: Image): Promise<Blob>;
}
