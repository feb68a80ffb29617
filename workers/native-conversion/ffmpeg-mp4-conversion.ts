// The native MP4 conversion: the ffmpeg binary reads the video from a
// loopback server and writes the MP4 to its stdout, all in memory.
// See: [Note: ffmpeg reads the video from a loopback server],
// [Note: A converted video is H.264 and AAC in a fragmented MP4]

import type { NativeConversionResult } from "./native-conversion-contract";
import { runFfmpeg } from "./ffmpeg-process";
import { startLoopbackByteServer } from "./loopback-byte-server";
import {
  ffmpegFailureMessage,
  missingMP4Encoders,
  mp4ConversionArguments,
  mp4ConversionTimeLimitMs,
} from "./mp4-conversion-rules";

/** Time for `ffmpeg -encoders`: it only prints a list, but a busy machine may start it slowly. */
const encoderListingTimeLimitMs = 30_000;

type NotConverted = Extract<NativeConversionResult, { ok: false }>;
type Readiness = { ready: true } | { ready: false; answer: NotConverted };

/** Whether the binary starts and has the encoders an MP4 for browsers needs. */
const checkFfmpeg = async (ffmpegPath: string): Promise<Readiness> => {
  const run = await runFfmpeg(ffmpegPath, ["-hide_banner", "-encoders"], encoderListingTimeLimitMs);
  if (run.outcome === "not-started") {
    return { ready: false, answer: { ok: false, reason: "not-available", message: run.message } };
  }
  if (run.outcome === "timed-out" || run.exitCode !== 0) {
    const message = ffmpegFailureMessage("could not list its encoders", run.stderr);
    return { ready: false, answer: { ok: false, reason: "failed", message } };
  }
  const missing = missingMP4Encoders(new TextDecoder().decode(run.stdout));
  if (missing.length > 0) {
    const message = `ffmpeg has no ${missing.join(" or ")} encoder`;
    return { ready: false, answer: { ok: false, reason: "not-available", message } };
  }
  return { ready: true };
};

/**
 * The MP4 conversion with the binary at `ffmpegPath`. Its encoders are
 * checked on the first conversion; a binary that does not start or lacks
 * them answers `not-available`, and that answer is kept.
 */
export const ffmpegMP4Conversion = (
  ffmpegPath: string,
): ((video: Uint8Array) => Promise<NativeConversionResult>) => {
  let readiness: Promise<Readiness> | undefined;
  const ensureReadiness = async (): Promise<Readiness> => {
    readiness ??= checkFfmpeg(ffmpegPath);
    const checked = await readiness;
    // A check that failed for a passing reason is tried again next time.
    if (!checked.ready && checked.answer.reason === "failed") {
      readiness = undefined;
    }
    return checked;
  };

  return async (video) => {
    const checked = await ensureReadiness();
    if (!checked.ready) return checked.answer;
    const server = await startLoopbackByteServer(video);
    try {
      const timeLimitMs = mp4ConversionTimeLimitMs(video.byteLength);
      const run = await runFfmpeg(ffmpegPath, mp4ConversionArguments(server.url), timeLimitMs);
      if (run.outcome === "not-started") {
        return { ok: false, reason: "not-available", message: run.message };
      }
      if (run.outcome === "timed-out") {
        const exit = `took longer than ${Math.round(timeLimitMs / 1000)} s`;
        return { ok: false, reason: "failed", message: ffmpegFailureMessage(exit, run.stderr) };
      }
      if (run.exitCode !== 0 || run.stdout.byteLength === 0) {
        const exit =
          run.exitCode === null ? `ended by ${run.signal ?? "a signal"}` : `exited ${run.exitCode}`;
        return { ok: false, reason: "failed", message: ffmpegFailureMessage(exit, run.stderr) };
      }
      return { ok: true, bytes: run.stdout };
    } finally {
      await server.close();
    }
  };
};
