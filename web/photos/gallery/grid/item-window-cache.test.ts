import { describe, expect, it, vi } from "vitest";
import { FileType, Visibility } from "../../../../shared/model/library/file-metadata";
import type { GalleryItem, GalleryWindow } from "../../../../workers/gallery/gallery-contract";
import { ItemWindowCache, itemPageSize } from "./item-window-cache";

const itemAt = (index: number, version: number): GalleryItem => ({
  id: version * 1_000_000 + index,
  collectionID: 1,
  isOwn: true,
  fileType: FileType.image,
  timeUs: 0,
  title: `IMG_${String(index)}.jpg`,
  isFavorite: false,
  visibility: Visibility.visible,
});

function setup(totalCount = 2000) {
  let version = 1;
  const viewWindow = vi.fn(
    (viewID: number, startIndex: number, count: number): Promise<GalleryWindow> =>
      Promise.resolve({
        viewID,
        version,
        startIndex,
        items: Array.from(
          { length: Math.max(0, Math.min(count, totalCount - startIndex)) },
          (_, i) => itemAt(startIndex + i, version),
        ),
      }),
  );
  const cache = new ItemWindowCache({ viewWindow }, 7);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    cache,
    viewWindow,
    settle,
    setVersion: (v: number) => {
      version = v;
    },
  };
}

describe("the item window cache", () => {
  it("fetches the pages covering a range once, by pages", async () => {
    const { cache, viewWindow, settle } = setup();
    const listener = vi.fn();
    cache.subscribe(listener);
    cache.ensure(100, 600, 1);
    cache.ensure(100, 600, 1);
    expect(viewWindow.mock.calls).toEqual([
      [7, 0, itemPageSize],
      [7, 256, itemPageSize],
      [7, 512, itemPageSize],
    ]);
    await settle();
    expect(cache.item(300)?.id).toBe(1_000_300);
    expect(listener).toHaveBeenCalled();
    cache.ensure(0, 700, 1);
    expect(viewWindow).toHaveBeenCalledTimes(3);
  });

  it("keeps showing stale items of a visible page until its refetch answers, and drops stale pages out of sight", async () => {
    const { cache, viewWindow, settle, setVersion } = setup();
    cache.ensure(0, 600, 1);
    await settle();
    setVersion(2);
    cache.ensure(0, 100, 2);
    expect(viewWindow).toHaveBeenCalledTimes(4);
    expect(cache.item(5)?.id).toBe(1_000_005);
    expect(cache.item(300)).toBeUndefined();
    await settle();
    expect(cache.item(5)?.id).toBe(2_000_005);
  });

  it("does not keep more pages than its bound", async () => {
    const { cache, settle } = setup(100_000);
    for (let page = 0; page < 80; page++) {
      cache.ensure(page * itemPageSize, (page + 1) * itemPageSize, 1);
      await settle();
    }
    expect(cache.item(0)).toBeUndefined();
    expect(cache.item(79 * itemPageSize)).toBeDefined();
  });
});
