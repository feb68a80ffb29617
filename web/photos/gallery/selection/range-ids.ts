// The file IDs of a range of the view, for shift-ranges and a day's 'select
// all': taken from the items the grid already holds, with the missing spans
// fetched through `viewWindow` (one call per span, never one per item).

import type { GalleryClient } from "../../../common/library/gallery-client";
import type { GalleryItem } from "../../../../workers/gallery/gallery-contract";

/**
 * The largest span fetched in one `viewWindow` call: 10,000 items of ~200
 * bytes each is a ~2 MB structured clone, cheap to pass, and a shift-range
 * over a million items still takes only a hundred calls.
 */
export const maxRangeCallItems = 10_000;

/**
 * IDs of the items `[startIndex, endIndex]` (inclusive), in view order.
 * `loaded(index)` answers an item the caller already holds.
 */
export async function fileIDsInRange(
  client: Pick<GalleryClient, "viewWindow">,
  viewID: number,
  startIndex: number,
  endIndex: number,
  loaded: (index: number) => GalleryItem | undefined,
): Promise<number[]> {
  const count = Math.max(0, endIndex - startIndex + 1);
  const ids = new Array<number | undefined>(count);
  const missing: { start: number; count: number }[] = [];
  for (let offset = 0; offset < count; offset++) {
    const item = loaded(startIndex + offset);
    if (item !== undefined) {
      ids[offset] = item.id;
      continue;
    }
    const last = missing.at(-1);
    if (last !== undefined && last.start + last.count === offset && last.count < maxRangeCallItems)
      last.count += 1;
    else missing.push({ start: offset, count: 1 });
  }
  const windows = await Promise.all(
    missing.map((span) => client.viewWindow(viewID, startIndex + span.start, span.count)),
  );
  for (const window of windows) {
    window.items.forEach((item, i) => {
      const offset = window.startIndex + i - startIndex;
      if (offset >= 0 && offset < count) ids[offset] = item.id;
    });
  }
  return ids.filter((id): id is number => id !== undefined);
}
