// A file's edited creation time written into its JPEG as it leaves Cairn
// (spec §5: "Exported JPEG gets the edited time written if present"; the
// desktop export and downloads alike), as a step of a stream between
// decryption and where the file goes. Only the JPEG's head (its marker
// segments before the image data) is read and held; at most its EXIF segment
// changes; every other byte passes through as it came. The EXIF editing
// itself is in exif-date-tags.ts; a Blob goes through in blob-edited-time.ts.

import { ChunkQueue } from "./chunk-queue";
import { concatBytes } from "./concat-bytes";
import {
  exifDateOfTimeUs,
  exifDateText,
  exifSegmentMarker,
  exifSegmentPrefixBytes,
  exifSegmentWithDate,
  hasExifIdentifier,
  newExifSegment,
} from "./exif-date-tags";

/** How the date tags went in. See: [Note: A JPEG's EXIF is edited without moving a byte] */
export type JpegDateWrite = "in-place" | "appended" | "inserted";

/**
 * What the step did to a file, for the caller's log. Every status but
 * "written" means the file was given byte for byte as it came.
 * See: [Note: A JPEG that cannot be edited safely is given unchanged]
 */
export type JpegEditedTimeOutcome =
  | { status: "written"; write: JpegDateWrite }
  | { status: "not-a-jpeg" }
  | { status: "unchanged-malformed"; reason: string }
  | { status: "unchanged-no-room" }
  | { status: "unchanged-time-out-of-range" };

export interface JpegWithEditedTime {
  /** The file's bytes, with the edited time in its EXIF when it is a JPEG that can take it. */
  chunks: AsyncIterable<Uint8Array>;
  /** What was done: undefined until the head has been read, always set once `chunks` has ended. */
  readonly outcome: JpegEditedTimeOutcome | undefined;
}

/** The byte after 0xFF of each marker this step reads (ITU T.81 Table B.1); APP1 is `exifSegmentMarker`. */
const marker = { soi: 0xd8, sos: 0xda, app0: 0xe0 } as const;

/** A segment's marker (2) and length (2). */
const segmentHeaderBytes = 4;

// [Note: Only a JPEG's head is held while its EXIF is found]
//
// A JPEG is SOI, marker segments (APPn, tables, frame header), then SOS and
// the image data. The segments are read one by one and held back until the
// step knows what to write: at the EXIF segment (APP1 "Exif"), the held ones
// go out unchanged and the edited EXIF after them; at SOS without an EXIF, a
// new one goes in after SOI and APP0 and the held ones follow. From there,
// every chunk passes through as it came, so a 2 GiB file costs its head. The
// head of a JPEG without EXIF is a few KB (tables) to a few hundred KB (ICC
// profile, XMP, Photoshop); should the held segments pass
// `maxHeldHeadBytes` (a phone's depth map in extended XMP runs to MBs), they
// go out and a new EXIF goes in where the reading stands, before the next
// segment: later than usual, but exiftool and exifr read an EXIF segment
// wherever it stands before SOS, and the memory stays bounded.

/** One download chunk: the most of a head held at once. See: [Note: Only a JPEG's head is held while its EXIF is found] */
const maxHeldHeadBytes = 4 * 1024 * 1024;

/** TEM, RSTn, SOI and EOI stand alone; every other marker starts a segment with a length. */
const isStandalone = (code: number) => code === 0x01 || (code >= 0xd0 && code <= 0xd9);

/** The head's bytes read and not yet given out, in order. */
class HeldHead {
  parts: Uint8Array[] = [];
  heldBytes = 0;
  /** Bytes of the file read so far, for the log. */
  position = 0;

  hold(parts: readonly Uint8Array[]) {
    for (const part of parts) {
      this.parts.push(part);
      this.heldBytes += part.length;
      this.position += part.length;
    }
  }

  /** Holds the next `count` bytes of `queue` as they arrive; false when the source ends first. */
  async holdFrom(queue: ChunkQueue, count: number): Promise<boolean> {
    let left = count;
    while (left > 0) {
      if (!(await queue.has(1))) return false;
      const taken = Math.min(left, queue.queuedBytes);
      this.hold(queue.take(taken));
      left -= taken;
    }
    return true;
  }

  /** Gives out every held byte, with `inserted` after the first `insertAt` parts. */
  release(insertAt = 0, inserted?: Uint8Array): Uint8Array {
    const parts = this.parts;
    this.parts = [];
    this.heldBytes = 0;
    if (inserted === undefined) return concatBytes(parts);
    return concatBytes([...parts.slice(0, insertAt), inserted, ...parts.slice(insertAt)]);
  }
}

/** Whether the segment at the front of `queue` is an EXIF APP1 ("Exif" and two NULs). */
const isExifSegment = async (queue: ChunkQueue, segmentBytes: number): Promise<boolean> => {
  if (segmentBytes < exifSegmentPrefixBytes) return false;
  if (!(await queue.has(exifSegmentPrefixBytes))) return false;
  return hasExifIdentifier((index) => queue.byteAt(index));
};

