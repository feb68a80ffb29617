// The gallery grid's layout with photos at their own shape: the same day
// headers and packed small days as the square grid, with tile rows of
// varying height and length. A pure function of the view's days and the
// aspect ratio of each item, computed for the whole view at once.
//
// [Note: Rows of photos at their own shape]
//
// People who choose it see each photo whole, at its aspect ratio, in rows
// that fill the width (as Google Photos, Immich and Flickr lay them out):
//
// - A day's photos are laid into rows near the target height (the square
//   grid's tile size at the zoom level): a row takes photos until, stretched
//   to the full width, it would be lower than the target, then keeps or
//   drops the last one, whichever leaves the height nearer the target.
// - A day's last row, or a day that fits in one row, keeps the target
//   height and does not stretch: two photos of a day are never blown up to
//   the whole width.
// - Small days share a row as in the square grid (see: [Note: Small days
//   share a row]), each taking the width of its photos or of its heading.
// - Aspect ratios are kept within `aspectRatioBounds`, so a panorama or a
//   screenshot of a long page stays a strip that can still be seen, and an
//   unknown shape (0) is square.
//
// Unlike the square grid, rows cannot be found by arithmetic, so the layout
// keeps a table of rows (`RowTable`): about one entry per five photos, a
// few megabytes at 1,000,000 items, built in one pass.

import type { GalleryDay } from "../../../../workers/gallery/gallery-contract";
import {
  dayHeaderHeightPx,
  fitSlackPx,
  packDayGroups,
  packedDayGapPx,
  packedDayMinWidthPx,
  tileGapPx,
  type GridLayout,
} from "./grid-layout";

/** The narrowest and widest shapes shown as they are; beyond, the thumbnail is cropped. */
export const aspectRatioBounds = { min: 0.4, max: 3 } as const;

/** The shape an item is laid out at: its own within bounds, or square when unknown. */
export const laidOutAspectRatio = (aspectRatio: number | undefined): number =>
  aspectRatio === undefined || !(aspectRatio > 0)
    ? 1
    : Math.min(aspectRatioBounds.max, Math.max(aspectRatioBounds.min, aspectRatio));

export interface JustifiedLayoutInput {
  days: readonly GalleryDay[];
  /** Width over height by view index; missing or 0: square. */
  aspectRatios: ArrayLike<number> | undefined;
  /** The square grid's columns at this width and zoom (kept for keyboard paging and zoom anchoring). */
  columns: number;
  /** The width rows fill. */
  contentWidthPx: number;
  /** The height rows aim at. */
  targetHeightPx: number;
  headerHeightPx?: number;
  gapPx?: number;
  dayGapPx?: number;
}

/** Growable parallel arrays of rows. */
class RowBuffer {
  firstItem = new Int32Array(1024);
  offsetPx = new Float64Array(1024);
  tileHeightPx = new Float32Array(1024);
  count = 0;

  push(firstItem: number, offsetPx: number, tileHeightPx: number): void {
    if (this.count + 1 >= this.firstItem.length) this.#grow();
    this.firstItem[this.count] = firstItem;
    this.offsetPx[this.count] = offsetPx;
    this.tileHeightPx[this.count] = tileHeightPx;
    this.count += 1;
  }

  #grow(): void {
    const size = this.firstItem.length * 2;
    const firstItem = new Int32Array(size);
    const offsetPx = new Float64Array(size);
    const tileHeightPx = new Float32Array(size);
    firstItem.set(this.firstItem);
    offsetPx.set(this.offsetPx);
    tileHeightPx.set(this.tileHeightPx);
    this.firstItem = firstItem;
    this.offsetPx = offsetPx;
    this.tileHeightPx = tileHeightPx;
  }
}

/** A full row is never more than this much taller than the target. */
const maxRowStretch = 1.5;

/**
 * The tile rows of items `[first, end)` (one big day): each row's first item
 * and tile height. See: [Note: Rows of photos at their own shape]
 */
