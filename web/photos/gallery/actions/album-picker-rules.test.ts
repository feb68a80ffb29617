import { describe, expect, it } from "vitest";
import { summaryOf } from "../test-support/gallery-views";
import { pickableAlbums } from "./album-picker-rules";

const summaries = [
  summaryOf({ id: 0, name: "All", type: "all", order: 0, isOwned: false }),
  summaryOf({ id: 3, name: "Zoo" }),
  summaryOf({ id: 4, name: "beach" }),
  summaryOf({ id: 5, name: "Favorites", type: "favorites", order: 2 }),
  summaryOf({ id: 6, name: "Uncategorized", type: "uncategorized", order: 1 }),
  summaryOf({ id: 7, name: "Drawer", isHidden: true }),
  summaryOf({ id: 8, name: "From Ana", type: "incomingShareViewer", isOwned: false }),
  summaryOf({ id: 9, name: "Team", type: "incomingShareCollaborator", isOwned: false }),
  summaryOf({ id: 10, name: "Pinned trip", type: "pinned", order: 3, pinOrder: 1 }),
];

describe("albums the picker offers", () => {
  it.each([
    [undefined, "", [4, 10, 9, 3]],
    [3, "", [4, 10, 9]],
    [undefined, "TR", [10]],
    [undefined, "nothing", []],
  ])("leaving out %s, searching %j", (exclude, query, ids) => {
    expect(pickableAlbums(summaries, exclude, query).map((album) => album.id)).toEqual(ids);
  });
});
