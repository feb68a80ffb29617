// What the `upload` scenario uploads (performance.md): 300 generated photos
// and 5 videos, about 600 MB, then one large video for the peak memory.
// `CAIRN_BENCH_QUICK=1`: 30 photos, 1 video and a 300 MB large video.
// `CAIRN_BENCH_LARGE_VIDEO_BYTES=N` sets the large video's size (0 skips it).

import path from "node:path";
import { profiling } from "../../lib/trace-profile";
import { benchBuildRoot } from "../../lib/vite-page-config";
import { largeVideoBytesFromEnvironment } from "../../lib/large-video-bytes";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export const quick = process.env.CAIRN_BENCH_QUICK === "1";

/** The generated media set: its shape is also its cache key. See: [Note: The media set is cached] */
export interface MediaSetShape {
  photoCount: number;
  /** A 12-megapixel camera's frame. */
  photoWidthPx: number;
  photoHeightPx: number;
  videoCount: number;
  videoWidthPx: number;
  videoHeightPx: number;
  videoDurationSec: number;
  /** H.264 bit rate: with the duration, a video's size (10 Mbit/s × 20 s ≈ 25 MB, a phone's 720p). */
  videoBitRateMbps: number;
}

export const mediaSetShape: MediaSetShape = {
  photoCount: quick ? 30 : 300,
  photoWidthPx: 4000,
  photoHeightPx: 3000,
  videoCount: quick ? 1 : 5,
  videoWidthPx: 1280,
  videoHeightPx: 720,
  videoDurationSec: 20,
  videoBitRateMbps: 10,
};

/** The large video's size ("a 2 GB video uploads with bounded memory"); 0 skips the pass. */
export const largeVideoBytes = largeVideoBytesFromEnvironment() ?? (quick ? 300 * MiB : 2 * GiB);

/** Whether each pass is traced: see `profiling` in bench/lib/trace-profile.ts. */
export const profile = profiling;

/** Where a profiled pass's trace is written (git-ignored). */
export const tracePathOf = (pass: "set" | "large"): string =>
  path.join(benchBuildRoot, "upload", `trace-${pass}.json`);

/** performance.md: end to end at least 0.7 of the bare pipeline. See: [Note: The upload's baseline is the bare pipeline] */
export const UPLOAD_OVER_BARE_PIPELINE_AT_LEAST = 0.7;

/**
 * Memory samples: every 250 ms, as the brief asks; a sample reads a few
 * dozen small /proc files and one CDP call, well under a millisecond of
 * the machine's time per process.
 */
export const memorySampleIntervalMs = 250;

/** Far above any expected upload on a loaded two-core machine; only a hang reaches it. */
export const uploadTimeoutMs = 60 * 60_000;
