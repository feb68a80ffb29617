// A large video on disk, for the 2 GB upload test and the bench.

import { mkdtemp, open, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { greyNoiseEncodeArgs, run } from "./media-tools";

/** A large video on disk, to be removed by its user. */
export interface LargeVideoFile {
  path: string;
  sizeBytes: number;
  /** Deletes the file and its folder. */
  remove(): Promise<void>;
}

/**
 * The large video is a 2 s chunk of grey noise (incompressible, like the
 * ciphertext it becomes) repeated by stream copy, which runs at disk speed:
 * 640×360 at x264 qp 28 is about 140 KB a frame, so the chunk is 8 MB and a
 * 2 GB file 250 copies of it. A key frame every 10 frames (1/3 s) keeps a
 * seek to any second a short read, as in a phone's video.
 */
const largeVideoChunkArgs = [
  ...greyNoiseEncodeArgs("/dev/urandom", 640, 360),
  // 2 s of frames.
  "-t",
  "2",
];
/** The smallest large video: below a few frames and the index there is no video to speak of. */
const minLargeVideoBytes = 1024 * 1024;
/** Copies tried before giving up; the first one fits unless the index is unusually large. */
const maxLargeVideoAttempts = 4;
/** An MP4 box header: size (4 bytes) and type (4 bytes). */
const boxHeaderBytes = 8;

/** Appends an MP4 `free` box (ignored by every reader) of exactly `bytes` bytes. */
const appendFreeBox = async (filePath: string, bytes: number): Promise<void> => {
  const header = Buffer.alloc(boxHeaderBytes);
  header.writeUInt32BE(bytes, 0);
  header.write("free", 4, "latin1");
  const handle = await open(filePath, "a");
  try {
    await handle.write(header);
    // Zeros, written a MiB at a time.
    const zeros = Buffer.alloc(Math.min(bytes - boxHeaderBytes, 1024 * 1024));
    for (let left = bytes - boxHeaderBytes; left > 0; left -= zeros.length) {
      await handle.write(zeros, 0, Math.min(left, zeros.length));
    }
  } finally {
    await handle.close();
  }
};

/**
 * A valid H.264 MP4 of exactly `sizeBytes` bytes in a temporary folder, made
 * fast: 2 GiB takes 1.5 s on the two-core test machine, 5 s when it is
 * loaded (encoding the chunk, then copying at disk speed). ffmpeg stops the copy near the size (`-fs`, which
 * may overshoot by a frame, and the index comes after) and a `free` box pads
 * it to the exact size.
 */
export const generatedLargeVideo = async (sizeBytes: number): Promise<LargeVideoFile> => {
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < minLargeVideoBytes) {
    throw new RangeError(`A large video is at least ${String(minLargeVideoBytes)} bytes`);
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "cairn-large-video-"));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    const chunk = path.join(dir, "chunk.mp4");
    const out = path.join(dir, "large.mp4");
    await run("ffmpeg", ["-v", "error", ...largeVideoChunkArgs, chunk]);
    // Room for the overshoot (a frame or two) and the index (~20 bytes a frame).
    let limitBytes = sizeBytes - Math.max(512 * 1024, Math.ceil(sizeBytes / 100));
    for (let attempt = 1; ; attempt++) {
      await run("ffmpeg", [
        "-v",
        "error",
        "-y",
        "-stream_loop",
        "-1",
        "-i",
        chunk,
        "-c",
        "copy",
        "-fs",
        String(limitBytes),
        out,
      ]);
      const gap = sizeBytes - (await stat(out)).size;
      if (gap === 0) break;
      if (gap >= boxHeaderBytes) {
        await appendFreeBox(out, gap);
        break;
      }
      if (attempt === maxLargeVideoAttempts) {
        throw new Error(`ffmpeg made ${String(sizeBytes - gap)} bytes, not ${String(sizeBytes)}`);
      }
      // Too large, or too close for a box: again, a little smaller.
      limitBytes -= Math.max(-gap, 0) + 256 * 1024;
    }
    await rm(chunk);
    return { path: out, sizeBytes, remove };
  } catch (error) {
    await remove();
    throw error;
  }
};
