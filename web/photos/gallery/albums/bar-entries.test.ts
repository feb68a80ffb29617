import { describe, expect, it } from "vitest";
import type { CollectionSortBy } from "../../../../shared/model/library/gallery-summary";
import { summaryOf } from "../test-support/gallery-views";
import { barEntries, searchAlbums, sectionOfView, type BarEntry } from "./bar-entries";

const summaries = [
  summaryOf({ id: -2, name: "Trash", type: "trash", order: 6, isOwned: false, fileCount: 2 }),
  summaryOf({ id: 12, name: "Beach", creationTimeUs: 300, updationTimeUs: 50 }),
  summaryOf({ id: -1, name: "Archive", type: "archive", order: 5, isOwned: false, fileCount: 0 }),
  summaryOf({ id: 0, name: "All", type: "all", order: 0, isOwned: false, fileCount: 9 }),
  summaryOf({ id: 11, name: "Alps", creationTimeUs: 200, updationTimeUs: 90 }),
  summaryOf({ id: 14, name: "Zoo", creationTimeUs: 100, updationTimeUs: 70 }),
  summaryOf({ id: 15, name: "Pinned low", type: "pinned", order: 3, pinOrder: 1 }),
  summaryOf({ id: 16, name: "Pinned high", type: "pinned", order: 3, pinOrder: 5 }),
  summaryOf({ id: 13, name: "Favorites", type: "favorites", order: 2 }),
  summaryOf({ id: 17, name: "Uncategorized", type: "uncategorized", order: 1 }),
  summaryOf({
    id: -4,
    name: "Hidden",
    type: "hiddenItems",
    order: 0,
    isHidden: true,
    isOwned: false,
    fileCount: 1,
  }),
  summaryOf({ id: 20, name: "Drawer", isHidden: true, fileCount: 3 }),
  summaryOf({ id: 21, name: ".hidden", type: "defaultHidden", order: 7, isHidden: true }),
];

const ids = (entries: BarEntry[]) =>
  entries.map((entry) => (entry.kind === "summary" ? entry.summary.id : entry.kind));

describe("the albums bar's order", () => {
  it.each<[CollectionSortBy, (number | string)[]]>([
    ["name", [0, 17, 13, 16, 15, 11, 12, 14, -2, "hidden-section"]],
    ["creation-time-asc", [0, 17, 13, 16, 15, 14, 11, 12, -2, "hidden-section"]],
    ["updation-time-desc", [0, 17, 13, 16, 15, 11, 14, 12, -2, "hidden-section"]],
  ])("sorted by %s, in the spec's sections", (sortBy, order) => {
    expect(ids(barEntries({ summaries, section: "albums", sortBy, openViewID: 0 }))).toEqual(order);
  });

  it("shows an empty archive only while it is open", () => {
    const open = barEntries({ summaries, section: "albums", sortBy: "name", openViewID: -1 });
    expect(ids(open)).toContain(-1);
  });

  it("the hidden section starts with the way back, then hidden items, hidden albums, the default hidden album", () => {
    expect(
      ids(barEntries({ summaries, section: "hidden", sortBy: "name", openViewID: -4 })),
    ).toEqual(["leave-hidden", -4, 20, 21]);
  });

  it("the 'Hidden' entry counts the distinct hidden files when known, else adds up the hidden summaries", () => {
    const entry = (hiddenFileCount: number | undefined) =>
      barEntries({
        summaries,
        section: "albums",
        sortBy: "name",
        openViewID: 0,
        hiddenFileCount,
      }).at(-1);
    expect(entry(3)).toEqual({ kind: "hidden-section", count: 3 });
    expect(entry(undefined)).toEqual({ kind: "hidden-section", count: 5 });
    const noHidden = summaries.filter((summary) => !summary.isHidden);
    expect(
      ids(barEntries({ summaries: noHidden, section: "albums", sortBy: "name", openViewID: 0 })),
    ).not.toContain("hidden-section");
  });

  it.each([
    [0, "albums"],
    [12, "albums"],
    [-4, "hidden"],
    [20, "hidden"],
  ] as const)("view %d is in the %s section", (viewID, section) => {
    expect(sectionOfView(viewID, summaries)).toBe(section);
  });

  it("searches albums by their shown name", () => {
    const found = searchAlbums(summaries, " al", (summary) => summary.name);
    expect(found.map((summary) => summary.id)).toEqual([0, 11]);
    expect(searchAlbums(summaries, "", (summary) => summary.name)).toHaveLength(summaries.length);
  });
});
