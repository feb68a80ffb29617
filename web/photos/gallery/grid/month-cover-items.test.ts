import { describe, expect, it, vi } from "vitest";
import { FileType, Visibility } from "../../../../shared/model/library/file-metadata";
import type { GalleryItem, GalleryWindow } from "../../../../workers/gallery/gallery-contract";
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

/** A client answering at `version()` with one call per window, and a way to fail the next one. */
function fakeClient(version: () => number) {
  let failNext = false;
  const viewWindow = vi.fn((viewID: number, startIndex: number, count: number) => {
    if (failNext) {
      failNext = false;
      return Promise.reject(new Error("worker gone"));
    }
    return Promise.resolve<GalleryWindow>({
      viewID,
      version: version(),
      startIndex,
      items: Array.from({ length: count }, (_, i) => itemAt(startIndex + i, version())),
    });
  });
  return {
    viewWindow,
    failNextWindow: () => {
      failNext = true;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the month overview's cover items", () => {
  it("fetches each cover as a window of one item, once per version", async () => {
    let version = 1;
    const client = fakeClient(() => version);
    const covers = new MonthCoverItems(client, 7);
    const listener = vi.fn();
    covers.subscribe(listener);
    covers.ensure(2500, 1);
    covers.ensure(2500, 1);
    covers.ensure(9000, 1);
    expect(client.viewWindow.mock.calls).toEqual([
      [7, 2500, 1],
      [7, 9000, 1],
    ]);
    await settle();
    expect(covers.item(2500)?.id).toBe(1000 + 2500);
    expect(listener).toHaveBeenCalled();
    covers.ensure(2500, 1);
    expect(client.viewWindow).toHaveBeenCalledTimes(2);

    // The view changed: the old cover shows until the new one comes.
    version = 2;
    covers.ensure(2500, 2);
    expect(covers.item(2500)?.id).toBe(1000 + 2500);
    await settle();
    expect(covers.item(2500)?.id).toBe(2000 + 2500);
  });

  it("asks again for a cover whose window failed", async () => {
    const client = fakeClient(() => 1);
    const covers = new MonthCoverItems(client, 0);
    client.failNextWindow();
    covers.ensure(40, 1);
    await settle();
    expect(covers.item(40)).toBeUndefined();
    covers.ensure(40, 1);
    await settle();
    expect(covers.item(40)?.title).toBe("IMG_40.jpg");
    expect(client.viewWindow).toHaveBeenCalledTimes(2);
  });
});
