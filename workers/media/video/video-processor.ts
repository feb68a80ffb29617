// What the upload asks of a video: its container's facts (probeVideo) and a
// thumbnail (videoThumbnailJPEG), both through the worker's ffmpeg.wasm.

import type { FFmpegCoreSource } from "./ffmpeg-core";
import { createFFmpegRunner, type FFmpegRunner, type FFmpegRunnerOptions } from "./ffmpeg-runner";
import {
  nextThumbnailQuality,
  type ThumbnailEncoding,
  thumbnailStartQuality,
} from "../../../shared/model/media/thumbnail-rules";
import { type VideoProbe, videoProbeFromReport } from "./ffprobe-report";
import { VideoFrameUnavailableError, VideoUnreadableError } from "./video-errors";

export type { VideoProbe } from "./ffprobe-report";

export interface VideoProcessor {
  /**
   * The creation time, duration, displayed size and place the container
   * holds. Throws VideoUnreadableError when ffmpeg finds no video in `file`,
   * FFmpegUnavailableError when ffmpeg.wasm cannot run.
   */
  probeVideo(file: Blob): Promise<VideoProbe>;
  /**
   * A JPEG of the frame at second 1 (second 0 for a shorter video), 720 px
   * high with the displayed aspect kept. Throws VideoUnreadableError when
   * ffmpeg finds no video in `file`, VideoFrameUnavailableError when it has
   * one but no frame could be decoded, FFmpegUnavailableError when
   * ffmpeg.wasm cannot run.
   */
  videoThumbnailJPEG(file: Blob): Promise<Uint8Array>;
}

export interface VideoProcessorOptions extends FFmpegRunnerOptions {
  /** The current time in µs since the epoch (a creation time after it is ignored); the system clock by default. */
  nowUs?: () => number;
  /** How long reading a container's header may take. */
  probeTimeoutMs?: number;
  /** How long one attempt at a frame may take. */
  frameTimeoutMs?: number;
}

/** Spec §9: the frame at second 1, which skips the black or blurred start of many clips; second 0 when that fails. */
const thumbnailFrameSeconds = [1, 0] as const;

// [Note: A video's thumbnail is 720 px high, even when the video is smaller]
//
// Spec §9 says "scaled to height 720" (ffmpeg's `scale=-2:720`: the height
// 720, the width that keeps the displayed aspect, rounded to an even number
// as JPEG's chroma subsampling likes). Unlike an image's thumbnail, which is
// never upscaled (thumbnail-rules.ts), a video smaller than 720 px is scaled
// up: we keep the spec's rule exactly, because thumbnails are shared with the
// other clients of the same protocol, which make them this way, and the grid
// and its placeholders then see one height for every video. The cost is
// small: an upscaled frame is smooth and compresses well, and videos below
// 720p are rare among today's phones and cameras. A rotated video (a phone
// held upright) is turned first (ffmpeg applies the display matrix), so a
// 1920×1080 portrait clip gives 406×720.
const videoThumbnailHeightPx = 720;
const scaleFilter = `scale=-2:${String(videoThumbnailHeightPx)}`;

// [Note: A video thumbnail's JPEG quality steps as an image's does]
//
// The frame is encoded to JPEG by the rules of image thumbnails (see:
// [Note: Thumbnail quality stepping]): quality 0.7 first, then 0.6 and 0.5
// while it is over the ~100 KB target and each step still shrinks it, the
// smallest kept. Those qualities are the browser encoder's, which image
// thumbnails use; ffmpeg's JPEG encoder has its own scale instead (`-q:v`, a
// quantiser: 2 best … 31 worst). Measured on 720 px frames of three fixture
// photos, ffmpeg's 5, 6 and 7 give the sizes closest (within about 15 %) to
// Chromium's 0.7, 0.6 and 0.5, hence 12 − 10 × quality, rounded. The first
// run writes the JPEG at 0.7 and the scaled frame uncompressed, so a further
// step encodes that frame again without seeking and decoding the video again.

