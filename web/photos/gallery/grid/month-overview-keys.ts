// Arrow keys over the month overview's cells (pure): the cells wrap in rows
// whose length depends on the screen and years start new rows, so Up and
// Down go by where the cells stand, not by a column count.

export interface CellBox {
  left: number;
  top: number;
  width: number;
}

/** Keys that move between cells. */
export const cellKeys: ReadonlySet<string> = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
]);

/** Boxes within a pixel of each other's top stand in one row. */
const rowSlackPx = 1;

const centreOf = (box: CellBox) => box.left + box.width / 2;

/**
 * The cell that `key` moves to from cell `current`, among `boxes` in reading
 * order: Left and Right go to the previous and next cell (across rows and
 * years), Up and Down to the nearest cell of the row above or below, Home
 * and End to the first and last. Undefined where there is nowhere to go.
 */
export function cellAfterKey(
  boxes: readonly CellBox[],
  current: number,
  key: string,
): number | undefined {
  const from = boxes[current];
  if (from === undefined) return undefined;
  const existing = (index: number) => (index >= 0 && index < boxes.length ? index : undefined);
  switch (key) {
    case "ArrowLeft":
      return existing(current - 1);
    case "ArrowRight":
      return existing(current + 1);
    case "Home":
      return existing(0);
    case "End":
      return existing(boxes.length - 1);
    case "ArrowUp":
    case "ArrowDown": {
      const down = key === "ArrowDown";
      const others = boxes
        .map((box, index) => ({ box, index }))
        .filter(({ box }) =>
          down ? box.top > from.top + rowSlackPx : box.top < from.top - rowSlackPx,
        );
      if (others.length === 0) return undefined;
      const rowTop = down
        ? Math.min(...others.map(({ box }) => box.top))
        : Math.max(...others.map(({ box }) => box.top));
      const row = others.filter(({ box }) => Math.abs(box.top - rowTop) <= rowSlackPx);
      let nearest = row[0];
      for (const candidate of row) {
        if (
          nearest === undefined ||
          Math.abs(centreOf(candidate.box) - centreOf(from)) <
            Math.abs(centreOf(nearest.box) - centreOf(from))
        ) {
          nearest = candidate;
        }
      }
      return nearest?.index;
    }
    default:
      return undefined;
  }
}
