// An ImageCodec for Node tests, built on Debian's ffmpeg (child processes
// over pipes), so that the thumbnail and display paths run whole in vitest.
// It stands in for createImageBitmap and OffscreenCanvas: it decodes what
// ffmpeg decodes (its EXIF orientation applied, as `from-image` does), turns,
// scales with Lanczos, cuts (in JavaScript) and encodes JPEG and PNG. Test
// support only.

import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { PixelSize } from "../../../../shared/model/media/thumbnail-rules";
import type { RGBAImage } from "../heic";
import type { CodecImage, ImageCodec } from "../image-codec";
import type { ExifOrientation } from "../orientation";

export interface RawImage extends CodecImage {
  /** RGBA, 4 bytes a pixel. */
  readonly rgba: Uint8Array;
  /** Whether `close` was called (tests check that no image is left open). */
  readonly closed: boolean;
}

/** The error of an ffmpeg run that failed, with what it wrote to stderr. */
export class FFmpegRunError extends Error {
  override name = "FFmpegRunError";
  readonly stderr: string;
  constructor(exitCode: number | null, stderr: string) {
    super(`ffmpeg exited with ${exitCode ?? "a signal"}`);
    this.stderr = stderr;
  }
}

/** Runs ffmpeg with `input` on its stdin and answers its stdout. */
const ffmpeg = (args: readonly string[], input: Uint8Array): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    const child = spawn("ffmpeg", ["-v", "error", ...args], { stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve(new Uint8Array(Buffer.concat(out)));
      else reject(new FFmpegRunError(code, Buffer.concat(err).toString("utf8")));
    });
    // ffmpeg may stop reading early (it has what it needs); that is not an error here.
    child.stdin.on("error", () => undefined);
    child.stdin.end(input);
  });

/** The options that read raw RGBA of `size` from stdin. */
const rawInput = ({ widthPx, heightPx }: PixelSize) => [
  "-f",
  "rawvideo",
  "-pix_fmt",
  "rgba",
  "-s",
  `${widthPx}x${heightPx}`,
  "-i",
  "pipe:0",
];
const rawOutput = ["-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"];

const rawImage = (widthPx: number, heightPx: number, rgba: Uint8Array): RawImage => {
  let closed = false;
  return {
    widthPx,
    heightPx,
    rgba,
    get closed() {
      return closed;
    },
    close: () => {
      closed = true;
    },
  };
};

/** Reads a PAM image (ffmpeg's `-vcodec pam` with RGBA tuples). */
const fromPAM = (pam: Uint8Array): RawImage => {
  const headerEnd = Buffer.from(pam).indexOf("ENDHDR\n");
  if (headerEnd < 0) throw new Error("ffmpeg gave no PAM header");
  const header = new Map(
    Buffer.from(pam.subarray(0, headerEnd))
      .toString("ascii")
      .split("\n")
      .map((line) => line.split(" ") as [string, string]),
  );
  const widthPx = Number(header.get("WIDTH"));
  const heightPx = Number(header.get("HEIGHT"));
  const rgba = pam.slice(headerEnd + "ENDHDR\n".length);
  if (header.get("DEPTH") !== "4" || rgba.length !== widthPx * heightPx * 4) {
    throw new Error("ffmpeg gave a PAM image that is not RGBA of its size");
  }
  return rawImage(widthPx, heightPx, rgba);
};

/** ffmpeg filters that turn an image as each EXIF orientation asks. */
const orientationFilters: Record<ExifOrientation, string> = {
  1: "null",
  2: "hflip",
  3: "hflip,vflip",
  4: "vflip",
  5: "transpose=0",
  6: "transpose=1",
  7: "transpose=3",
  8: "transpose=2",
};

/**
 * Canvas quality (0 to 1) to ffmpeg's JPEG scale (2 best to 31 worst),
 * linearly: not libjpeg's curve, but monotonic, which is all the quality
 * stepping relies on.
 */
const qscaleFor = (quality: number) => String(2 + Math.round((1 - quality) * 29));