export function justifiedRows(
  first: number,
  end: number,
  aspectRatioAt: (index: number) => number,
  widthPx: number,
  targetHeightPx: number,
  gapPx: number,
): { firstItem: number; heightPx: number }[] {
  const rows: { firstItem: number; heightPx: number }[] = [];
  let rowStart = first;
  let sum = 0;
  let index = first;
  while (index < end) {
    const aspect = aspectRatioAt(index);
    const tiles = index - rowStart + 1;
    const heightPx = (widthPx - gapPx * (tiles - 1)) / (sum + aspect);
    if (heightPx > targetHeightPx) {
      sum += aspect;
      index += 1;
      continue;
    }
    // Stretched to the width, the row would now be lower than the target:
    // keep the last photo or leave it to the next row, whichever is nearer.
    const withoutHeightPx = tiles > 1 ? (widthPx - gapPx * (tiles - 2)) / sum : Infinity;
    if (
      withoutHeightPx <= targetHeightPx * maxRowStretch &&
      withoutHeightPx / targetHeightPx < targetHeightPx / heightPx
    ) {
      rows.push({ firstItem: rowStart, heightPx: withoutHeightPx });
      rowStart = index;
      sum = 0;
    } else {
      rows.push({ firstItem: rowStart, heightPx });
      index += 1;
      rowStart = index;
      sum = 0;
    }
  }
  if (rowStart < end) rows.push({ firstItem: rowStart, heightPx: targetHeightPx });
  return rows;
}

export function buildJustifiedLayout({
  days,
  aspectRatios,
  columns,
  contentWidthPx,
  targetHeightPx,
  headerHeightPx = dayHeaderHeightPx,
  gapPx = tileGapPx,
  dayGapPx = packedDayGapPx,
}: JustifiedLayoutInput): GridLayout {
  const aspectRatioAt = (index: number) => laidOutAspectRatio(aspectRatios?.[index]);
  const widthPx = Math.max(1, contentWidthPx);
  const packedDayWidthPx = new Float64Array(days.length);
  const rows = new RowBuffer();
  const groups = packDayGroups(
    days,
    { contentWidthPx: widthPx, headerHeightPx, dayGapPx },
    {
      measure: (day, d) => {
        let naturalWidthPx = -gapPx;
        for (let index = day.firstIndex; index < day.firstIndex + day.count; index++) {
          naturalWidthPx += aspectRatioAt(index) * targetHeightPx + gapPx;
        }
        const packedWidthPx = Math.max(naturalWidthPx, packedDayMinWidthPx);
        packedDayWidthPx[d] = packedWidthPx;
        return {
          fitsOneRow: day.count > 0 && naturalWidthPx <= widthPx + fitSlackPx,
          packedWidthPx,
        };
      },
      layOutGroup: (day, fitsOneRow, headerTopPx) => {
        rows.push(day.firstIndex, headerTopPx, 0);
        const tileRows = fitsOneRow
          ? [{ firstItem: day.firstIndex, heightPx: targetHeightPx }]
          : justifiedRows(
              day.firstIndex,
              day.firstIndex + day.count,
              aspectRatioAt,
              widthPx,
              targetHeightPx,
              gapPx,
            );
        let topPx = headerTopPx + headerHeightPx;
        for (const row of tileRows) {
          rows.push(row.firstItem, topPx, row.heightPx);
          topPx += row.heightPx + gapPx;
        }
        return {
          tileRows: tileRows.length,
          tileRowsHeightPx: topPx - headerTopPx - headerHeightPx,
        };
      },
    },
  );
  rows.push(groups.itemCount, groups.totalHeightPx, 0);
  return {
    days,
    columns: Math.max(1, Math.floor(columns)),
    tileSizePx: targetHeightPx,
    gapPx,
    dayGapPx,
    tileRowHeightPx: targetHeightPx + gapPx,
    headerHeightPx,
    contentWidthPx: widthPx,
    ...groups,
    rowTable: {
      firstItem: rows.firstItem.slice(0, rows.count),
      offsetPx: rows.offsetPx.slice(0, rows.count),
      tileHeightPx: rows.tileHeightPx.slice(0, rows.count),
      packedDayWidthPx,
      aspectRatioAt,
    },
  };
}
