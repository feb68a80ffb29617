import { describe, expect, it } from "vitest";
import {
  clear,
  emptySelection,
  hasSelection,
  isDaySelected,
  rangeBounds,
  retainOnly,
  selectDay,
  selectRange,
  toggle,
  type GallerySelection,
} from "./gallery-selection";

const selection = (ids: number[], anchorIndex?: number): GallerySelection => ({
  fileIDs: new Set(ids),
  anchorIndex,
});
const ids = (s: GallerySelection) => [...s.fileIDs].sort((a, b) => a - b);

describe("the gallery selection", () => {
  it.each([
    // before, index, file, after, anchor
    [[], 3, 30, [30], 3],
    [[30], 3, 30, [], 3],
    [[10, 30], 5, 50, [10, 30, 50], 5],
    [[10, 30], 1, 10, [30], 1],
  ])(
    "toggling %j at index %d (file %d) gives %j anchored at %d",
    (before, index, file, after, anchor) => {
      const next = toggle(selection(before), index, file);
      expect(ids(next)).toEqual(after);
      expect(next.anchorIndex).toBe(anchor);
    },
  );

  it.each([
    // anchor, index, start, end
    [2, 7, 2, 7],
    [7, 2, 2, 7],
    [4, 4, 4, 4],
    [undefined, 6, 6, 6],
  ])("a range from anchor %s to %d covers %d..%d", (anchor, index, startIndex, endIndex) => {
    expect(rangeBounds(selection([], anchor), index)).toEqual({ startIndex, endIndex });
  });

  it("adds a range to what was selected and keeps the anchor", () => {
    const next = selectRange(selection([99], 2), 5, [20, 30, 40, 50]);
    expect(ids(next)).toEqual([20, 30, 40, 50, 99]);
    expect(next.anchorIndex).toBe(2);
  });

  it("anchors a range without an anchor at its own index", () => {
    expect(selectRange(emptySelection, 4, [40]).anchorIndex).toBe(4);
  });

  it.each([
    // selected, day, day selected?, after select-all
    [[], [1, 2, 3], false, [1, 2, 3]],
    [[1, 3], [1, 2, 3], false, [1, 2, 3]],
    [[1, 2, 3, 9], [1, 2, 3], true, [9]],
    [[9], [], false, [9]],
  ])(
    "with %j selected, day %j is selected: %s; select-all gives %j",
    (before, day, selected, after) => {
      const start = selection(before, 0);
      expect(isDaySelected(start, day)).toBe(selected);
      const next = selectDay(start, day);
      expect(ids(next)).toEqual(after);
      expect(next.anchorIndex).toBe(0);
    },
  );

  it("does not count a day with items not loaded yet as selected", () => {
    expect(isDaySelected(selection([1, 2]), [1, 2, undefined])).toBe(false);
  });

  it("clears everything, anchor included", () => {
    const cleared = clear();
    expect(hasSelection(cleared)).toBe(false);
    expect(cleared.anchorIndex).toBeUndefined();
  });

  it("keeps only files still in the view", () => {
    const start = selection([1, 2, 3], 1);
    expect(retainOnly(start, new Set([1, 2, 3, 4]))).toBe(start);
    expect(ids(retainOnly(start, new Set([2])))).toEqual([2]);
    expect(retainOnly(start, new Set()).anchorIndex).toBeUndefined();
  });
});
