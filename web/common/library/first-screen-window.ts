// Windows of the view answered from the first screen, on the UI thread, while
// the sync worker loads the library. See: [Note: The gallery's first screen opens before the library]

import type { GalleryFirstScreen, GalleryWindow } from "../../../workers/gallery/gallery-contract";

/**
 * Items `[startIndex, startIndex + count)` of `viewID` (fewer at the view's
 * end, as the worker answers) when the first screen holds every one of them;
 * undefined otherwise (another view, or items past the recorded ones).
 */
export const firstScreenWindow = (
  screen: GalleryFirstScreen,
  viewID: number,
  startIndex: number,
  count: number,
): GalleryWindow | undefined => {
  if (screen.viewID !== viewID) return undefined;
  const total = screen.snapshot.totalCount;
  const start = Math.max(0, Math.min(Math.floor(startIndex), total));
  const end = Math.max(start, Math.min(start + Math.max(0, Math.floor(count)), total));
  if (end > screen.items.length) return undefined;
  return {
    viewID,
    version: screen.snapshot.version,
    startIndex: start,
    items: screen.items.slice(start, end),
  };
};
