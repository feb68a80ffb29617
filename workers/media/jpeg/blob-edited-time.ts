// The JPEG step of jpeg-edited-time.ts over a Blob, for downloads, which hold
// a decrypted original as a Blob: the file's edited time in its EXIF, with its
// image data neither read nor copied.

import {
  type JpegEditedTimeOutcome,
  type JpegWithEditedTime,
  withEditedTimeInJpeg,
} from "./jpeg-edited-time";

/**
 * Bytes read from the Blob at a time while its head is read: the head of a
 * camera's or phone's JPEG (EXIF, ICC profile, tables) fits in one or two,
 * and a file that is no JPEG costs one read.
 */
const headSliceBytes = 64 * 1024;

// [Note: A Blob's JPEG gets its date without its image data being read]
//
// The step's outcome is set once the JPEG's head has been read, and from then
// on every byte passes through as it came (See: [Note: Only a JPEG's head is
// held while its EXIF is found]). So the Blob is given to the step in slices
// only until the outcome is known: the slices then end, the step gives out
// the edited head and the rest of what it was given, and the new Blob is that
// output followed by the old Blob from the first byte not read. Browsers and
// Node join Blobs by reference, so the image data stays where it was and a
// 200 MB panorama costs its head. A file the step leaves unchanged is given
// as the very same Blob (See: [Note: A JPEG that cannot be edited safely is
// given unchanged]).

export interface BlobWithEditedTime {
  /** `blob` itself unless the outcome is "written". */
  blob: Blob;
  outcome: JpegEditedTimeOutcome;
}

/**
 * `blob` with `editedTimeUs` (µs since the epoch) written into its EXIF date
 * tags when it is a JPEG that can take them, keeping its MIME type.
 * See: [Note: A Blob's JPEG gets its date without its image data being read]
 */
export const withEditedTimeInJpegBlob = async (
  blob: Blob,
  editedTimeUs: number,
): Promise<BlobWithEditedTime> => {
  let readBytes = 0;
  async function* headSlices(): AsyncGenerator<Uint8Array> {
    while (readBytes < blob.size && edited.outcome === undefined) {
      const end = Math.min(blob.size, readBytes + headSliceBytes);
      const slice = new Uint8Array(await blob.slice(readBytes, end).arrayBuffer());
      readBytes = end;
      yield slice;
    }
  }
  const edited: JpegWithEditedTime = withEditedTimeInJpeg(headSlices(), editedTimeUs);
  const output: Uint8Array[] = [];
  for await (const chunk of edited.chunks) output.push(chunk);

  const { outcome } = edited;
  if (outcome === undefined) throw new Error("the JPEG step ended without an outcome");
  if (outcome.status !== "written") return { blob, outcome };
  // The step's chunks are arrays of its own or views of the slices read
  // here: all on plain (never shared) ArrayBuffers.
  const head = output as Uint8Array<ArrayBuffer>[];
  return {
    blob: new Blob([...head, blob.slice(readBytes)], { type: blob.type }),
    outcome,
  };
};
