// The marker codes of a JPEG stream and a walk over its header segments, as
// the embedded-JPEG scan and the reduced decode need them. Pure: bytes in.

import type { PixelSize } from "../../../shared/model/media/thumbnail-rules";

export const jpegMarker = {
  prefix: 0xff,
  startOfImage: 0xd8,
  endOfImage: 0xd9,
  startOfScan: 0xda,
  quantisationTable: 0xdb,
  /** 0xff00 inside entropy-coded data is a literal 0xff, not a marker. */
  stuffing: 0x00,
  temporary: 0x01,
  firstRestart: 0xd0,
  lastRestart: 0xd7,
} as const;

/**
 * Start-of-frame markers (0xc0 to 0xcf except DHT 0xc4, JPG 0xc8 and DAC
 * 0xcc). Browsers decode only baseline (0xc0), extended sequential (0xc1)
 * and progressive (0xc2) Huffman frames; the others are lossless (the raw
 * sensor data of CR2 and DNG files is lossless JPEG), hierarchical or
 * arithmetic-coded.
 */
export const isStartOfFrame = (code: number): boolean =>
  code >= 0xc0 && code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc;

export const browserDecodableFrames: ReadonlySet<number> = new Set([0xc0, 0xc1, 0xc2]);

/** Markers without a length: TEM and the restart markers. */
export const isStandaloneMarker = (code: number): boolean =>
  code === jpegMarker.temporary ||
  (code >= jpegMarker.firstRestart && code <= jpegMarker.lastRestart);

export const uint16At = (bytes: Uint8Array, offset: number): number =>
  ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);

/** How much of a JPEG's start `jpegFrameSize` reads: its frame header follows the APP segments. */
export const jpegHeadBytes = 256 * 1024;

/**
 * The stored size of the JPEG that starts `head` (its first bytes: the
 * frame header follows the EXIF, ICC and other APP segments, within the
 * first few hundred KB of a camera's file), when its frame is one browsers
 * decode. Undefined when `head` is not a JPEG, is cut before the frame
 * header, or the frame is lossless, hierarchical or arithmetic-coded.
 */
export const jpegFrameSize = (head: Uint8Array): PixelSize | undefined => {
  if (head[0] !== jpegMarker.prefix || head[1] !== jpegMarker.startOfImage) return undefined;
  let at = 2;
  for (;;) {
    if (at + 1 >= head.length || head[at] !== jpegMarker.prefix) return undefined;
    let code = head[at + 1] ?? 0;
    while (code === jpegMarker.prefix) {
      at++;
      if (at + 1 >= head.length) return undefined;
      code = head[at + 1] ?? 0;
    }
    if (isStandaloneMarker(code)) {
      at += 2;
      continue;
    }
    if (
      code === jpegMarker.startOfScan ||
      code === jpegMarker.endOfImage ||
      code === jpegMarker.startOfImage ||
      code === jpegMarker.stuffing
    ) {
      return undefined;
    }
    const lengthBytes = uint16At(head, at + 2);
    if (lengthBytes < 2) return undefined;
    if (isStartOfFrame(code)) {
      // Frame header: length, precision, height, width, components.
      if (lengthBytes < 8 || at + 9 > head.length) return undefined;
      const size = { heightPx: uint16At(head, at + 5), widthPx: uint16At(head, at + 7) };
      return browserDecodableFrames.has(code) && size.widthPx > 0 && size.heightPx > 0
        ? size
        : undefined;
    }
    at += 2 + lengthBytes;
  }
};
