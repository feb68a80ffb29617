// What the `export` scenario exports (performance.md): 10,000 files in 20
// albums, then one large video for the memory. `CAIRN_BENCH_QUICK=1`: 1,000
// files and a 300 MiB video. `CAIRN_BENCH_LARGE_VIDEO_BYTES=N` sets the
// video's size (0 skips that pass).

import { largeVideoBytesFromEnvironment } from "../../lib/large-video-bytes";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

export const quick = process.env.CAIRN_BENCH_QUICK === "1";

export const exportFileCount = quick ? 1_000 : 10_000;
export const exportAlbumCount = 20;

/** The files of the first and the last stretch compared (performance.md: 1,000 of 10,000). */
export const stretchFileCount = exportFileCount / 10;

/** The large video's size; 0 skips the memory pass. */
export const largeVideoBytes = largeVideoBytesFromEnvironment() ?? (quick ? 300 * MiB : 2 * GiB);

/** performance.md: the time a file of the last stretch takes over one of the first, at most. */
export const LAST_OVER_FIRST_AT_MOST = 1.1;
/** performance.md: the export's time over the bare copy's, at most. */
export const EXPORT_OVER_BARE_AT_MOST = 1.5;
/** performance.md: what exporting the large video may add to the exporting process's memory, MB. */
export const LARGE_VIDEO_MEMORY_AT_MOST_MB = 64;

/** Small videos exported first, side by side, so that every crypto thread has worked on one. */
export const warmUpVideoCount = 4;

/** The small videos' title. See: [Note: The large export's memory is measured from a warm process] */
export const warmUpTitle = "warm-up.mp4";