/**
 * Reads the head after SOI, giving out held segments only when they pass
 * `maxHeldHeadBytes`, and returns the rest of the head, with the dates written
 * when it can take them. See: [Note: Only a JPEG's head is held while its EXIF is found]
 */
async function* headWithDate(
  queue: ChunkQueue,
  dateText: string,
  settle: (outcome: JpegEditedTimeOutcome) => void,
): AsyncGenerator<Uint8Array, Uint8Array, undefined> {
  const held = new HeldHead();
  const unchanged = (reason: string) => {
    settle({ status: "unchanged-malformed", reason: `${reason} (byte ${held.position})` });
    return held.release();
  };
  held.hold(queue.take(2));
  // Only SOI, fill bytes and APP0 segments so far: a new EXIF goes after them.
  let leading = true;
  let insertAt = held.parts.length;
  for (;;) {
    if (!(await queue.has(2))) return unchanged("the file ends in its head");
    if (queue.byteAt(0) !== 0xff) return unchanged("no marker where one belongs");
    const code = queue.byteAt(1);
    // Fill bytes: any number of 0xFF may come before a marker (ITU T.81 B.1.1.2).
    if (code === 0xff) {
      held.hold(queue.take(1));
      continue;
    }
    if (code === marker.sos) {
      settle({ status: "written", write: "inserted" });
      return held.release(insertAt, newExifSegment(dateText));
    }
    if (isStandalone(code) || code === 0) {
      return unchanged(`marker ${code.toString(16)} before the image data`);
    }
    if (!(await queue.has(segmentHeaderBytes))) return unchanged("the file ends in a segment");
    const segmentBytes = 2 + ((queue.byteAt(2) << 8) | queue.byteAt(3));
    if (segmentBytes < segmentHeaderBytes) return unchanged("a segment length below 2");
    if (code === exifSegmentMarker && (await isExifSegment(queue, segmentBytes))) {
      if (!(await queue.has(segmentBytes))) return unchanged("the file ends in its EXIF");
      const exifPosition = held.position;
      const edited = exifSegmentWithDate(concatBytes(queue.take(segmentBytes)), dateText);
      settle(
        edited.outcome.status === "unchanged-malformed"
          ? { ...edited.outcome, reason: `${edited.outcome.reason} (EXIF at byte ${exifPosition})` }
          : edited.outcome,
      );
      return concatBytes([held.release(), edited.segment]);
    }
    if (code !== marker.app0) leading = false;
    if (!(await held.holdFrom(queue, segmentBytes))) return unchanged("the file ends in a segment");
    if (leading) insertAt = held.parts.length;
    if (held.heldBytes > maxHeldHeadBytes) {
      yield held.release();
      insertAt = 0;
    }
  }
}

async function* editedChunks(
  chunks: AsyncIterable<Uint8Array>,
  editedTimeUs: number,
  settle: (outcome: JpegEditedTimeOutcome) => void,
): AsyncGenerator<Uint8Array, void, undefined> {
  const queue = new ChunkQueue(chunks[Symbol.asyncIterator]());
  try {
    const date = exifDateOfTimeUs(editedTimeUs);
    if (date === undefined) {
      settle({ status: "unchanged-time-out-of-range" });
    } else if (
      !(await queue.has(2)) ||
      queue.byteAt(0) !== 0xff ||
      queue.byteAt(1) !== marker.soi
    ) {
      settle({ status: "not-a-jpeg" });
    } else {
      const head = yield* headWithDate(queue, exifDateText(date), settle);
      yield head;
    }
    yield* queue.rest();
  } finally {
    await queue.close();
  }
}

// [Note: A JPEG that cannot be edited safely is given unchanged]
//
// The export and downloads give the person's own file: losing or damaging it
// to set a date would be far worse than a date not set. So a file that does not start
// with SOI, a head that cannot be read to its image data, an EXIF whose TIFF
// cannot be read and an EXIF that would outgrow its segment all give the
// file's bytes exactly as they came, and an outcome that says why. The
// reference decides by the file's extension and falls back the same way when
// its EXIF library fails; here the bytes decide, so a misnamed JPEG gets its
// date and a misnamed PNG passes untouched.

/**
 * The JPEG in `chunks` with `editedTimeUs` (µs since the epoch) written into
 * its EXIF date tags, as a stream: only the head is held, the rest passes
 * through chunk by chunk (the input's chunks must not be reused once given).
 * See: [Note: The edited time goes into the three EXIF date tags]
 */
export const withEditedTimeInJpeg = (
  chunks: AsyncIterable<Uint8Array>,
  editedTimeUs: number,
): JpegWithEditedTime => {
  let outcome: JpegEditedTimeOutcome | undefined;
  return {
    chunks: editedChunks(chunks, editedTimeUs, (settled) => {
      outcome = settled;
    }),
    get outcome() {
      return outcome;
    },
  };
};
