import { describe, expect, it } from "vitest";
import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";
import { summaryOf } from "../test-support/gallery-views";
import { albumsPageAlbums, libraryPlaceCards, sharingGroups } from "./album-pages";

const label = (summary: GallerySummary) => summary.name;

const summaries = [
  summaryOf({ id: 0, name: "All", type: "all", order: 0, isOwned: false, fileCount: 40 }),
  summaryOf({ id: -1, name: "Archive", type: "archive", order: 5, isOwned: false, fileCount: 0 }),
  summaryOf({ id: -2, name: "Trash", type: "trash", order: 6, isOwned: false, fileCount: 0 }),
  summaryOf({ id: 13, name: "Favorites", type: "favorites", order: 2, fileCount: 5 }),
  summaryOf({ id: 17, name: "Uncategorized", type: "uncategorized", order: 1, fileCount: 7 }),
  summaryOf({ id: 11, name: "Alps", updationTimeUs: 10 }),
  summaryOf({ id: 12, name: "Beach", updationTimeUs: 30, shareeCount: 2 }),
  summaryOf({ id: 14, name: "Zoo", updationTimeUs: 20, shareeCount: 0, hasPublicLink: true }),
  summaryOf({ id: 15, name: "Pinned", type: "pinned", order: 3, pinOrder: 1 }),
  summaryOf({
    id: 30,
    name: "From Ann",
    type: "incomingShareViewer",
    isOwned: false,
    ownerEmail: "ann@example.org",
    updationTimeUs: 5,
  }),
  summaryOf({ id: 20, name: "Drawer", isHidden: true, fileCount: 3, shareeCount: 1 }),
  summaryOf({ id: 21, name: ".hidden", type: "defaultHidden", order: 7, isHidden: true }),
];

describe("the albums page", () => {
  it("lists the library's places that hold something, and always the trash", () => {
    expect(libraryPlaceCards(summaries, 3).map((card) => [card.place, card.count])).toEqual([
      ["favorites", 5],
      ["uncategorized", 7],
      ["hidden", 3],
      ["trash", 0],
    ]);
  });

  it("never shows a hidden file as the hidden place's cover", () => {
    const hidden = libraryPlaceCards(summaries, 3).find((card) => card.place === "hidden");
    expect(hidden?.coverFileID).toBeUndefined();
  });

  it("lists every visible album, pinned first, then in the chosen sort", () => {
    expect(albumsPageAlbums(summaries, "name", "", label).map(label)).toEqual([
      "Pinned",
      "Alps",
      "Beach",
      "From Ann",
      "Zoo",
    ]);
    expect(albumsPageAlbums(summaries, "updation-time-desc", "", label).map(label)).toEqual([
      "Pinned",
      "Beach",
      "Zoo",
      "Alps",
      "From Ann",
    ]);
  });

  it("finds albums by a part of their name, whatever its case", () => {
    expect(albumsPageAlbums(summaries, "name", "  bEa ", label).map(label)).toEqual(["Beach"]);
    expect(albumsPageAlbums(summaries, "name", "nothing", label)).toEqual([]);
  });
});

describe("the sharing page", () => {
  it("groups albums by how they are shared, and keeps hidden ones out", () => {
    const groups = sharingGroups(summaries, "name");
    expect(groups.sharedByMe.map(label)).toEqual(["Beach"]);
    expect(groups.sharedWithMe.map(label)).toEqual(["From Ann"]);
    expect(groups.links.map(label)).toEqual(["Zoo"]);
  });
});
