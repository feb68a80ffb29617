// The gallery's selection: the selected file IDs and the anchor of shift
// ranges. Pure values: every function answers a new selection (the page keeps
// it in state), and ranges take the item IDs of the range as an argument, so
// nothing here fetches (see `range-ids.ts` for loading a range's IDs).

export interface GallerySelection {
  readonly fileIDs: ReadonlySet<number>;
  /** The view index a shift-range starts from: the last item toggled on its own. */
  readonly anchorIndex: number | undefined;
}

export const emptySelection: GallerySelection = { fileIDs: new Set(), anchorIndex: undefined };

export const hasSelection = (selection: GallerySelection): boolean => selection.fileIDs.size > 0;

export const isSelected = (selection: GallerySelection, fileID: number): boolean =>
  selection.fileIDs.has(fileID);

/** Selects or deselects one item; it becomes the anchor of the next range. */
export function toggle(
  selection: GallerySelection,
  index: number,
  fileID: number,
): GallerySelection {
  const fileIDs = new Set(selection.fileIDs);
  if (fileIDs.has(fileID)) fileIDs.delete(fileID);
  else fileIDs.add(fileID);
  return { fileIDs, anchorIndex: index };
}

/** The inclusive view-index range a shift-click on `index` selects. */
export function rangeBounds(
  selection: GallerySelection,
  index: number,
): { startIndex: number; endIndex: number } {
  const anchor = selection.anchorIndex ?? index;
  return { startIndex: Math.min(anchor, index), endIndex: Math.max(anchor, index) };
}

/**
 * Adds the items from the anchor to `index` (both included) to the selection;
 * `rangeFileIDs` are the IDs of the items of `rangeBounds(selection, index)`.
 * The anchor stays, so further shift-clicks range from the same item. Without
 * an anchor, `index` alone is selected and becomes the anchor.
 */
export function selectRange(
  selection: GallerySelection,
  index: number,
  rangeFileIDs: readonly number[],
): GallerySelection {
  const fileIDs = new Set(selection.fileIDs);
  for (const id of rangeFileIDs) fileIDs.add(id);
  return { fileIDs, anchorIndex: selection.anchorIndex ?? index };
}

/** Whether every item of a day is selected (`undefined` stands for an item not loaded yet). */
export function isDaySelected(
  selection: GallerySelection,
  dayFileIDs: readonly (number | undefined)[],
): boolean {
  if (dayFileIDs.length === 0) return false;
  return dayFileIDs.every((id) => id !== undefined && selection.fileIDs.has(id));
}

/**
 * The day's 'select all' checkbox: selects every item of the day, or, when
 * they all are already, deselects them. The anchor is left as it was.
 */
export function selectDay(
  selection: GallerySelection,
  dayFileIDs: readonly number[],
): GallerySelection {
  const fileIDs = new Set(selection.fileIDs);
  if (isDaySelected(selection, dayFileIDs)) for (const id of dayFileIDs) fileIDs.delete(id);
  else for (const id of dayFileIDs) fileIDs.add(id);
  return { fileIDs, anchorIndex: selection.anchorIndex };
}

export function clear(): GallerySelection {
  return emptySelection;
}

/** Keeps only the files still present (after files left the view). */
export function retainOnly(
  selection: GallerySelection,
  presentFileIDs: ReadonlySet<number>,
): GallerySelection {
  const fileIDs = new Set([...selection.fileIDs].filter((id) => presentFileIDs.has(id)));
  if (fileIDs.size === selection.fileIDs.size) return selection;
  return { fileIDs, anchorIndex: fileIDs.size === 0 ? undefined : selection.anchorIndex };
}
