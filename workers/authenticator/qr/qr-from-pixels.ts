import jsQR from "jsqr";
import type { RGBAImage } from "../../ml/clip/clip-embedder";
import { qrScanMaxSidePx, reducedImage, reductionFactor } from "./qr-scan-size";

// Finding a QR code in decoded pixels: a screenshot, a photo of a screen, a
// camera frame. Pure (jsQR is plain JavaScript), so it runs in a browser
// worker and in Node tests alike.

/** What a scan found: the code's text, or that the image holds no code jsQR can read. */
export type QRScan = { kind: "found"; text: string } | { kind: "no-code" };

/**
 * The text of the QR code in `image`, or `no-code`. An image larger than
 * `qrScanMaxSidePx` on a side is reduced first (see: [Note: A QR scan looks
 * at 1600 px at most]); a dark code on light and a light code on dark (a
 * dark-mode screenshot) are both found.
 *
 * [Note: A camera frame reaches the scanner without a copy]
 *
 * The page draws a `<video>` frame on a canvas and posts its `ImageData`
 * (`{ width, height, data }`, which is an `RGBAImage`) to the worker with
 * its buffer transferred (`Comlink.transfer(frame, [frame.data.buffer])`):
 * the pixels move, they are not copied. Here they are read in place; only
 * a frame over the bound is reduced into a new, smaller buffer.
 *
 * jsQR reads red, green and blue and ignores alpha: a decoder that keeps
 * transparency must flatten it onto white first (the browser decoder does),
 * or a code drawn on a transparent background reads as all black.
 */
export const qrFromPixels = (image: RGBAImage): QRScan => {
  const scanned = reducedImage(image, reductionFactor(image, qrScanMaxSidePx));
  // "attemptBoth" scans the image as it is, then with its colours inverted
  // when nothing was found: one binarization serves both.
  const code = jsQR(scanned.data, scanned.width, scanned.height, {
    inversionAttempts: "attemptBoth",
  });
  return code === null ? { kind: "no-code" } : { kind: "found", text: code.data };
};
