// [Note: A frame builds a bounded number of tiles]
//
// Creating, styling, laying out and painting a tile's elements is most of a
// frame's cost when the grid moves far: a jump lands on three screens of rows
// nobody has built, the end of a fling on a screen and its overscan, and a
// fling itself passes a screen of new rows every frame. Building them all in
// one frame takes two or three frames' time, and a fling's rows are gone
// before anyone could look at them. So a tile row is first rendered light:
// bare grey squares, which is all a tile shows before its thumbnail arrives
// anyway, with nothing to fetch, subscribe to or label; a light row that
// leaves the band hands its elements to one that enters. Rows are then built
// where they show, the screen at once and the rows around it a bounded
// number of tiles per frame, nearest first; while the view flings nothing is
// built (it would be gone before anyone saw it). A built row stays built
// while it is in the rendered band. An ordinary scroll brings a row or two
// into the band at a time, which are built at once.
// See: [Note: A fling fetches no thumbnails]

/** Tiles built per frame: about a third of a desktop screen, a few milliseconds of work. */
export const tilesBuiltPerFrame = 36;

/** What the builder needs to know of a tile row. */
export interface BuildableRow {
  rowIndex: number;
  offsetPx: number;
  heightPx: number;
  tileCount: number;
}

/** Rows of the band to render built, and whether some are left to build in a later frame. */
export interface RowBuildPlan {
  built: ReadonlySet<number>;
  /** The element slot of each light row: a light row reuses the element of one that left. */
  lightSlots: ReadonlyMap<number, number>;
  pending: boolean;
}

/** Distance from a row to the viewport `[viewTopPx, viewBottomPx)`; -1 for a row on screen. */
const distanceToView = (row: BuildableRow, viewTopPx: number, viewBottomPx: number): number => {
  if (row.offsetPx >= viewBottomPx) return row.offsetPx - viewBottomPx;
  const bottomPx = row.offsetPx + row.heightPx;
  return bottomPx <= viewTopPx ? viewTopPx - bottomPx : -1;
};

/** Remembers which rows of the grid are built and picks the next ones. See: [Note: A frame builds a bounded number of tiles] */
export class RowBuilder {
  #built = new Set<number>();
  #lightSlots = new Map<number, number>();

  /**
   * The plan for one render of `rows` (the band's tile rows) with the viewport
   * at `[viewTopPx, viewBottomPx)`: rows built before stay built, rows that
   * left the band are forgotten, and unbuilt rows are built nearest to the
   * viewport first while they fit in `tileBudget` tiles (0 while flinging);
   * the rows on screen are built at once unless the budget is 0.
   */
  plan(
    rows: readonly BuildableRow[],
    viewTopPx: number,
    viewBottomPx: number,
    tileBudget: number,
  ): RowBuildPlan {
    const built = new Set<number>();
    const unbuilt: BuildableRow[] = [];
    for (const row of rows) {
      if (this.#built.has(row.rowIndex)) built.add(row.rowIndex);
      else unbuilt.push(row);
    }
    unbuilt.sort(
      (a, b) =>
        distanceToView(a, viewTopPx, viewBottomPx) - distanceToView(b, viewTopPx, viewBottomPx) ||
        a.offsetPx - b.offsetPx,
    );
    let budget = tileBudget;
    let next = 0;
    while (next < unbuilt.length && tileBudget > 0) {
      const row = unbuilt[next];
      if (row === undefined) break;
      const onScreen = distanceToView(row, viewTopPx, viewBottomPx) < 0;
      if (!onScreen && row.tileCount > budget) break;
      budget -= row.tileCount;
      built.add(row.rowIndex);
      next += 1;
    }
    this.#built = built;
    this.#lightSlots = this.#slotsFor(unbuilt.slice(next));
    return { built, lightSlots: this.#lightSlots, pending: next < unbuilt.length };
  }

  /**
   * Light rows that stay keep their slot; new ones take the slots of rows
   * that left (the lowest free first), so a fling moves a few light
   * elements instead of creating and removing a screen of them every frame.
   */
  #slotsFor(lightRows: readonly BuildableRow[]): Map<number, number> {
    const slots = new Map<number, number>();
    const taken = new Set<number>();
    const entering: number[] = [];
    for (const row of lightRows) {
      const slot = this.#lightSlots.get(row.rowIndex);
      if (slot === undefined) entering.push(row.rowIndex);
      else {
        slots.set(row.rowIndex, slot);
        taken.add(slot);
      }
    }
    let free = 0;
    for (const rowIndex of entering) {
      while (taken.has(free)) free += 1;
      slots.set(rowIndex, free);
      taken.add(free);
    }
    return slots;
  }
}
