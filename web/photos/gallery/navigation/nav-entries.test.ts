import { describe, expect, it } from "vitest";
import { PseudoCollectionID } from "../../../../shared/model/library/gallery-summary";
import { summaryOf } from "../test-support/gallery-views";
import { currentPlace, navEntries } from "./nav-entries";

const summaries = [
  summaryOf({ id: 0, name: "All", type: "all", order: 0, isOwned: false, fileCount: 40 }),
  summaryOf({ id: -1, name: "Archive", type: "archive", order: 5, isOwned: false, fileCount: 3 }),
  summaryOf({ id: -2, name: "Trash", type: "trash", order: 6, isOwned: false, fileCount: 2 }),
  summaryOf({ id: 13, name: "Favorites", type: "favorites", order: 2, fileCount: 5 }),
  summaryOf({ id: 11, name: "Alps" }),
  summaryOf({
    id: 30,
    name: "From Ann",
    type: "incomingShareViewer",
    isOwned: false,
    ownerEmail: "ann@example.org",
  }),
  summaryOf({ id: 20, name: "Drawer", isHidden: true, fileCount: 3 }),
];

describe("the gallery's navigation", () => {
  it("offers the places people look for, in order, with their counts", () => {
    const entries = navEntries(summaries, 4);
    expect(entries.map((entry) => [entry.place, entry.count])).toEqual([
      ["photos", undefined],
      ["albums", undefined],
      ["sharing", undefined],
      ["people", undefined],
      ["map", undefined],
      ["favorites", 5],
      ["archive", 3],
      ["hidden", 4],
      ["trash", 2],
      ["settings", undefined],
    ]);
  });

  it("puts four places on the phone's bar", () => {
    expect(
      navEntries(summaries, 0)
        .filter((entry) => entry.onPhoneBar)
        .map((entry) => entry.place),
    ).toEqual(["photos", "albums", "sharing", "settings"]);
  });

  it("leaves favorites out until the favorites album exists", () => {
    const withoutFavorites = summaries.filter((summary) => summary.type !== "favorites");
    expect(navEntries(withoutFavorites, 0).map((entry) => entry.place)).not.toContain("favorites");
  });

  it("leads each place of the timeline to its view", () => {
    const byPlace = new Map(navEntries(summaries, 0).map((entry) => [entry.place, entry]));
    expect(byPlace.get("favorites")).toMatchObject({ page: "timeline", viewID: 13 });
    expect(byPlace.get("trash")).toMatchObject({
      page: "timeline",
      viewID: PseudoCollectionID.trash,
    });
    expect(byPlace.get("albums")?.page).toBe("albums");
    expect(byPlace.get("albums")?.viewID).toBeUndefined();
  });

  it.each([
    ["timeline", 0, "photos"],
    ["timeline", 13, "favorites"],
    ["timeline", -1, "archive"],
    ["timeline", -2, "trash"],
    ["timeline", -4, "hidden"],
    ["timeline", 20, "hidden"],
    ["timeline", 11, "albums"],
    ["timeline", -3, "albums"],
    ["timeline", 30, "sharing"],
    ["albums", 0, "albums"],
    ["sharing", 0, "sharing"],
    ["settings", 0, "settings"],
  ] as const)("marks the %s page with view %i as %s", (page, viewID, place) => {
    expect(currentPlace(page, viewID, summaries)).toBe(place);
  });
});
