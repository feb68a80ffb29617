// Real media for tests, made with Debian's tools (ffmpeg, heif-convert) and
// JSZip: JPEG thumbnails of the shared fixture photos, small distinct JPEG
// images, a short MP4 and a live photo (a zip of an image and a video, spec
// §3). Results are memoised per process: tests ask for the same media often.

import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import JSZip from "jszip";

const run = promisify(execFile);

/** The real photos of the shared fixtures (read-only), beside the repository. */
export const fixtureMediaDir = fileURLToPath(
  new URL("../../../shared/fixtures/media", import.meta.url),
);

/**
 * Thumbnails of test files: small (like the web app's, which are at most 720
 * px and about 100 KB) so that a test library uploads quickly.
 */
const thumbnailHeightPx = 240;
/** ffmpeg's JPEG quality scale: 2 best … 31 worst; 5 is visually clean and small. */
const jpegQuality = "5";
const maxOutputBytes = 64 * 1024 * 1024;

const memo = new Map<string, Promise<Uint8Array>>();
/**
 * Makes the bytes once and answers a fresh copy each time: uploads transfer
 * their input to the crypto workers, which detaches the buffer given.
 */
const once = async (key: string, make: () => Promise<Uint8Array>): Promise<Uint8Array> => {
  let made = memo.get(key);
  if (made === undefined) {
    made = make();
    memo.set(key, made);
  }
  return (await made).slice();
};

const ffmpeg = async (args: readonly string[]): Promise<Uint8Array> => {
  const { stdout } = await run("ffmpeg", ["-v", "error", ...args], {
    encoding: "buffer",
    maxBuffer: maxOutputBytes,
  });
  return new Uint8Array(stdout);
};

/** Runs `make` with a temporary folder that is removed afterwards. */
const inTemporaryDir = async <T>(make: (dir: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-media-"));
  try {
    return await make(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** A JPEG thumbnail (height `thumbnailHeightPx`) of an image file; HEIC goes through heif-convert first. */
export const thumbnailOf = (imagePath: string): Promise<Uint8Array> =>
  once(`thumbnail:${imagePath}`, async () => {
    const scale = ["-vf", `scale=-2:${String(thumbnailHeightPx)}`, "-q:v", jpegQuality];
    const toJpeg = (input: string) =>
      ffmpeg([
        "-i",
        input,
        ...scale,
        "-frames:v",
        "1",
        "-f",
        "image2pipe",
        "-vcodec",
        "mjpeg",
        "-",
      ]);
    if (!/\.hei[cf]$/i.test(imagePath)) return toJpeg(imagePath);
    return inTemporaryDir(async (dir) => {
      const converted = path.join(dir, "converted.jpg");
      await run("heif-convert", [imagePath, converted]);
      return toJpeg(converted);
    });
  });

/** A distinct small JPEG image (a colour and a pattern chosen by `index`). */
export const generatedJpeg = (index: number, sizePx = 320): Promise<Uint8Array> =>
  once(`jpeg:${String(index)}:${String(sizePx)}`, () => {
    const hue = (index * 47) % 360;
    return ffmpeg([
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=${String(sizePx)}x${String(sizePx)}:rate=1,hue=h=${String(hue)}`,
      "-frames:v",
      "1",
      "-q:v",
      jpegQuality,
      "-f",
      "image2pipe",
      "-vcodec",
      "mjpeg",
      "-",
    ]);
  });

/** A short H.264 MP4 (Chromium plays it) of `seconds` seconds. */
export const generatedMp4 = (seconds = 2): Promise<Uint8Array> =>
  once(`mp4:${String(seconds)}`, () =>
    inTemporaryDir(async (dir) => {
      const out = path.join(dir, "clip.mp4");
      await run("ffmpeg", [
        "-v",
        "error",
        "-f",
        "lavfi",
        "-i",
        `testsrc2=size=320x240:rate=15:duration=${String(seconds)}`,
        "-c:v",
        "libx264",
        "-pix_fmt",
        "yuv420p",
        "-movflags",
        "+faststart",
        out,
      ]);
      return new Uint8Array(await readFile(out));
    }),
  );

/** A frame of the generated MP4 as its thumbnail. */
export const generatedMp4Thumbnail = (): Promise<Uint8Array> =>
  once("mp4-thumbnail", () =>
    ffmpeg([
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=320x240:rate=1",
      "-frames:v",
      "1",
      "-vf",
      `scale=-2:${String(thumbnailHeightPx)}`,
      "-q:v",
      jpegQuality,
      "-f",
      "image2pipe",
      "-vcodec",
      "mjpeg",
      "-",
    ]),
  );

/** A live photo as uploads store it: a zip holding `<name>.jpg` and `<name>.mp4`. */
export const generatedLivePhoto = (name: string, index = 0): Promise<Uint8Array> =>
  once(`live:${name}:${String(index)}`, async () => {
    const zip = new JSZip();
    zip.file(`${name}.jpg`, await generatedJpeg(index));
    zip.file(`${name}.mp4`, await generatedMp4(3));
    return zip.generateAsync({ type: "uint8array" });
  });
