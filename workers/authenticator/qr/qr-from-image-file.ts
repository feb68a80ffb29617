import type { RGBAImage } from "../../ml/clip/clip-embedder";
import { type QRScan, qrFromPixels } from "./qr-from-pixels";
import { qrScanMaxSidePx } from "./qr-scan-size";

// Reading a QR code from an image file the user picked or dropped (a
// screenshot of a site's 2FA setup page, an export of another
// authenticator). Decoding is injected: the browser worker decodes with
// createImageBitmap (`browser-image-pixels.ts`), Node tests with sharp.

/**
 * Decodes an encoded image (PNG, JPEG, WebP, GIF: what the platform reads)
 * to its upright pixels, its longest side scaled down to at most
 * `maxSidePx`, transparency on white; undefined when `bytes` are not an
 * image it can decode.
 */
export type DecodeToPixels = (
  bytes: Uint8Array,
  maxSidePx: number,
) => Promise<RGBAImage | undefined>;

/** What reading a file found: its code's text, no code, or that the file is no image. */
export type QRFileScan = QRScan | { kind: "not-an-image" };

/**
 * The text of the QR code in the image file `bytes`. The decoder is asked
 * for the scan's size (see: [Note: A QR scan looks at 1600 px at most]), so
 * a large photo is scaled while it is decoded rather than after.
 */
export const qrFromImageFile = async (
  bytes: Uint8Array,
  { decodeToPixels }: { decodeToPixels: DecodeToPixels },
): Promise<QRFileScan> => {
  const pixels = await decodeToPixels(bytes, qrScanMaxSidePx);
  if (pixels === undefined) return { kind: "not-an-image" };
  return qrFromPixels(pixels);
};
