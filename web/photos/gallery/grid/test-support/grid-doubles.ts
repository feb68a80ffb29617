// Test support for the grid's component tests (happy-dom): a scroller of a
// given size (happy-dom does no layout), views of whole days, and the
// client's window and thumbnail calls answered from such a view.

import { afterAll, beforeAll, vi } from "vitest";
import type {
  GalleryDay,
  GalleryItem,
  GalleryViewSnapshot,
  GalleryWindow,
  ThumbnailURLResult,
} from "../../../../../workers/gallery/gallery-contract";

/**
 * Makes the grid's scroller report `widthPx` × `heightPx` for the tests of
 * the calling file (every other element reports 0), as a browser would
 * after layout.
 */
export const giveScrollerViewport = (widthPx: number, heightPx: number): void => {
  const descriptors = {
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientWidth"),
    clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, "clientHeight"),
  };
  beforeAll(() => {
    const isScroller = (element: HTMLElement) => element.dataset.testid === "gallery-scroller";
    Object.defineProperty(HTMLElement.prototype, "clientWidth", {
      configurable: true,
      get(this: HTMLElement) {
        return isScroller(this) ? widthPx : 0;
      },
    });
    Object.defineProperty(HTMLElement.prototype, "clientHeight", {
      configurable: true,
      get(this: HTMLElement) {
        return isScroller(this) ? heightPx : 0;
      },
    });
  });
  afterAll(() => {
    for (const [name, descriptor] of Object.entries(descriptors)) {
      if (descriptor !== undefined) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    }
  });
};

/** A view of `dayCount` days of `perDay` items each, going back a day at a time from 2024-06-30. */
export const snapshotOfDays = (dayCount: number, perDay: number): GalleryViewSnapshot => {
  const days: GalleryDay[] = [];
  const date = new Date(2024, 5, 30);
  for (let d = 0; d < dayCount; d++) {
    const key = `${String(date.getFullYear())}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
    days.push({ day: key, firstIndex: d * perDay, count: perDay });
    date.setDate(date.getDate() - 1);
  }
  return { viewID: 0, version: 1, totalCount: dayCount * perDay, days };
};

/** `viewWindow` answering `snapshot`'s items, made by `itemAt` from their index. */
export const windowsOf = (snapshot: GalleryViewSnapshot, itemAt: (index: number) => GalleryItem) =>
  vi.fn((viewID: number, startIndex: number, count: number): Promise<GalleryWindow> =>
    Promise.resolve({
      viewID,
      version: snapshot.version,
      startIndex,
      items: Array.from(
        { length: Math.max(0, Math.min(count, snapshot.totalCount - startIndex)) },
        (_, i) => itemAt(startIndex + i),
      ),
    }),
  );

/** `thumbnails` answering every file with the URL `urlOf` gives it. */
export const thumbnailsAt = (urlOf: (fileID: number) => string) =>
  vi.fn((ids: readonly number[]) =>
    Promise.resolve(
      ids.map((fileID): ThumbnailURLResult => ({ fileID, ok: true, url: urlOf(fileID) })),
    ),
  );
