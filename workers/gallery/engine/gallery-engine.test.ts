import { describe, expect, it } from "vitest";
import { CollectionSubType } from "../../../shared/model/library/collection-metadata";
import { Visibility } from "../../../shared/model/library/file-metadata";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import { PseudoCollectionID } from "../../../shared/model/library/gallery-summary";
import { testCollection, testFile, testUserID } from "../../sync/test-support/sync-store";
import { FileNotInLibraryError, createGalleryEngine } from "./gallery-engine";
import { MemoryReader } from "./test-support/reader";

const otherUser = { id: 2_000_002, email: "friend@cairn.test" };
const hourUs = 3_600_000_000;
const dayUs = 24 * hourUs;
/** Noon, local time, of 1 June 2024: items a few hours apart stay on one day. */
const baseUs = new Date(2024, 5, 1, 12).getTime() * 1000;

const mmd = <T>(data: T) => ({ version: 1, count: 1, data });

const file = (
  id: number,
  collectionID: number,
  timeUs: number,
  extra: Partial<DecryptedFile> = {},
) =>
  testFile(id, collectionID, {
    metadata: { title: `IMG_${String(id)}.jpg`, creationTime: timeUs, fileType: 0 },
    ...extra,
  });

const archived = { magicMetadata: mmd({ visibility: Visibility.archived }) };

/**
 * A library with every kind of collection:
 * 10 album (own), 11 pinned album (own, asc), 12 archived album, 13 shared
 * out, 14 link only, 15 incoming viewer, 16 incoming collaborator,
 * 17 favorites, 18 default hidden, 19 another hidden album.
 */
const library = () => {
  const reader = new MemoryReader(testUserID);
  const collections: DecryptedCollection[] = [
    testCollection(10, { name: "Lisbon" }),
    testCollection(11, {
      name: "Pinned",
      magicMetadata: mmd({ order: 1 }),
      pubMagicMetadata: mmd({ asc: true, coverID: 1103 }),
    }),
    testCollection(12, { name: "Old", magicMetadata: mmd({ visibility: Visibility.archived }) }),
    testCollection(13, { name: "Shared out", sharees: [{ id: otherUser.id, role: "VIEWER" }] }),
    testCollection(14, {
      name: "Link only",
      publicURLs: [
        {
          url: "https://cairn.test/a",
          deviceLimit: 0,
          validTill: 0,
          enableDownload: true,
          enableCollect: false,
          passwordEnabled: false,
        },
      ] as DecryptedCollection["publicURLs"],
    }),
    testCollection(15, {
      name: "Their trip",
      owner: otherUser,
      sharees: [{ id: testUserID, role: "VIEWER" }],
    }),
    testCollection(16, {
      name: "Their party",
      owner: otherUser,
      sharees: [{ id: testUserID, role: "COLLABORATOR" }],
    }),
    testCollection(17, { name: "Favorites", type: "favorites" }),
    testCollection(18, {
      name: ".hidden",
      magicMetadata: mmd({
        visibility: Visibility.hidden,
        subType: CollectionSubType.defaultHidden,
      }),
    }),
    testCollection(19, { name: "Drawer", magicMetadata: mmd({ visibility: Visibility.hidden }) }),
  ];
  for (const collection of collections) {
    reader.putCollection(collection, collection.id === 18 || collection.id === 19);
  }
  reader.putFiles([
    file(1001, 10, baseUs),
    file(1002, 10, baseUs - hourUs, archived),
    file(1003, 10, baseUs - dayUs),
    // 1003 is also in the pinned album (same record time): shown once in "all".
    file(1003, 11, baseUs - dayUs),
    file(1101, 11, baseUs - 2 * dayUs),
    file(1103, 11, baseUs - 3 * dayUs),
    file(1201, 12, baseUs - 4 * dayUs),
    file(1301, 13, baseUs - 5 * dayUs),
    file(1401, 14, baseUs - 6 * dayUs),
    file(1501, 15, baseUs - 7 * dayUs, { ownerID: otherUser.id }),
    // The user's own file in someone's album and in their own: "all" stands it for the own album.
    file(1001, 16, baseUs),
    file(1601, 16, baseUs - 8 * dayUs, {
      ownerID: otherUser.id,
      pubMagicMetadata: mmd({ uploaderName: "Ana" }),
    }),
    file(1001, 17, baseUs),
    file(1801, 18, baseUs - 9 * dayUs),
    file(1901, 19, baseUs - 10 * dayUs),
    // A file both hidden and in a visible album: it stays out of "all".
    file(1902, 19, baseUs - 11 * dayUs),
    file(1902, 13, baseUs - 11 * dayUs),
  ]);
  reader.putTrash([
    { file: file(2001, 10, baseUs - 2 * hourUs), deleteByUs: baseUs + 30 * dayUs, updatedAtUs: 1 },
  ]);
  return reader;
};

