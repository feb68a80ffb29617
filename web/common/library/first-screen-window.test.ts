import { describe, expect, it } from "vitest";
import type { GalleryFirstScreen } from "../../../workers/gallery/gallery-contract";
import { firstScreenWindow } from "./first-screen-window";
import { testGalleryItem as itemOf } from "../../../workers/gallery/test-support/gallery-items";

/** A first screen of view 0 recording `recorded` of its `totalCount` items (IDs 1, 2, …). */
const screenOf = (recorded: number, totalCount: number): GalleryFirstScreen => ({
  viewID: 0,
  summary: { collections: [], summaries: [], fileCount: 0, hiddenFileCount: 0, trashCount: 0 },
  snapshot: { viewID: 0, version: 0, totalCount, days: [] },
  items: Array.from({ length: recorded }, (_, i) => itemOf(i + 1)),
  thumbnailFileIDs: [],
});

describe("firstScreenWindow", () => {
  it.each([
    ["inside the recorded items", screenOf(4, 10), 0, 1, 2, [2, 3]],
    ["up to the last recorded item", screenOf(4, 10), 0, 0, 4, [1, 2, 3, 4]],
    ["past the recorded items", screenOf(4, 10), 0, 2, 4, undefined],
    ["at the view's end, all recorded", screenOf(4, 4), 0, 2, 256, [3, 4]],
    ["past the view's end, all recorded", screenOf(4, 4), 0, 9, 256, []],
    ["of another view", screenOf(4, 4), 5, 0, 2, undefined],
  ])("answers a window %s", (_what, screen, viewID, start, count, expected) => {
    const window = firstScreenWindow(screen, viewID, start, count);
    expect(window?.items.map(({ id }) => id)).toEqual(expected);
    if (window !== undefined) expect(window.version).toBe(0);
  });
});
