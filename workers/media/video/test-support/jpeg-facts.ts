// What a test can see of a JPEG thumbnail: that it is a whole JPEG, its size
// and its quantisation from its headers, and its mean colour as Debian's
// ffmpeg decodes it.

import { spawn } from "node:child_process";

export interface JpegFacts {
  widthPx: number;
  heightPx: number;
  /**
   * The quantiser ffmpeg encoded it with (`-q:v`), read back from its first
   * quantisation table: ffmpeg scales MPEG's intra matrix, whose second entry
   * is 16, by quantiser / 8, so that entry is twice the quantiser.
   */
  ffmpegQuantiser: number;
  /** The picture's mean red, green and blue (0–255). */
  meanRgb: [number, number, number];
}

/** Define quantisation table. */
const dqtMarker = 0xdb;

/** Start-of-frame markers (baseline, extended, progressive, lossless …) carry the size; DHT, JPG and DAC do not. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** The segments before the image data: each marker and the offset of its payload. */
function* segments(jpeg: Uint8Array): Generator<{ marker: number; offset: number }> {
  const view = new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  if (view.getUint16(0) !== 0xffd8 || view.getUint16(jpeg.length - 2) !== 0xffd9) {
    throw new Error("Not a whole JPEG (no start or end of image marker)");
  }
  for (let offset = 2; offset + 4 <= jpeg.length;) {
    const marker = view.getUint16(offset);
    if (marker >> 8 !== 0xff) throw new Error(`No JPEG marker at byte ${String(offset)}`);
    yield { marker: marker & 0xff, offset: offset + 4 };
    offset += 2 + view.getUint16(offset + 2);
  }
}

const headerFacts = (jpeg: Uint8Array) => {
  const view = new DataView(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  let ffmpegQuantiser: number | undefined;
  for (const { marker, offset } of segments(jpeg)) {
    // A table: its precision and id (1 byte), then its 64 entries in zigzag order.
    if (marker === dqtMarker) ffmpegQuantiser ??= (jpeg[offset + 2] ?? 0) / 2;
    // A frame: precision (1 byte), height, width (2 bytes each); the tables come before it.
    if (isStartOfFrame(marker)) {
      if (ffmpegQuantiser === undefined) throw new Error("No quantisation table before the frame");
      return {
        heightPx: view.getUint16(offset + 1),
        widthPx: view.getUint16(offset + 3),
        ffmpegQuantiser,
      };
    }
  }
  throw new Error("No start of frame in the JPEG");
};

/** The mean colour: ffmpeg averages the picture down to one pixel (area scaling). */
const meanColour = (jpeg: Uint8Array): Promise<[number, number, number]> =>
  new Promise((resolve, reject) => {
    const ffmpeg = spawn("ffmpeg", [
      "-v",
      "error",
      "-f",
      "image2pipe",
      "-i",
      "pipe:0",
      "-vf",
      "scale=1:1:flags=area",
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "pipe:1",
    ]);
    const out: Buffer[] = [];
    ffmpeg.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    ffmpeg.on("error", reject);
    ffmpeg.on("close", (code) => {
      const [red = 0, green = 0, blue = 0] = Buffer.concat(out);
      if (code === 0) resolve([red, green, blue]);
      else reject(new Error(`ffmpeg could not decode the JPEG (exit ${String(code)})`));
    });
    ffmpeg.stdin.end(jpeg);
  });

export const jpegFacts = async (jpeg: Uint8Array): Promise<JpegFacts> => ({
  ...headerFacts(jpeg),
  meanRgb: await meanColour(jpeg),
});

/** The width ffmpeg's `scale=-2:<heightPx>` gives a picture shown at `widthPx`×`sourceHeightPx`: the aspect kept, rounded to an even number. */
export const evenWidthForHeight = (widthPx: number, sourceHeightPx: number, heightPx: number) =>
  2 * Math.round((heightPx * widthPx) / (sourceHeightPx * 2));