const windowIDs = (engine: ReturnType<typeof createGalleryEngine>, viewID: number) =>
  engine.viewWindow(viewID, 0, 100).items.map((item) => item.id);

describe("summaries", () => {
  const engine = createGalleryEngine({
    reader: (() => {
      const r = library();
      return () => r;
    })(),
  });
  const byID = new Map(engine.summaries().map((s) => [s.id, s]));

  it.each([
    [PseudoCollectionID.all, "all", 0, 8, false],
    [PseudoCollectionID.hiddenItems, "hiddenItems", 0, 1, true],
    [PseudoCollectionID.uncategorized, "uncategorized", 1, 0, false],
    [17, "favorites", 2, 1, false],
    [11, "pinned", 3, 3, false],
    [10, "album", 4, 3, false],
    [12, "archived", 4, 1, false],
    [13, "outgoingShare", 4, 2, false],
    [14, "sharedOnlyViaLink", 4, 1, false],
    [15, "incomingShareViewer", 4, 1, false],
    [16, "incomingShareCollaborator", 4, 2, false],
    [PseudoCollectionID.archive, "archive", 5, 2, false],
    [PseudoCollectionID.trash, "trash", 6, 1, false],
    [18, "defaultHidden", 7, 1, true],
    [19, "album", 4, 2, true],
  ])(
    "summary %i is %s in section %i with %i files (hidden: %s)",
    (id, type, order, count, hidden) => {
      expect(byID.get(id)).toMatchObject({ type, order, fileCount: count, isHidden: hidden });
    },
  );

  it.each([
    [13, 1, false],
    [14, 0, true],
    [10, 0, false],
  ])(
    "summary %i says the owner shares it with %i people (public link: %s)",
    (id, shareeCount, hasPublicLink) => {
      expect(byID.get(id)).toMatchObject({ shareeCount, hasPublicLink });
    },
  );

  it("says nothing of the sharing of an album shared with the user", () => {
    expect(byID.get(15)?.shareeCount).toBeUndefined();
    expect(byID.get(15)?.hasPublicLink).toBeUndefined();
  });

  it("has one summary per collection and pseudo-collection", () => {
    expect(byID.size).toBe(15);
  });

  it("gives owned albums their pin order, sort order and cover, incoming shares their owner", () => {
    expect(byID.get(11)).toMatchObject({
      isOwned: true,
      pinOrder: 1,
      sortAscending: true,
      latestFileID: 1003,
      coverFileID: 1103,
    });
    expect(byID.get(10)).toMatchObject({
      latestFileID: 1001,
      coverFileID: 1001,
      pinOrder: undefined,
    });
    expect(byID.get(15)).toMatchObject({ isOwned: false, ownerEmail: otherUser.email });
    expect(byID.get(PseudoCollectionID.all)).toMatchObject({ isOwned: false, latestFileID: 1001 });
  });

  it("falls back to the newest file when the cover left the album", () => {
    const reader = library();
    reader.removeFile(11, 1103);
    const summary = createGalleryEngine({ reader: () => reader })
      .summaries()
      .find((s) => s.id === 11);
    expect(summary).toMatchObject({ coverFileID: 1003, fileCount: 2 });
  });

  it("drops the uncategorized placeholder once the user has an uncategorized collection", () => {
    const reader = library().putCollection(
      testCollection(30, { type: "uncategorized", name: "Uncategorized" }),
    );
    const summaries = createGalleryEngine({ reader: () => reader }).summaries();
    expect(summaries.some((s) => s.id === PseudoCollectionID.uncategorized)).toBe(false);
    expect(summaries.find((s) => s.id === 30)).toMatchObject({ type: "uncategorized", order: 1 });
  });

  it("answers in the bar's order", () => {
    expect(engine.summaries("name").map((s) => s.id)).toEqual([
      0, -4, -3, 17, 11, 19, 14, 10, 12, 13, 16, 15, -1, -2, 18,
    ]);
  });
});

