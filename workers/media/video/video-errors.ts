import { CairnError } from "../../../shared/model/errors";

// The ways reading a video with ffmpeg.wasm fails, as classes the upload can
// tell apart. ffmpeg's own last log lines ride along for diagnosis only (logs,
// bug reports); nothing matches on them.

/**
 * ffmpeg finds no video in the file (spec §8 'unsupported file format'): not a
 * container it knows, no video stream in it (an audio file), or damaged
 * beyond reading its header.
 */
export class VideoUnreadableError extends CairnError {
  override name = "VideoUnreadableError";
  /** ffmpeg's last log lines of the failed run. */
  readonly ffmpegLog: readonly string[];

  constructor(ffmpegLog: readonly string[], options?: ErrorOptions) {
    super("unsupportedFileFormat", options);
    this.ffmpegLog = ffmpegLog;
  }
}

/**
 * The file holds a video stream but no frame could be decoded at second 1 nor
 * at second 0 (spec §8 'file conversion failed'): a damaged stream, a codec
 * this ffmpeg build lacks, or a decode that ran out of time. The upload goes
 * on with the static thumbnail.
 */
export class VideoFrameUnavailableError extends CairnError {
  override name = "VideoFrameUnavailableError";
  readonly ffmpegLog: readonly string[];

  constructor(ffmpegLog: readonly string[], options?: ErrorOptions) {
    super("fileConversionFailed", options);
    this.ffmpegLog = ffmpegLog;
  }
}

/**
 * ffmpeg.wasm itself failed, not the file (spec §8 'file conversion
 * failed'): it could not be loaded (its script or WebAssembly not served or
 * not compiled) or it crashed during a run (out of memory). The next job
 * loads it again or starts a fresh instance.
 */
export class FFmpegUnavailableError extends CairnError {
  override name = "FFmpegUnavailableError";

  constructor(options?: ErrorOptions) {
    super("fileConversionFailed", options);
  }
}
