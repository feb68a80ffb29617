import { describe, expect, it } from "vitest";
import type { GallerySummary } from "./gallery-summary";
import {
  compareSummaries,
  isCollectionSortBy,
  sortSummaries,
  summarySectionOrder,
} from "./summary-order";

const summary = (
  id: number,
  name: string,
  type: GallerySummary["type"],
  extra: Partial<GallerySummary> = {},
): GallerySummary => ({
  id,
  name,
  type,
  order: summarySectionOrder[type],
  fileCount: 1,
  updationTimeUs: 0,
  isHidden: false,
  isOwned: id > 0,
  sortAscending: false,
  ...extra,
});

describe("summarySectionOrder", () => {
  it.each([
    ["all", 0],
    ["hiddenItems", 0],
    ["uncategorized", 1],
    ["favorites", 2],
    ["pinned", 3],
    ["album", 4],
    ["folder", 4],
    ["outgoingShare", 4],
    ["incomingShareViewer", 4],
    ["incomingShareCollaborator", 4],
    ["sharedOnlyViaLink", 4],
    ["archived", 4],
    ["archive", 5],
    ["trash", 6],
    ["defaultHidden", 7],
  ] as const)("puts %s in section %i", (type, order) => {
    expect(summarySectionOrder[type]).toBe(order);
  });
});

describe("sortSummaries", () => {
  const bar = [
    summary(-2, "Trash", "trash"),
    summary(12, "beach", "album", { updationTimeUs: 50 }),
    summary(-1, "Archive", "archive"),
    summary(11, "Zoo", "album", { updationTimeUs: 300 }),
    summary(20, "Pinned low", "pinned", { pinOrder: 1, updationTimeUs: 900 }),
    summary(13, "Älplerhütte", "outgoingShare", { updationTimeUs: 100 }),
    summary(0, "All", "all"),
    summary(21, "Pinned high", "pinned", { pinOrder: 5, updationTimeUs: 10 }),
    summary(30, "Favorites", "favorites"),
    summary(-3, "Uncategorized", "uncategorized"),
    summary(40, ".hidden", "defaultHidden", { isHidden: true }),
    summary(10, "Middle", "archived", { updationTimeUs: 200, creationTimeUs: 5 }),
  ];
  const ids = (by: Parameters<typeof sortSummaries>[1]) => sortSummaries(bar, by).map((s) => s.id);

  it.each([
    // Sections first; pinned by pin order; then the chosen sort inside a section.
    ["name", [0, -3, 30, 21, 20, 13, 12, 10, 11, -1, -2, 40]],
    // Creation time: the known creation time (5 for Middle), else the ID.
    ["creation-time-asc", [0, -3, 30, 21, 20, 10, 11, 12, 13, -1, -2, 40]],
    ["updation-time-desc", [0, -3, 30, 21, 20, 11, 10, 13, 12, -1, -2, 40]],
  ] as const)("orders the bar by section, pin order, then %s", (by, expected) => {
    expect(ids(by)).toEqual(expected);
  });

  it("does not reorder its input", () => {
    const before = bar.map((s) => s.id);
    sortSummaries(bar, "name");
    expect(bar.map((s) => s.id)).toEqual(before);
  });

  it("breaks ties by ID", () => {
    const a = summary(5, "Same", "album");
    const b = summary(4, "Same", "album");
    expect(compareSummaries("name", a, b)).toBeGreaterThan(0);
  });

  it.each([
    ["name", true],
    ["creation-time-asc", true],
    ["updation-time-desc", true],
    ["NAME", false],
    [3, false],
  ])("recognises %s as a sort order: %s", (value, expected) => {
    expect(isCollectionSortBy(value)).toBe(expected);
  });
});
