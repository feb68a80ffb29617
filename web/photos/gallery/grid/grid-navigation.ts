// Keyboard movement of the grid's roving focus, as a pure function of the
// layout: arrows move by item and by row (keeping the column across day
// boundaries, clamped to a shorter row; from and to a row of packed days, to
// the tile nearest below or above), Home and End go to the first and
// last items, PageUp and PageDown move by a viewport's height.

import {
  rowAt,
  rowIndexAtOffset,
  rowOfItem,
  tileLeftPx,
  type GridLayout,
  type GridRow,
} from "./grid-layout";

export const gridNavigationKeys = [
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
] as const;

export type GridNavigationKey = (typeof gridNavigationKeys)[number];

export const isGridNavigationKey = (key: string): key is GridNavigationKey =>
  (gridNavigationKeys as readonly string[]).includes(key);

type TileRow = GridRow & { kind: "tiles" };

/** The nearest tile row from `rowIndex` in `direction` (itself if it is one). */
function tileRowFrom(layout: GridLayout, rowIndex: number, direction: 1 | -1): TileRow | undefined {
  for (let index = rowIndex; index >= 0 && index < layout.rowCount; index += direction) {
    const row = rowAt(layout, index);
    if (row?.kind === "tiles") return row;
  }
  return undefined;
}

/** The tile of `row` nearest to `leftPx` horizontally (the first of two as near). */
function nearestTo(layout: GridLayout, row: TileRow, leftPx: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let column = 0; column < row.count; column++) {
    const distance = Math.abs(tileLeftPx(layout, row, column) - leftPx);
    if (distance < bestDistance) {
      best = column;
      bestDistance = distance;
    }
  }
  return row.firstIndex + best;
}

/** The index focus moves to from `index` on `key`. */
export function nextFocusIndex(
  layout: GridLayout,
  index: number,
  key: GridNavigationKey,
  viewportHeightPx: number,
): number {
  const last = layout.itemCount - 1;
  if (last < 0) return 0;
  const current = Math.min(Math.max(0, index), last);
  const position = rowOfItem(layout, current);
  if (position === undefined) return current;
  const { row, column } = position;
  const under = (target: TileRow) => nearestTo(layout, target, tileLeftPx(layout, row, column));
  switch (key) {
    case "ArrowLeft":
      return Math.max(0, current - 1);
    case "ArrowRight":
      return Math.min(last, current + 1);
    case "Home":
      return 0;
    case "End":
      return last;
    case "ArrowUp": {
      const target = tileRowFrom(layout, row.rowIndex - 1, -1);
      return target === undefined ? current : under(target);
    }
    case "ArrowDown": {
      const target = tileRowFrom(layout, row.rowIndex + 1, 1);
      return target === undefined ? current : under(target);
    }
    case "PageUp":
    case "PageDown": {
      const direction = key === "PageDown" ? 1 : -1;
      const rowIndex = rowIndexAtOffset(layout, row.offsetPx + direction * viewportHeightPx);
      // A header at the target offset stands for the tile row next to it on the near side.
      const target = tileRowFrom(layout, rowIndex, direction === 1 ? -1 : 1);
      const moved =
        target !== undefined && (target.rowIndex - row.rowIndex) * direction > 0
          ? target
          : tileRowFrom(layout, row.rowIndex + direction, direction);
      return moved === undefined ? current : under(moved);
    }
  }
}
