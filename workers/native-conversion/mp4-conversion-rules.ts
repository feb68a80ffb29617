// How the desktop app's ffmpeg makes an MP4 a browser plays (pure): the
// encoders it needs, its arguments, the time a conversion may take and the
// message of a failed one.

// [Note: A converted video is H.264 and AAC in a fragmented MP4]
//
// Every browser Cairn supports plays H.264 (8-bit 4:2:0, which `yuv420p`
// forces: a ProRes or 10-bit source would otherwise give a 4:2:2 or 10-bit
// High profile that browsers refuse) with AAC sound in an MP4. MPEG-4 part 2
// (ffmpeg's `mpeg4`) is also "MP4" but browsers do not play it, so a binary
// without libx264 cannot convert at all: `not-available`, and the web path
// converts instead. x264 needs even dimensions in 4:2:0, hence the scale to
// the even size below. The MP4 is written to stdout, where ffmpeg cannot go
// back to write the index after the media data, so it is fragmented
// (`frag_keyframe+empty_moov`: an empty moov first, then self-describing
// fragments; `default_base_moof` is what browsers' Media Source expects).
// ffmpeg applies a phone's rotation tag while encoding, so the picture is
// upright. `veryfast` with CRF 23: the copy is for watching, and a person
// waits for it; slower presets gain little size at this quality. The input
// may only be read over http (tcp below it): a hostile "video" that is a
// playlist (HLS, concat) could otherwise make ffmpeg read local files into
// the output.

/** The encoders an MP4 for browsers needs. See: [Note: A converted video is H.264 and AAC in a fragmented MP4] */
export const mp4EncoderNames = ["libx264", "aac"] as const;

/**
 * The encoders of `mp4EncoderNames` missing from `ffmpeg -encoders` output
 * (lines like " V..... libx264   libx264 H.264 / AVC ...").
 */
export const missingMP4Encoders = (encodersListing: string): string[] => {
  const listed = new Set(
    encodersListing
      .split("\n")
      .map((line) => /^\s*[VAS][A-Z.]{5}\s+(\S+)/.exec(line)?.[1])
      .filter((name) => name !== undefined),
  );
  return mp4EncoderNames.filter((name) => !listed.has(name));
};

/** ffmpeg's arguments to convert the video at `inputURL` to an MP4 on stdout. See: [Note: A converted video is H.264 and AAC in a fragmented MP4] */
export const mp4ConversionArguments = (inputURL: string): string[] => [
  ...["-hide_banner", "-nostdin", "-nostats", "-loglevel", "error"],
  ...["-protocol_whitelist", "http,tcp", "-i", inputURL],
  // The first video stream and, when there is one, the first audio stream;
  // subtitles, timecode and data tracks are left out.
  ...["-map", "0:v:0", "-map", "0:a:0?", "-sn", "-dn"],
  ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "23"],
  ...["-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-pix_fmt", "yuv420p"],
  ...["-c:a", "aac", "-b:a", "160k"],
  ...["-movflags", "frag_keyframe+empty_moov+default_base_moof", "-f", "mp4", "pipe:1"],
];

// [Note: A video conversion's time limit grows with its size]
//
// A conversion that hangs (a stalled decoder, a file that makes ffmpeg loop)
// must end, but a long 4K clip legitimately takes minutes. The limit is two
// minutes plus three seconds per MB of input: a phone's 1080p video is about
// 15-20 MB a minute and x264 `veryfast` converts it several times faster than
// real time on a 2-core laptop, while 4K at 60 fps (about 400 MB a minute)
// converts at a few frames a second, about a second per MB. Three seconds
// per MB leaves room for a busy machine. Past the limit the answer is
// `failed`, and the web path gets its chance.

const timeLimitBaseMs = 2 * 60 * 1000;
const timeLimitPerMBMs = 3 * 1000;

/** How long converting a video of `sizeBytes` may take. See: [Note: A video conversion's time limit grows with its size] */
export const mp4ConversionTimeLimitMs = (sizeBytes: number): number =>
  timeLimitBaseMs + Math.ceil((sizeBytes / (1024 * 1024)) * timeLimitPerMBMs);

/** Lines of ffmpeg's stderr kept for a failure's message: its last error and what led to it. */
const failureMessageLineCount = 8;

/** The message of a failed conversion: the last lines ffmpeg wrote on stderr. */
export const ffmpegFailureMessage = (exitDescription: string, stderr: string): string => {
  const lastLines = stderr
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => line !== "")
    .slice(-failureMessageLineCount);
  return [`ffmpeg ${exitDescription}`, ...lastLines].join("\n");
};