describe("views", () => {
  const reader = library();
  const engine = createGalleryEngine({ reader: () => reader });

  it.each([
    // Archived file 1002, the archived album, hidden albums (and 1902, also hidden) are left out; 1001 and 1003 once.
    ["all", PseudoCollectionID.all, [1001, 1003, 1101, 1103, 1301, 1401, 1501, 1601]],
    ["archive", PseudoCollectionID.archive, [1002, 1201]],
    ["trash", PseudoCollectionID.trash, [2001]],
    ["hidden items", PseudoCollectionID.hiddenItems, [1801]],
    ["the uncategorized placeholder", PseudoCollectionID.uncategorized, []],
    ["an album with its archived file", 10, [1001, 1002, 1003]],
    ["an ascending album, oldest first", 11, [1103, 1101, 1003]],
    ["another hidden album", 19, [1901, 1902]],
    ["an unknown collection", 999, []],
  ])("%s", (_, viewID, expected) => {
    expect(windowIDs(engine, viewID)).toEqual(expected);
    expect(engine.openView(viewID).totalCount).toBe(expected.length);
  });

  it("keeps files others own out of all unless the user chose them, and counts them so", () => {
    let choices = { sharedInTimeline: false };
    const choosing = createGalleryEngine({ reader: () => reader, choices: () => choices });
    // 1501 (their trip) and 1601 (their upload to their party) are theirs; 1001 is the user's own, in their party too.
    expect(windowIDs(choosing, PseudoCollectionID.all)).toEqual([
      1001, 1003, 1101, 1103, 1301, 1401,
    ]);
    const before = choosing.openView(PseudoCollectionID.all);
    expect(before.totalCount).toBe(6);
    const allSummary = () =>
      choosing.summaries().find((summary) => summary.id === PseudoCollectionID.all);
    expect(allSummary()?.fileCount).toBe(6);
    // Their albums still show everything.
    expect(windowIDs(choosing, 15)).toEqual([1501]);
    expect(windowIDs(choosing, 16)).toEqual([1001, 1601]);

    choices = { sharedInTimeline: true };
    const after = choosing.openSnapshot();
    expect(after?.totalCount).toBe(8);
    expect(after?.version).toBeGreaterThan(before.version);
    expect(allSummary()?.fileCount).toBe(8);
  });

  it("stands a file of several collections for the user's own collection in all", () => {
    const item = engine.viewWindow(PseudoCollectionID.all, 0, 1).items[0];
    expect(item).toMatchObject({ id: 1001, collectionID: 10, isOwn: true, isFavorite: true });
  });

  it("describes items as the grid shows them", () => {
    const items = engine.viewWindow(PseudoCollectionID.all, 0, 100).items;
    expect(items.find((i) => i.id === 1601)).toMatchObject({
      isOwn: false,
      isFavorite: false,
      uploaderName: "Ana",
      collectionID: 16,
    });
    expect(engine.viewWindow(PseudoCollectionID.trash, 0, 1).items[0]).toMatchObject({
      id: 2001,
      deleteByUs: baseUs + 30 * dayUs,
    });
    expect(engine.viewWindow(10, 1, 1).items[0]).toMatchObject({
      id: 1002,
      visibility: Visibility.archived,
    });
  });

  it("answers items at scattered indexes as the window answers them, none past the view's end", () => {
    const all = engine.viewWindow(PseudoCollectionID.all, 0, 100);
    const last = all.items.length - 1;
    const answer = engine.viewItemsAt(PseudoCollectionID.all, [last, 0, all.items.length, -1, 1.5]);
    expect(answer).toMatchObject({ viewID: PseudoCollectionID.all, version: all.version });
    expect(answer.indexes).toEqual([last, 0, all.items.length, -1, 1.5]);
    expect(answer.items).toEqual([all.items[last], all.items[0], undefined, undefined, undefined]);
  });

  it("says in an album's view who added a collaborator's file, and nothing of the user's own", () => {
    const reader = new MemoryReader(testUserID);
    reader.putCollection(
      testCollection(30, {
        name: "Picnic",
        sharees: [{ id: otherUser.id, email: otherUser.email, role: "COLLABORATOR" }],
      }),
      false,
    );
    reader.putFiles([
      file(3001, 30, baseUs),
      file(3002, 30, baseUs - hourUs, { ownerID: otherUser.id }),
    ]);
    const picnic = createGalleryEngine({ reader: () => reader });
    const shown = picnic.viewWindow(30, 0, 10).items.map((item) => [item.id, item.uploaderName]);
    expect(shown).toEqual([
      [3001, undefined],
      [3002, otherUser.email],
    ]);
  });

  it("knows the shape of each item as shown, and 0 where uploads did not record it", () => {
    const reader = new MemoryReader(testUserID);
    reader.putCollection(testCollection(40, { name: "Shapes" }), false);
    reader.putFiles([
      file(4001, 40, baseUs, { pubMagicMetadata: mmd({ w: 4000, h: 3000 }) }),
      file(4002, 40, baseUs - hourUs, { pubMagicMetadata: mmd({ w: 1080, h: 1920 }) }),
      file(4003, 40, baseUs - 2 * hourUs),
      file(4004, 40, baseUs - 3 * hourUs, { pubMagicMetadata: mmd({ w: 0, h: 100 }) }),
    ]);
    const shapes = createGalleryEngine({ reader: () => reader }).openView(40);
    expect(Array.from(shapes.aspectRatios ?? [])).toEqual([
      expect.closeTo(4 / 3, 5),
      expect.closeTo(0.5625, 5),
      0,
      0,
    ]);
  });

  it("groups a view's items by local day", () => {
    const snapshot = engine.openView(10);
    expect(snapshot.days.map((d) => [d.firstIndex, d.count])).toEqual([
      [0, 2],
      [2, 1],
    ]);
  });

  it.each([
    ["inside", 1, 2, [1003, 1101]],
    ["at the end", 6, 10, [1501, 1601]],
    ["past the end", 8, 5, []],
    ["before the start", -3, 2, [1001, 1003]],
  ])("answers windows %s", (_, start, count, expected) => {
    const window = engine.viewWindow(PseudoCollectionID.all, start, count);
    expect(window.items.map((i) => i.id)).toEqual(expected);
    expect(window.startIndex).toBe(Math.max(0, Math.min(start, 8)));
  });

  it.each([
    [PseudoCollectionID.all, 1501, 6],
    [PseudoCollectionID.all, 1002, -1],
    [11, 1003, 2],
    [PseudoCollectionID.trash, 2001, 0],
  ])("finds the index in view %i of file %i", (viewID, fileID, index) => {
    expect(engine.indexOfFile(viewID, fileID)).toBe(index);
  });

  it("gives a file's details", () => {
    expect(engine.fileDetails(1003)).toMatchObject({
      id: 1003,
      title: "IMG_1003.jpg",
      originalTitle: "IMG_1003.jpg",
      timeUs: baseUs - dayUs,
      isOwn: true,
      isFavorite: false,
      albumNames: ["Lisbon", "Pinned"],
    });
    expect(() => engine.fileDetails(424242)).toThrow(FileNotInLibraryError);
    expect(engine.fileByID(2001)?.id).toBe(2001);
  });
});

