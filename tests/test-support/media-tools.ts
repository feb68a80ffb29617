// The tools the test media generators share: Debian's programs run as child
// processes, a temporary folder per job, and a per-process memo.

import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const run = promisify(execFile);

/** The real photos of the shared fixtures (read-only), beside the repository. */
export const fixtureMediaDir = fileURLToPath(
  new URL("../../../shared/fixtures/media", import.meta.url),
);

/** Bytes in a buffer of their own, which a `Blob`, a `File` or a transfer takes as they are. */
export type MediaBytes = Uint8Array<ArrayBuffer>;

/** Frames per second of generated videos: a phone's usual rate. */
export const videoFrameRate = 30;
/** x264's fastest preset: these videos test containers and frames, not compression. */
export const x264Preset = "ultrafast";

/**
 * ffmpeg's arguments encoding raw grey frames of `widthPx`×`heightPx` read
 * from `input` (a file or `pipe:0`) as H.264 at qp 28 with a key frame every
 * 10 frames (1/3 s: a seek to any second is a short read, as in a phone's
 * video). Noise is incompressible, like the ciphertext it becomes, and the
 * hardest picture for a JPEG encoder.
 */
export const greyNoiseEncodeArgs = (input: string, widthPx: number, heightPx: number) => [
  "-f",
  "rawvideo",
  "-pix_fmt",
  "gray",
  "-s",
  `${String(widthPx)}x${String(heightPx)}`,
  "-r",
  String(videoFrameRate),
  "-i",
  input,
  "-vf",
  "format=yuv420p",
  "-c:v",
  "libx264",
  "-preset",
  x264Preset,
  "-qp",
  "28",
  "-g",
  "10",
];

/** The most a generator reads from ffmpeg's standard output. */
const maxOutputBytes = 64 * 1024 * 1024;

const memo = new Map<string, Promise<Uint8Array>>();
/**
 * Makes the bytes once and answers a fresh copy each time: uploads transfer
 * their input to the crypto workers, which detaches the buffer given.
 */
export const once = async (key: string, make: () => Promise<Uint8Array>): Promise<MediaBytes> => {
  let made = memo.get(key);
  if (made === undefined) {
    made = make();
    memo.set(key, made);
  }
  return (await made).slice();
};

/** ffmpeg's standard output for `args` (quiet but for errors). */
export const ffmpeg = async (args: readonly string[]): Promise<Uint8Array> => {
  const { stdout } = await run("ffmpeg", ["-v", "error", ...args], {
    encoding: "buffer",
    maxBuffer: maxOutputBytes,
  });
  return new Uint8Array(stdout);
};

/**
 * A photo's thumbnail as the web app makes them, 720 px on its long side:
 * what on-device ML looks at (a test library's usual small thumbnail is too
 * small to see people or faces in).
 */
export const appThumbnailOf = (photoPath: string): Promise<Uint8Array> =>
  ffmpeg([
    "-i",
    photoPath,
    "-vf",
    "scale='if(gt(iw,ih),720,-2)':'if(gt(iw,ih),-2,720)'",
    "-frames:v",
    "1",
    "-q:v",
    "3",
    "-f",
    "mjpeg",
    "-",
  ]);

/** Runs `make` with a temporary folder that is removed afterwards. */
export const inTemporaryDir = async <T>(make: (dir: string) => Promise<T>): Promise<T> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-media-"));
  try {
    return await make(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/**
 * The bytes ffmpeg writes for `args` to a file named `fileName` (containers
 * such as MP4 or AVI need a seekable output, not a pipe).
 */
export const ffmpegFile = (fileName: string, args: readonly string[]): Promise<Uint8Array> =>
  inTemporaryDir(async (dir) => {
    const out = path.join(dir, fileName);
    await run("ffmpeg", ["-v", "error", ...args, out]);
    return new Uint8Array(await readFile(out));
  });
