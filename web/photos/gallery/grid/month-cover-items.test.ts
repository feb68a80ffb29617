import { describe, expect, it, vi } from "vitest";
import { FileType, Visibility } from "../../../../shared/model/library/file-metadata";
import type { GalleryItem, GalleryItemsAt } from "../../../../workers/gallery/gallery-contract";
import { MonthCoverItems } from "./month-cover-items";

const itemAt = (index: number, version: number): GalleryItem => ({
  id: version * 1000 + index,
  collectionID: 1,
  isOwn: true,
  fileType: FileType.image,
  timeUs: 0,
  title: `IMG_${String(index)}.jpg`,
  isFavorite: false,
  visibility: Visibility.visible,
});

/** A client answering at `version()` with one call per batch of indexes, and a way to fail the next one. */
function fakeClient(version: () => number) {
  let failNext = false;
  const viewItemsAt = vi.fn((viewID: number, indexes: readonly number[]) => {
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error("worker gone"));
    }
    return Promise.resolve<GalleryItemsAt>({
      viewID,
      version: version(),
      indexes: [...indexes],
      items: indexes.map((index) => itemAt(index, version())),
    });
  });
  return {
    viewItemsAt,
    failNextCall: () => {
      failNext = true;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the month overview's cover items", () => {
  it("fetches the covers asked for together in one call, each once per version", async () => {
    let version = 1;
    const client = fakeClient(() => version);
    const covers = new MonthCoverItems(client, 7);
    const listener = vi.fn();
    covers.subscribe(listener);
    covers.ensure(2500, 1);
    covers.ensure(2500, 1);
    covers.ensure(9000, 1);
    expect(client.viewItemsAt).not.toHaveBeenCalled();
    await settle();
    expect(client.viewItemsAt.mock.calls).toEqual([[7, [2500, 9000]]]);
    expect(covers.item(2500)?.id).toBe(1000 + 2500);
    expect(listener).toHaveBeenCalled();
    covers.ensure(2500, 1);
    await settle();
    expect(client.viewItemsAt).toHaveBeenCalledTimes(1);

    // The view changed: the old cover shows until the new one comes.
    version = 2;
    covers.ensure(2500, 2);
    expect(covers.item(2500)?.id).toBe(1000 + 2500);
    await settle();
    expect(covers.item(2500)?.id).toBe(2000 + 2500);
  });

  it("asks again for covers whose call failed", async () => {
    const client = fakeClient(() => 1);
    const covers = new MonthCoverItems(client, 0);
    client.failNextCall();
    covers.ensure(40, 1);
    covers.ensure(41, 1);
    await settle();
    expect(covers.item(40)).toBeUndefined();
    covers.ensure(40, 1);
    covers.ensure(41, 1);
    await settle();
    expect(covers.item(40)?.title).toBe("IMG_40.jpg");
    expect(covers.item(41)?.title).toBe("IMG_41.jpg");
    expect(client.viewItemsAt.mock.calls).toEqual([
      [0, [40, 41]],
      [0, [40, 41]],
    ]);
  });
});