/** ffmpeg's JPEG quantiser for a thumbnail quality (0.7 → 5, 0.6 → 6, 0.5 → 7). */
export const ffmpegJpegQuantiser = (quality: number): number => Math.round(12 - 10 * quality);

// [Note: Video thumbnails use JPEG's standard Huffman tables]
//
// ffmpeg's JPEG encoder by default computes Huffman tables fitted to each
// picture ("-huffman optimal"). In ffmpeg.wasm (core 0.12.10, ffmpeg 5.1.4)
// that path corrupts the heap on some pictures: for about one frame of grainy
// noise in five, the run never ends, spinning in malloc, where
// neither ffmpeg's timeout nor anything else in the worker can stop it (our
// tests found it; the same frames encode fine with Debian's ffmpeg). The
// standard tables of the JPEG specification ("-huffman default") skip that
// code, and cost about 3 % in size.
const huffmanTables = "default";

/** The JPEG encoder's options for `quality`. See: [Note: Video thumbnails use JPEG's standard Huffman tables] */
const jpegOptions = (quality: number): string[] => [
  "-q:v",
  String(ffmpegJpegQuantiser(quality)),
  "-huffman",
  huffmanTables,
  "-f",
  "mjpeg",
];

/**
 * Reading a container's header is a few reads of the file (even a 2 GB file's
 * index is a few MB); 30 s means something is wrong, not slow.
 */
const defaultProbeTimeoutMs = 30_000;
/**
 * One frame attempt seeks to the key frame before the wanted second and
 * decodes forward from it, single-threaded: up to a few seconds of 4K HEVC
 * (phones put key frames 1 to 2 s apart) takes several seconds in
 * WebAssembly; a minute is a damaged or pathological stream.
 */
const defaultFrameTimeoutMs = 60_000;
/** Encoding a 720 px frame that is already decoded takes well under a second. */
const encodeTimeoutMs = 10_000;

const jpegOutput = "frame.jpg";
/** The scaled frame, uncompressed (NUT records its size, and its pixel format by FourCC), for further quality steps. */
const rawFrameOutput = "frame.nut";

/** ffprobe's JSON report of a file: every stream and the container; undefined when it wrote none. */
const probeReport = async (
  runner: FFmpegRunner,
  file: Blob,
  timeoutMs: number,
): Promise<{ report: string | undefined; log: readonly string[] }> => {
  const reportName = "probe.json";
  const { outputs, log } = await runner.run(file, {
    tool: "ffprobe",
    args: ({ input, output }) => [
      "-v",
      "error",
      "-print_format",
      "json",
      "-show_format",
      "-show_streams",
      input,
      "-o",
      output(reportName),
    ],
    timeoutMs,
  });
  const report = outputs.get(reportName);
  return { report: report === undefined ? undefined : new TextDecoder().decode(report), log };
};

interface Frame {
  /** The frame as a JPEG at `quality`. */
  jpeg: Uint8Array;
  quality: number;
  /** The same frame uncompressed, to encode again. */
  raw: Uint8Array<ArrayBuffer>;
}

/** The frame at `second`, scaled, as a JPEG at `quality` and uncompressed; undefined when ffmpeg produced none. */
const frameAt = async (
  runner: FFmpegRunner,
  file: Blob,
  { second, quality, timeoutMs }: { second: number; quality: number; timeoutMs: number },
): Promise<{ frame: Frame | undefined; log: readonly string[] }> => {
  const { exitCode, outputs, log } = await runner.run(file, {
    tool: "ffmpeg",
    args: ({ input, output }) => [
      // Before -i: seek in the input (to the key frame before, then decode to
      // the exact time), reading only what that needs, not the whole start.
      "-ss",
      String(second),
      "-i",
      input,
      // The frame is split after `format=yuv420p`: NUT stores raw video by its
      // FourCC (I420), which reads back as yuv420p, video range; a copy in
      // the JPEG encoder's full-range yuvj420p would come back stretched.
      "-filter_complex",
      `[0:v]${scaleFilter},format=yuv420p,split=2[jpeg][raw]`,
      ...["-map", "[jpeg]", "-frames:v", "1", ...jpegOptions(quality), output(jpegOutput)],
      ...["-map", "[raw]", "-frames:v", "1", "-c:v", "rawvideo", "-f", "nut"],
      output(rawFrameOutput),
    ],
    timeoutMs,
  });
  const jpeg = outputs.get(jpegOutput);
  const raw = outputs.get(rawFrameOutput);
  // A video shorter than `second` ends with exit code 0 and no frame written.
  if (exitCode !== 0 || jpeg === undefined || raw === undefined) return { frame: undefined, log };
  return { frame: { jpeg, quality, raw }, log };
};