describe("changes", () => {
  it("a new file shows in the open view with a new version, edits reorder it", () => {
    const reader = library();
    const engine = createGalleryEngine({ reader: () => reader });
    const first = engine.openView(PseudoCollectionID.all);
    expect(engine.openSnapshot()).toEqual(first);
    reader.putFiles([file(1005, 10, baseUs + hourUs)]);
    const second = engine.openSnapshot();
    expect(second?.version).toBeGreaterThan(first.version);
    expect(second?.totalCount).toBe(first.totalCount + 1);
    expect(windowIDs(engine, 0)[0]).toBe(1005);
    reader.putFiles([
      file(1005, 10, baseUs + hourUs, {
        pubMagicMetadata: mmd({ editedTime: baseUs - 20 * dayUs, editedName: "renamed.jpg" }),
      }),
    ]);
    const ids = windowIDs(engine, 0);
    expect(ids.at(-1)).toBe(1005);
    expect(engine.viewWindow(0, ids.length - 1, 1).items[0]?.title).toBe("renamed.jpg");
  });

  it("archiving a file moves it from all to archive", () => {
    const reader = library();
    const engine = createGalleryEngine({ reader: () => reader });
    expect(windowIDs(engine, PseudoCollectionID.all)).toContain(1401);
    reader.putFiles([file(1401, 14, baseUs - 6 * dayUs, archived)]);
    expect(windowIDs(engine, PseudoCollectionID.all)).not.toContain(1401);
    expect(windowIDs(engine, PseudoCollectionID.archive)).toContain(1401);
  });
});