/** Alpha flattened onto white, as the browser codec does before a JPEG. */
const onWhite = (rgba: Uint8Array): Uint8Array => {
  const flat = new Uint8Array(rgba.length);
  for (let i = 0; i < rgba.length; i += 4) {
    const alpha = rgba[i + 3] ?? 255;
    for (let channel = 0; channel < 3; channel++) {
      flat[i + channel] = Math.round(
        ((rgba[i + channel] ?? 0) * alpha + 255 * (255 - alpha)) / 255,
      );
    }
    flat[i + 3] = 255;
  }
  return flat;
};

const sizeOf = (image: RawImage): PixelSize => ({
  widthPx: image.widthPx,
  heightPx: image.heightPx,
});

/** An image codec over ffmpeg, and every image it made (to check they were all closed). */
export const createTestImageCodec = (): ImageCodec<RawImage> & { made: RawImage[] } => {
  const made: RawImage[] = [];
  const track = (image: RawImage) => {
    made.push(image);
    return image;
  };
  return {
    made,
    decode: async (encoded) => {
      // From a file: ffmpeg's TIFF decoder seeks, which a pipe cannot.
      const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-codec-"));
      try {
        const input = path.join(dir, "encoded");
        await writeFile(input, new Uint8Array(await encoded.arrayBuffer()));
        const pam = await ffmpeg(
          [
            "-i",
            input,
            "-frames:v",
            "1",
            "-f",
            "image2pipe",
            "-vcodec",
            "pam",
            "-pix_fmt",
            "rgba",
            "pipe:1",
          ],
          new Uint8Array(0),
        );
        return track(fromPAM(pam));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },

    fromRGBA: ({ widthPx, heightPx, rgba }: RGBAImage) =>
      Promise.resolve(track(rawImage(widthPx, heightPx, new Uint8Array(rgba)))),

    reorient: async (image, orientation) => {
      const rgba = await ffmpeg(
        [...rawInput(sizeOf(image)), "-vf", orientationFilters[orientation], ...rawOutput],
        image.rgba,
      );
      const swapped = orientation >= 5;
      return track(
        rawImage(
          swapped ? image.heightPx : image.widthPx,
          swapped ? image.widthPx : image.heightPx,
          rgba,
        ),
      );
    },

    resize: async (image, size) =>
      track(
        rawImage(
          size.widthPx,
          size.heightPx,
          await ffmpeg(
            [
              ...rawInput(sizeOf(image)),
              "-vf",
              `scale=${size.widthPx}:${size.heightPx}:flags=lanczos`,
              ...rawOutput,
            ],
            image.rgba,
          ),
        ),
      ),

    crop: (image, { xPx, yPx, widthPx, heightPx }) => {
      const rgba = new Uint8Array(widthPx * heightPx * 4);
      for (let row = 0; row < heightPx; row++) {
        const from = ((yPx + row) * image.widthPx + xPx) * 4;
        rgba.set(image.rgba.subarray(from, from + widthPx * 4), row * widthPx * 4);
      }
      return Promise.resolve(track(rawImage(widthPx, heightPx, rgba)));
    },

    encodeJPEG: async (image, quality) =>
      new Uint8Array(
        await ffmpeg(
          [
            ...rawInput(sizeOf(image)),
            "-q:v",
            qscaleFor(quality),
            "-pix_fmt",
            "yuvj420p",
            "-f",
            "image2pipe",
            "-vcodec",
            "mjpeg",
            "pipe:1",
          ],
          onWhite(image.rgba),
        ),
      ),

    encodePNG: async (image) =>
      new Blob(
        [
          new Uint8Array(
            await ffmpeg(
              [...rawInput(sizeOf(image)), "-f", "image2pipe", "-vcodec", "png", "pipe:1"],
              image.rgba,
            ),
          ),
        ],
        { type: "image/png" },
      ),
  };
};

/** Decodes a JPEG (or any image ffmpeg reads) to RGBA, for tests to look at the pixels. */
export const decodeForTest = (encoded: Uint8Array): Promise<RawImage> =>
  createTestImageCodec().decode(new Blob([new Uint8Array(encoded)]));

/** The RGBA of the pixel at (x, y). */
export const pixelAt = (image: RawImage, xPx: number, yPx: number): number[] => {
  const offset = (yPx * image.widthPx + xPx) * 4;
  return Array.from(image.rgba.subarray(offset, offset + 4));
};
