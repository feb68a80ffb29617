import { describe, expect, it, vi } from "vitest";
import { withEditedTimeInJpegBlob } from "./blob-edited-time";
import { withEditedTimeInJpeg } from "./jpeg-edited-time";
import {
  concat,
  exifrDates,
  expectSameBytes,
  fixture,
  jpegSegments,
  jpegWith,
  segmentOf,
} from "./test-support/jpeg-test-files";

const editedTimeUs = new Date(2021, 4, 14, 15, 9, 26).getTime() * 1000 + 535_897;
const editedText = "2021:05:14 15:09:26";

/** What the streaming step makes of `bytes` given whole: the reference for the Blob's bytes. */
const streamed = async (bytes: Uint8Array, timeUs = editedTimeUs) => {
  async function* whole() {
    await Promise.resolve();
    yield bytes.slice();
  }
  const edited = withEditedTimeInJpeg(whole(), timeUs);
  const parts: Uint8Array[] = [];
  for await (const chunk of edited.chunks) parts.push(chunk);
  return { bytes: concat(parts), outcome: edited.outcome };
};

const blobOf = (bytes: Uint8Array, type = "image/jpeg") => new Blob([bytes.slice()], { type });

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

describe("withEditedTimeInJpegBlob", () => {
  it.each([
    "IMG_20180725_163423-tiny.jpg",
    "canon-dslr.jpg",
    "Bush-dog.jpg",
    "f6t.jpg",
    "noexif.jpg",
    "issue-exifr-4.jpg",
  ])("%s: the same bytes and outcome as the streaming step, typed as it was", async (name) => {
    const original = await fixture(name);
    const reference = await streamed(original);
    const { blob, outcome } = await withEditedTimeInJpegBlob(blobOf(original), editedTimeUs);
    expect(outcome).toEqual(reference.outcome);
    expect(outcome.status).toBe("written");
    expect(blob.type).toBe("image/jpeg");
    const bytes = await bytesOf(blob);
    expectSameBytes(bytes, reference.bytes);
    expect((await exifrDates(bytes)).DateTimeOriginal).toBe(editedText);
  });

  it.each([
    ["png_with_exif_and_gps.png", "image/png"],
    ["heic-single.heic", "image/heif"],
  ])("%s is not a JPEG: the very same Blob", async (name, type) => {
    const original = blobOf(await fixture(name), type);
    const { blob, outcome } = await withEditedTimeInJpegBlob(original, editedTimeUs);
    expect(outcome).toEqual({ status: "not-a-jpeg" });
    expect(blob).toBe(original);
  });

  it("gives the very same Blob for a JPEG it cannot edit, an empty file and a time out of range", async () => {
    const cut = blobOf((await fixture("IMG_20180725_163423-tiny.jpg")).subarray(0, 2000));
    expect(await withEditedTimeInJpegBlob(cut, editedTimeUs)).toMatchObject({
      blob: cut,
      outcome: { status: "unchanged-malformed" },
    });
    const empty = blobOf(new Uint8Array());
    expect(await withEditedTimeInJpegBlob(empty, editedTimeUs)).toEqual({
      blob: empty,
      outcome: { status: "not-a-jpeg" },
    });
    const jpeg = blobOf(await fixture("noexif.jpg"));
    expect(await withEditedTimeInJpegBlob(jpeg, Number.NaN)).toEqual({
      blob: jpeg,
      outcome: { status: "unchanged-time-out-of-range" },
    });
  });

  it("reads only the head of a 16 MiB JPEG: the image data is joined from the old Blob", async () => {
    const head = await fixture("IMG_20180725_163423-tiny.jpg");
    const imageData = new Uint8Array(16 * 1024 * 1024).fill(7);
    const original = new Blob([head.slice(), imageData], { type: "image/jpeg" });
    const slice = vi.spyOn(original, "slice");

    const { blob, outcome } = await withEditedTimeInJpegBlob(original, editedTimeUs);

    expect(outcome).toEqual({ status: "written", write: "in-place" });
    // Slices read have an end; the one joined into the new Blob runs to the end.
    const readEnds = slice.mock.calls.flatMap(([, end]) => (end === undefined ? [] : [end]));
    expect(Math.max(...readEnds)).toBeLessThanOrEqual(128 * 1024);
    expect(slice.mock.calls.filter(([, end]) => end === undefined)).toHaveLength(1);
    expect(blob.size).toBe(original.size);
    const bytes = await bytesOf(blob);
    expectSameBytes(bytes.subarray(head.length), imageData);
    expect((await exifrDates(bytes)).DateTimeOriginal).toBe(editedText);
  });

  it("inserts the EXIF into a head of more than 4 MiB as the streaming step does", async () => {
    // 80 ICC profile segments of 64 KiB (5 MiB): the step gives part of the head out early.
    const icc = segmentOf(0xe2, new Uint8Array(65_533).fill(7));
    const original = await jpegWith(...Array.from({ length: 80 }, () => icc));
    const reference = await streamed(original);
    const { blob, outcome } = await withEditedTimeInJpegBlob(blobOf(original), editedTimeUs);
    expect(outcome).toEqual({ status: "written", write: "inserted" });
    const bytes = await bytesOf(blob);
    expectSameBytes(bytes, reference.bytes);
    const sos = jpegSegments(bytes).at(-1);
    const originalSos = jpegSegments(original).at(-1);
    expectSameBytes(bytes.subarray(sos?.start), original.subarray(originalSos?.start));
  });
});