/** A synthetic library of `count` files in `albums` albums, built directly. */
const syntheticLibrary = (count: number, albums: number) => {
  const reader = new MemoryReader(testUserID);
  for (let a = 0; a < albums; a++) reader.putCollection(testCollection(a + 1));
  const files: DecryptedFile[] = [];
  let seed = 17;
  for (let id = 1; id <= count; id++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    files.push(
      file(id, (id % albums) + 1, baseUs - Math.floor((seed / 2_147_483_648) * 3650 * dayUs)),
    );
  }
  reader.putFiles(files);
  return reader;
};

describe("at scale (prints times, asserts behaviour only)", () => {
  it("rebuilds the open all view of 100,000 files after a sync page", () => {
    const reader = syntheticLibrary(100_000, 50);
    const engine = createGalleryEngine({ reader: () => reader });
    let startedMs = performance.now();
    const opened = engine.openView(PseudoCollectionID.all);
    const openMs = performance.now() - startedMs;
    expect(opened.totalCount).toBe(100_000);
    engine.summaries();

    // A diff page of 2,500 new files in one album.
    const page = Array.from({ length: 2500 }, (_, i) => file(200_000 + i, 7, baseUs + i));
    reader.putFiles(page);
    startedMs = performance.now();
    const rebuilt = engine.openSnapshot();
    const rebuildMs = performance.now() - startedMs;
    startedMs = performance.now();
    engine.summaries();
    const summariesMs = performance.now() - startedMs;
    expect(rebuilt?.totalCount).toBe(102_500);
    expect(engine.viewWindow(0, 0, 1).items[0]?.id).toBe(202_499);
    console.log(
      `100k: open ${openMs.toFixed(1)} ms, rebuild after a page ${rebuildMs.toFixed(1)} ms, summaries ${summariesMs.toFixed(1)} ms`,
    );
  });

  it("builds the all view of 1,000,000 files and reads its last window", () => {
    const reader = syntheticLibrary(1_000_000, 200);
    const engine = createGalleryEngine({ reader: () => reader });
    const startedMs = performance.now();
    const snapshot = engine.openView(PseudoCollectionID.all);
    const window = engine.viewWindow(0, snapshot.totalCount - 200, 500);
    const elapsedMs = performance.now() - startedMs;
    expect(snapshot.totalCount).toBe(1_000_000);
    expect(window.items).toHaveLength(200);
    const lastDay = snapshot.days.at(-1);
    expect((lastDay?.firstIndex ?? 0) + (lastDay?.count ?? 0)).toBe(1_000_000);
    const times = window.items.map((i) => i.timeUs);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    console.log(
      `1M: all view and its last window in ${elapsedMs.toFixed(1)} ms (${String(snapshot.days.length)} days)`,
    );
  }, 120_000);
});
