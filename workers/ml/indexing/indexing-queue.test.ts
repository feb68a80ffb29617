import { describe, expect, it } from "vitest";
import { FileType } from "../../../shared/model/library/file-metadata";
import { type IndexableFile, isLiveExtractionCandidate, nextIndexingBatch } from "./indexing-queue";

const file = (
  id: number,
  title: string,
  fileType: number = FileType.image,
  contentHash?: string,
): IndexableFile => ({ id, title, fileType, contentHash });

describe("which files indexing takes", () => {
  it.each([
    [file(1, "IMG_1.jpg"), true],
    [file(2, "IMG_2.JPEG"), true],
    [file(3, "live.jpg", FileType.livePhoto), true],
    [file(4, "clip.jpg", FileType.video), false],
    [file(5, "photo.heic"), false],
    [file(6, "photo.png"), false],
  ])("live extraction of %j: %s", (candidate, expected) => {
    expect(isLiveExtractionCandidate(candidate)).toBe(expected);
  });

  it("takes photos without an index in order, skipping videos and duplicates", () => {
    const files = [
      file(1, "a.jpg", FileType.image, "h1"),
      file(2, "b.mp4", FileType.video),
      file(3, "c.heic", FileType.image, "h3"),
      file(4, "copy-of-a.jpg", FileType.image, "h1"),
      file(5, "d.jpg", FileType.livePhoto, "h5"),
      file(6, "e.jpg", FileType.image, "h6"),
      file(7, "f.png", FileType.image),
    ];
    const indexed = new Set([3]);
    expect(
      nextIndexingBatch(files, (id) => indexed.has(id), new Set(["h6"]), 10).map(({ id }) => id),
    ).toEqual([1, 5, 7]);
    expect(nextIndexingBatch(files, () => false, new Set(), 2).map(({ id }) => id)).toEqual([1, 3]);
  });
});
