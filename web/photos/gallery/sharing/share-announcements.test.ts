import { describe, expect, it } from "vitest";
import { summaryOf } from "../test-support/gallery-views";
import { shareNews } from "./share-announcements";

const own = summaryOf({ id: 5, name: "Mine" });
const picnic = summaryOf({ id: 7, name: "Picnic", type: "incomingShareViewer", isOwned: false });
const party = summaryOf({
  id: 9,
  name: "Party",
  type: "incomingShareCollaborator",
  isOwned: false,
});

describe("announcing albums shared with the user", () => {
  it("records a first sync's shares without a word, and waits for that sync to end", () => {
    expect(shareNews([own, picnic], undefined, 1, false)).toBeUndefined();
    expect(shareNews([own, picnic], undefined, 1, true)).toEqual({
      announce: [],
      known: { userID: 1, collectionIDs: [7] },
    });
  });

  it("announces an album shared since, once", () => {
    const known = { userID: 1, collectionIDs: [7] };
    const news = shareNews([own, party, picnic], known, 1, false);
    expect(news?.announce.map((album) => album.name)).toEqual(["Party"]);
    expect(news?.known).toEqual({ userID: 1, collectionIDs: [7, 9] });
    expect(shareNews([own, party, picnic], news?.known, 1, true)).toBeUndefined();
  });

  it("keeps an album missing from partial summaries (before a sync ends): it is not news when it comes back", () => {
    const known = { userID: 1, collectionIDs: [7, 9] };
    expect(shareNews([own, picnic], known, 1, false)).toBeUndefined();
    expect(shareNews([own, party, picnic], known, 1, false)).toBeUndefined();
  });

  it("forgets an album left once a sync has ended, so sharing it again is news again", () => {
    const left = shareNews([own, picnic], { userID: 1, collectionIDs: [7, 9] }, 1, true);
    expect(left).toEqual({ announce: [], known: { userID: 1, collectionIDs: [7] } });
    expect(shareNews([own, party, picnic], left?.known, 1, true)?.announce).toEqual([party]);
  });

  it("starts over silently for another account in the same browser", () => {
    expect(shareNews([party], { userID: 1, collectionIDs: [7] }, 2, true)).toEqual({
      announce: [],
      known: { userID: 2, collectionIDs: [9] },
    });
  });
});
