import { describe, expect, it, vi } from "vitest";
import { FileType, Visibility } from "../../../../shared/model/library/file-metadata";
import type { GalleryItem } from "../../../../workers/gallery/gallery-contract";
import { fileIDsInRange } from "./range-ids";

const item = (index: number): GalleryItem => ({
  id: 1000 + index,
  collectionID: 1,
  isOwn: true,
  fileType: FileType.image,
  timeUs: 0,
  title: `IMG_${String(index)}.jpg`,
  isFavorite: false,
  visibility: Visibility.visible,
});

describe("the file IDs of a range", () => {
  it("uses loaded items and fetches each missing span in one call", async () => {
    const viewWindow = vi.fn((viewID: number, startIndex: number, count: number) =>
      Promise.resolve({
        viewID,
        version: 1,
        startIndex,
        items: Array.from({ length: count }, (_, i) => item(startIndex + i)),
      }),
    );
    const loaded = (index: number) =>
      index < 5 || (index >= 8 && index < 10) ? item(index) : undefined;
    const ids = await fileIDsInRange({ viewWindow }, 0, 2, 12, loaded);
    expect(ids).toEqual(Array.from({ length: 11 }, (_, i) => 1002 + i));
    expect(viewWindow.mock.calls).toEqual([
      [0, 5, 3],
      [0, 10, 3],
    ]);
  });

  it("makes no call when every item is loaded", async () => {
    const viewWindow = vi.fn();
    const ids = await fileIDsInRange({ viewWindow }, 0, 3, 4, item);
    expect(ids).toEqual([1003, 1004]);
    expect(viewWindow).not.toHaveBeenCalled();
  });
});
