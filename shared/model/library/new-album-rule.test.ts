import { describe, expect, it } from "vitest";
import { type AlbumNameCandidate, isAlbumNameTaken } from "./new-album-rule";

const me = 7;
const candidate = (overrides: Partial<AlbumNameCandidate>): AlbumNameCandidate => ({
  name: "Trip",
  type: "album",
  ownerID: me,
  isHidden: false,
  ...overrides,
});

describe("isAlbumNameTaken", () => {
  it.each([
    { why: "an owned album", collection: candidate({}), taken: true },
    { why: "an owned folder", collection: candidate({ type: "folder" }), taken: true },
    {
      why: "the uncategorized collection",
      collection: candidate({ type: "uncategorized", name: "Uncategorized" }),
      name: "Uncategorized",
      taken: true,
    },
    { why: "a default-subtype album", collection: candidate({ subType: 0 }), taken: true },
    { why: "another name", collection: candidate({ name: "Trip 2" }), taken: false },
    { why: "a name differing in case", collection: candidate({ name: "trip" }), taken: false },
    { why: "another user's album", collection: candidate({ ownerID: 8 }), taken: false },
    { why: "a hidden album", collection: candidate({ isHidden: true }), taken: false },
    { why: "the default hidden album", collection: candidate({ subType: 1 }), taken: false },
    { why: "a quick-link album", collection: candidate({ subType: 2 }), taken: false },
    {
      why: "favorites",
      collection: candidate({ type: "favorites", name: "Favorites" }),
      name: "Favorites",
      taken: false,
    },
    { why: "a deleted album", collection: candidate({ isDeleted: true }), taken: false },
  ])("$why: $taken", ({ collection, name = "Trip", taken }) => {
    expect(isAlbumNameTaken(name, [collection], me)).toBe(taken);
  });

  it("is free in an empty library", () => {
    expect(isAlbumNameTaken("Trip", [], me)).toBe(false);
  });
});
