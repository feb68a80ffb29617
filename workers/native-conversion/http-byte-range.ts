// The part of an in-memory file that an HTTP `Range` header asks for (pure),
// for the loopback server that hands a video's bytes to ffmpeg.
// See: [Note: ffmpeg reads the video from a loopback server]

/** What to answer a GET: all the bytes (200), a part (206), or nothing (416). */
export type ByteRangeAnswer =
  { status: 200 } | { status: 206; startByte: number; endByteInclusive: number } | { status: 416 };

/**
 * The answer to `Range: <header>` over a file of `sizeBytes` (RFC 9110 §14):
 * one range of the form `bytes=start-end`, `bytes=start-` or `bytes=-suffix`.
 * An absent or unparsable header, or several ranges (ffmpeg never asks for
 * them), gives the whole file; a range that starts past the end gives 416.
 */
export const byteRangeAnswer = (
  rangeHeader: string | undefined,
  sizeBytes: number,
): ByteRangeAnswer => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader?.trim() ?? "");
  if (match === null) return { status: 200 };
  const [, startText = "", endText = ""] = match;
  if (startText === "" && endText === "") return { status: 200 };
  if (startText === "") {
    const suffixBytes = Number(endText);
    if (suffixBytes === 0 || sizeBytes === 0) return { status: 416 };
    return {
      status: 206,
      startByte: Math.max(0, sizeBytes - suffixBytes),
      endByteInclusive: sizeBytes - 1,
    };
  }
  const startByte = Number(startText);
  if (startByte >= sizeBytes) return { status: 416 };
  const lastByte = endText === "" ? sizeBytes - 1 : Math.min(Number(endText), sizeBytes - 1);
  if (lastByte < startByte) return { status: 200 };
  return { status: 206, startByte, endByteInclusive: lastByte };
};
