import { describe, expect, it } from "vitest";
import {
  type BatchedThumbnail,
  MalformedThumbnailBatchError,
  decodeThumbnailBatch,
  encodeThumbnailBatch,
} from "./thumbnail-batch";

const bytes = (...values: number[]): BatchedThumbnail => ({
  kind: "bytes",
  bytes: new Uint8Array(values),
});

describe("thumbnail batches", () => {
  it("carries each entry in order, marks included, through an encode and a decode", () => {
    const entries: BatchedThumbnail[] = [
      bytes(1, 2, 3),
      { kind: "missing" },
      bytes(9),
      { kind: "fetchAlone" },
      bytes(4, 5),
    ];
    const body = encodeThumbnailBatch(entries);
    expect(body.byteLength).toBe(5 * 4 + 6);
    expect(decodeThumbnailBatch(body, entries.length)).toEqual(entries);
    expect(decodeThumbnailBatch(encodeThumbnailBatch([]), 0)).toEqual([]);
  });

  it("gives every decoded thumbnail its own buffer, not a view of the body", () => {
    const [entry] = decodeThumbnailBatch(encodeThumbnailBatch([bytes(7, 7, 7)]), 1);
    expect(entry?.kind === "bytes" && entry.bytes.buffer.byteLength).toBe(3);
  });

  it("refuses a body cut short, one with fewer entries than asked, and one carrying more", () => {
    const body = encodeThumbnailBatch([bytes(1, 2, 3), { kind: "missing" }]);
    expect(() => decodeThumbnailBatch(body.subarray(0, 5), 2)).toThrow(
      MalformedThumbnailBatchError,
    );
    expect(() => decodeThumbnailBatch(body, 3)).toThrow(MalformedThumbnailBatchError);
    expect(() => decodeThumbnailBatch(body, 1)).toThrow(MalformedThumbnailBatchError);
  });
});