const smallest = (jpegs: readonly Uint8Array[]): Uint8Array =>
  jpegs.reduce((best, jpeg) => (jpeg.length < best.length ? jpeg : best));

/** The uncompressed frame encoded again at `quality`; undefined if ffmpeg failed. */
const encodeAgain = async (
  runner: FFmpegRunner,
  raw: Uint8Array<ArrayBuffer>,
  quality: number,
): Promise<Uint8Array | undefined> => {
  const { exitCode, outputs } = await runner.run(new File([raw], rawFrameOutput), {
    tool: "ffmpeg",
    args: ({ input, output }) => ["-i", input, ...jpegOptions(quality), output(jpegOutput)],
    timeoutMs: encodeTimeoutMs,
  });
  return exitCode === 0 ? outputs.get(jpegOutput) : undefined;
};

/** The probe and the thumbnail of videos, with one ffmpeg.wasm core loaded from `source` on first use. */
export const createVideoProcessor = (
  source: FFmpegCoreSource,
  {
    nowUs = () => Date.now() * 1000,
    probeTimeoutMs = defaultProbeTimeoutMs,
    frameTimeoutMs = defaultFrameTimeoutMs,
    ...runnerOptions
  }: VideoProcessorOptions = {},
): VideoProcessor => {
  const runner = createFFmpegRunner(source, runnerOptions);

  const probeOf = async (file: Blob) => {
    const { report, log } = await probeReport(runner, file, probeTimeoutMs);
    return { probe: report === undefined ? undefined : videoProbeFromReport(report, nowUs()), log };
  };

  /** The frame at second 1, else second 0, at the first thumbnail quality. */
  const firstFrame = async (file: Blob) => {
    let frameLog: readonly string[] = [];
    for (const second of thumbnailFrameSeconds) {
      const { frame, log } = await frameAt(runner, file, {
        second,
        quality: thumbnailStartQuality,
        timeoutMs: frameTimeoutMs,
      });
      if (frame !== undefined) return frame;
      frameLog = log;
    }
    // Only now, on the unhappy path, tell a file that is not a video from one without a frame.
    const { probe } = await probeOf(file);
    if (probe === undefined) throw new VideoUnreadableError(frameLog);
    throw new VideoFrameUnavailableError(frameLog);
  };

  return {
    probeVideo: async (file) => {
      const { probe, log } = await probeOf(file);
      if (probe === undefined) throw new VideoUnreadableError(log);
      return probe;
    },

    videoThumbnailJPEG: async (file) => {
      const frame = await firstFrame(file);
      // See: [Note: A video thumbnail's JPEG quality steps as an image's does]
      const jpegs = [frame.jpeg];
      const encodings: ThumbnailEncoding[] = [
        { quality: frame.quality, sizeBytes: frame.jpeg.length },
      ];
      for (;;) {
        const step = nextThumbnailQuality(encodings);
        if (step.done) return jpegs[step.keepIndex] ?? smallest(jpegs);
        const jpeg = await encodeAgain(runner, frame.raw, step.quality);
        // An encoder that fails on a frame it has just encoded leaves the best so far.
        if (jpeg === undefined) return smallest(jpegs);
        jpegs.push(jpeg);
        encodings.push({ quality: step.quality, sizeBytes: jpeg.length });
      }
    },
  };
};
