import { describe, expect, it } from "vitest";
import { CollectionOperation } from "../../shared/model/library/collection-operation";
import { CollectionSubType } from "../../shared/model/library/collection-metadata";
import type { DecryptedFile } from "../library/decrypted-records";
import { MemoryReader } from "../gallery/engine/test-support/reader";
import { testCollection, testFile, testUserID } from "../sync/test-support/sync-store";
import { deduplicationActions } from "./deduplication-actions";
import { exactDuplicateGroups } from "./exact-duplicates";
import { largeFileMinBytes, largeFilesOf } from "./large-files";

// Exact duplicates as a person sees them on /deduplicate.
// See: [Note: Exact duplicates are the user's own copies], [Note: Which copy of a duplicate is kept]

const friend = { id: 2_000_002, email: "friend@cairn.test" };

const copy = (
  id: number,
  collectionID: number,
  hash: string | undefined,
  overrides: Partial<DecryptedFile> = {},
): DecryptedFile =>
  testFile(id, collectionID, {
    metadata: {
      title: `IMG_${String(id)}.jpg`,
      creationTime: 1_600_000_000_000_000 + id,
      fileType: 0,
      ...(hash === undefined ? {} : { hash }),
    },
    info: { fileSize: 1_000_000, thumbSize: 10_000 },
    ...overrides,
  });

const library = () =>
  new MemoryReader(testUserID)
    .putCollection(testCollection(10, { name: "Summer" }))
    .putCollection(testCollection(11, { name: "Beach" }))
    .putCollection(testCollection(12, { type: "uncategorized", name: "Uncategorized" }))
    .putCollection(
      testCollection(13, {
        name: "Hidden",
        magicMetadata: {
          version: 1,
          count: 1,
          data: { visibility: 2, subType: CollectionSubType.defaultHidden },
        },
      }),
    )
    .putCollection(testCollection(14, { name: "Friend's", owner: friend }));

describe("exact duplicates", () => {
  it("groups the user's own copies by content, one file in two albums being no duplicate", () => {
    const reader = library().putFiles([
      copy(1, 10, "h-a"),
      copy(2, 11, "h-a"),
      copy(3, 10, "h-b"),
      copy(3, 11, "h-b"),
      copy(4, 10, undefined),
      copy(5, 11, undefined),
    ]);
    const groups = exactDuplicateGroups(reader);
    expect(groups.map(({ contentKey, files }) => [contentKey, files.map((f) => f.fileID)])).toEqual(
      [["h-a", [1, 2]]],
    );
    expect(groups[0]?.freedBytes).toBe(1_000_000);
  });

  it("leaves out hidden copies, copies in others' albums and others' files", () => {
    const reader = library().putFiles([
      copy(1, 10, "h-a"),
      copy(2, 13, "h-a"),
      copy(3, 14, "h-a"),
      copy(4, 10, "h-c", { ownerID: friend.id }),
      copy(5, 11, "h-c"),
    ]);
    expect(exactDuplicateGroups(reader)).toEqual([]);
  });

  it("joins a live photo's two hashes, and keeps copies of a live photo apart from its image alone", () => {
    const live = (id: number, collectionID: number) =>
      testFile(id, collectionID, {
        metadata: {
          title: `LIVE_${String(id)}.HEIC`,
          creationTime: 1,
          fileType: 2,
          imageHash: "img",
          videoHash: "vid",
        },
      });
    const reader = library().putFiles([live(1, 10), live(2, 11), copy(3, 10, "img")]);
    expect(
      exactDuplicateGroups(reader).map(({ contentKey, files }) => [
        contentKey,
        files.map((f) => f.fileID),
      ]),
    ).toEqual([["img:vid", [1, 2]]]);
  });

  it("keeps the copy with a caption or an edit, then the one in more albums, then the oldest", () => {
    const captioned = copy(7, 11, "h-a", {
      pubMagicMetadata: { version: 1, count: 1, data: { caption: "Grandma's garden" } },
    });
    const reader = library().putFiles([
      copy(2, 10, "h-a"),
      captioned,
      copy(4, 10, "h-b"),
      copy(4, 11, "h-b"),
      copy(3, 10, "h-b"),
      copy(6, 12, "h-c"),
      copy(5, 12, "h-c"),
    ]);
    const order = Object.fromEntries(
      exactDuplicateGroups(reader).map(({ contentKey, files }) => [
        contentKey,
        files.map((f) => f.fileID),
      ]),
    );
    expect(order).toEqual({ "h-a": [7, 2], "h-b": [4, 3], "h-c": [5, 6] });
  });

  it("lists the group that frees the most first", () => {
    const big = { info: { fileSize: 50_000_000, thumbSize: 1 } };
    const reader = library().putFiles([
      copy(1, 10, "small"),
      copy(2, 11, "small"),
      copy(3, 11, "small"),
      copy(4, 10, "big", big),
      copy(5, 11, "big", big),
    ]);
    expect(exactDuplicateGroups(reader).map((g) => [g.contentKey, g.freedBytes])).toEqual([
      ["big", 50_000_000],
      ["small", 2_000_000],
    ]);
  });
});

describe("removing duplicates", () => {
  it("adds each kept copy to the albums only its copies were in, then trashes the copies", () => {
    const reader = library().putFiles([
      copy(1, 10, "h-a"),
      copy(2, 11, "h-a"),
      copy(3, 10, "h-a"),
      copy(4, 10, "h-b"),
      copy(5, 11, "h-b"),
      copy(6, 12, "h-c"),
      copy(7, 12, "h-c"),
    ]);
    expect(deduplicationActions(exactDuplicateGroups(reader))).toEqual([
      {
        kind: "collection-operation",
        operation: CollectionOperation.add,
        fileIDs: [1, 4],
        toCollectionID: 11,
      },
      { kind: "trash", fileIDs: [2, 3, 5, 7] },
    ]);
  });

  it("asks nothing when no group is chosen", () => {
    expect(deduplicationActions([])).toEqual([]);
  });
});

describe("large files", () => {
  it("lists the user's own files of 10 MiB and up, largest first, once each", () => {
    const sized = (fileSize: number) => ({ info: { fileSize, thumbSize: 1 } });
    const reader = library().putFiles([
      copy(1, 10, "a", sized(largeFileMinBytes)),
      copy(1, 11, "a", sized(largeFileMinBytes)),
      copy(2, 10, "b", sized(largeFileMinBytes - 1)),
      copy(3, 12, "c", sized(80_000_000)),
      copy(4, 13, "d", sized(90_000_000)),
      copy(5, 14, "e", sized(90_000_000)),
      copy(6, 10, "f", { info: undefined }),
    ]);
    expect(
      largeFilesOf(reader).map(({ fileID, sizeBytes, collectionIDs }) => [
        fileID,
        sizeBytes,
        collectionIDs,
      ]),
    ).toEqual([
      [3, 80_000_000, []],
      [1, largeFileMinBytes, [10, 11]],
    ]);
  });
});
