// The JPEG images a file carries inside it: the preview a camera embeds in
// its RAW file (CR2, CR3, NEF, ARW, DNG, RW2, RAF, ORF), the thumbnail
// Photoshop stores in a PSD. Browsers decode none of those containers, but
// they decode the JPEG inside. Pure: bytes in, ranges out.

import {
  browserDecodableFrames,
  isStandaloneMarker,
  isStartOfFrame,
  jpegMarker as marker,
  uint16At,
} from "./jpeg-segments";

/** A complete JPEG found inside a file, at `[start, end)`. */
export interface EmbeddedJPEG {
  start: number;
  end: number;
  widthPx: number;
  heightPx: number;
}

interface ParsedJPEG {
  end: number;
  decodable: boolean;
  widthPx: number;
  heightPx: number;
}

/** The end of the entropy-coded data from `from`: the offset of the next marker, or -1. */
const endOfEntropyData = (bytes: Uint8Array, from: number): number => {
  let at = from;
  for (;;) {
    const prefix = bytes.indexOf(marker.prefix, at);
    if (prefix < 0 || prefix + 1 >= bytes.length) return -1;
    const code = bytes[prefix + 1] ?? 0;
    if (code === marker.stuffing || (code >= marker.firstRestart && code <= marker.lastRestart)) {
      at = prefix + 2;
    } else if (code === marker.prefix) {
      // Fill bytes before a marker: look again from the second 0xff.
      at = prefix + 1;
    } else {
      return prefix;
    }
  }
};

/**
 * [Note: Finding the JPEG inside a RAW file]
 *
 * Rather than one parser per RAW container (TIFF IFDs, SubIFDs and maker
 * notes for most, ISO boxes for CR3, a header offset for RAF), the file is
 * scanned for JPEG streams: a start-of-image marker followed by well-formed
 * segments, at least one quantisation table, a frame header, a scan and an
 * end-of-image marker. The bytes of sensor data rarely hold a start marker
 * (three given bytes), and such a false start fails the segment walk within
 * a few bytes. A complete JPEG is skipped as a whole, so the small EXIF
 * thumbnail inside a large preview is not listed twice.
 */
const parseJPEGAt = (bytes: Uint8Array, start: number): ParsedJPEG | undefined => {
  let at = start + 2;
  let frame: { code: number; widthPx: number; heightPx: number } | undefined;
  let hasQuantisationTable = false;
  let hasScan = false;
  for (;;) {
    if (at + 1 >= bytes.length || bytes[at] !== marker.prefix) return undefined;
    let code = bytes[at + 1] ?? 0;
    while (code === marker.prefix) {
      at++;
      if (at + 1 >= bytes.length) return undefined;
      code = bytes[at + 1] ?? 0;
    }
    if (code === marker.endOfImage) {
      if (frame === undefined || !hasScan || !hasQuantisationTable) return undefined;
      return {
        end: at + 2,
        decodable:
          browserDecodableFrames.has(frame.code) && frame.widthPx > 0 && frame.heightPx > 0,
        widthPx: frame.widthPx,
        heightPx: frame.heightPx,
      };
    }
    if (code === marker.startOfImage || code === marker.stuffing) return undefined;
    if (isStandaloneMarker(code)) {
      at += 2;
      continue;
    }
    const lengthBytes = uint16At(bytes, at + 2);
    if (at + 3 >= bytes.length || lengthBytes < 2 || at + 2 + lengthBytes > bytes.length) {
      return undefined;
    }
    if (isStartOfFrame(code)) {
      // Frame header: length, precision, height, width, components.
      if (lengthBytes < 8) return undefined;
      frame = { code, heightPx: uint16At(bytes, at + 5), widthPx: uint16At(bytes, at + 7) };
    }
    if (code === marker.quantisationTable) hasQuantisationTable = true;
    at += 2 + lengthBytes;
    if (code === marker.startOfScan) {
      hasScan = true;
      at = endOfEntropyData(bytes, at);
      if (at < 0) return undefined;
    }
  }
};

/**
 * The complete JPEG streams a browser can decode inside `bytes`, largest
 * (in pixels) first. See: [Note: Finding the JPEG inside a RAW file]
 */
export const embeddedJPEGs = (bytes: Uint8Array): EmbeddedJPEG[] => {
  const found: EmbeddedJPEG[] = [];
  let from = 0;
  for (;;) {
    const start = bytes.indexOf(marker.prefix, from);
    if (start < 0 || start + 2 >= bytes.length) break;
    if (bytes[start + 1] !== marker.startOfImage || bytes[start + 2] !== marker.prefix) {
      from = start + 1;
      continue;
    }
    const parsed = parseJPEGAt(bytes, start);
    if (parsed === undefined) {
      from = start + 1;
      continue;
    }
    if (parsed.decodable) {
      found.push({ start, end: parsed.end, widthPx: parsed.widthPx, heightPx: parsed.heightPx });
    }
    from = parsed.end;
  }
  return found.sort(
    (a, b) =>
      b.widthPx * b.heightPx - a.widthPx * a.heightPx || b.end - b.start - (a.end - a.start),
  );
};
