import { describe, expect, it } from "vitest";
import { Visibility } from "../../shared/model/library/file-metadata";
import {
  type CollectionDecryption,
  type DecryptedCollection,
  RecordDecryptionError,
} from "../library/decrypted-records";
import {
  collectionVisibility,
  collectionsToPull,
  mergeCollections,
  type LocalCollections,
} from "./collection-rules";
import { testCollection, testUserID } from "./test-support/sync-store";

const otherUser = 2_000_002;
const mmd = <T>(data: T) => ({ version: 1, count: 1, data });

const ok = (collection: DecryptedCollection): CollectionDecryption => ({ ok: true, collection });
const failed = (id: number, updationTime: number, isDeleted = false): CollectionDecryption => ({
  ok: false,
  id,
  updationTime,
  isDeleted,
  error: new RecordDecryptionError("collection", id, "key"),
});

const local = (
  collections: DecryptedCollection[] = [],
  hiddenIDs: number[] = [],
  listTimeUs = 100,
): LocalCollections => ({
  collections: new Map(collections.map((c) => [c.id, c])),
  hiddenIDs: new Set(hiddenIDs),
  listTimeUs,
});

describe("collectionVisibility", () => {
  it.each([
    { name: "owned, no metadata", collection: testCollection(1), expected: Visibility.visible },
    {
      name: "owned, hidden in private metadata",
      collection: testCollection(1, { magicMetadata: mmd({ visibility: 2 }) }),
      expected: Visibility.hidden,
    },
    {
      name: "owned, archived",
      collection: testCollection(1, { magicMetadata: mmd({ visibility: 1 }) }),
      expected: Visibility.archived,
    },
    {
      name: "owned: a sharee's metadata does not count",
      collection: testCollection(1, { sharedMagicMetadata: mmd({ visibility: 2 }) }),
      expected: Visibility.visible,
    },
    {
      name: "shared with me, hidden in my sharee metadata",
      collection: testCollection(1, {
        owner: { id: otherUser },
        sharedMagicMetadata: mmd({ visibility: 2 }),
      }),
      expected: Visibility.hidden,
    },
    {
      name: "shared with me: the owner's private metadata does not count",
      collection: testCollection(1, {
        owner: { id: otherUser },
        magicMetadata: mmd({ visibility: 2 }),
      }),
      expected: Visibility.visible,
    },
    {
      name: "an unknown visibility reads as visible",
      collection: testCollection(1, { magicMetadata: mmd({ visibility: 7 }) }),
      expected: Visibility.visible,
    },
  ])("$name", ({ collection, expected }) => {
    expect(collectionVisibility(collection, testUserID)).toBe(expected);
  });
});

describe("mergeCollections", () => {
  it("adds new collections and advances the list time to the newest", () => {
    const change = mergeCollections(
      local(),
      [ok(testCollection(1, { updationTime: 500 })), ok(testCollection(2, { updationTime: 700 }))],
      testUserID,
    );
    expect(change.upserts.map((c) => c.id)).toEqual([1, 2]);
    expect(change.listTimeUs).toBe(700);
    expect(change.resetIDs).toEqual([]);
  });

  it("drops deleted collections, remembering the local copy", () => {
    const known = testCollection(1, { updationTime: 200 });
    const change = mergeCollections(
      local([known], [1]),
      [ok(testCollection(1, { updationTime: 300, isDeleted: true }))],
      testUserID,
    );
    expect(change.upserts).toEqual([]);
    expect(change.removals).toEqual([known]);
    expect(change.deletedIDs).toEqual([1]);
    expect([...change.hiddenIDs]).toEqual([]);
  });

  it("drops a deleted collection even when its tombstone cannot be decrypted", () => {
    const change = mergeCollections(
      local([testCollection(1, { updationTime: 200 })]),
      [failed(1, 300, true)],
      testUserID,
    );
    expect(change.deletedIDs).toEqual([1]);
    expect(change.failedIDs).toEqual([]);
    expect(change.listTimeUs).toBe(300);
  });

  it("keeps the newest of several entries of one collection", () => {
    const change = mergeCollections(
      local(),
      [
        ok(testCollection(1, { updationTime: 900, name: "new" })),
        ok(testCollection(1, { updationTime: 800, name: "old" })),
      ],
      testUserID,
    );
    expect(change.upserts.map((c) => c.name)).toEqual(["new"]);
  });

  it("ignores a remote version older than the local one", () => {
    const change = mergeCollections(
      local([testCollection(1, { updationTime: 900, name: "local" })]),
      [ok(testCollection(1, { updationTime: 800, name: "stale" }))],
      testUserID,
    );
    expect(change.upserts).toEqual([]);
  });

  it.each([
    { name: "becomes hidden", before: [], visibility: 2, hidden: [1], reset: [1] },
    { name: "becomes visible", before: [1], visibility: 0, hidden: [], reset: [1] },
    { name: "stays hidden", before: [1], visibility: 2, hidden: [1], reset: [] },
    { name: "stays visible", before: [], visibility: 0, hidden: [], reset: [] },
  ])("a known collection that $name", ({ before, visibility, hidden, reset }) => {
    const change = mergeCollections(
      local([testCollection(1, { updationTime: 200 })], before),
      [ok(testCollection(1, { updationTime: 300, magicMetadata: mmd({ visibility }) }))],
      testUserID,
    );
    expect([...change.hiddenIDs]).toEqual(hidden);
    expect(change.resetIDs).toEqual(reset);
  });

  it("tracks a new hidden collection without resetting it", () => {
    const change = mergeCollections(
      local(),
      [ok(testCollection(4, { magicMetadata: mmd({ visibility: 2 }) }))],
      testUserID,
    );
    expect([...change.hiddenIDs]).toEqual([4]);
    expect(change.resetIDs).toEqual([]);
  });

  it("holds the list time below a collection that failed to decrypt", () => {
    const change = mergeCollections(
      local([], [], 100),
      [ok(testCollection(1, { updationTime: 900 })), failed(2, 400)],
      testUserID,
    );
    expect(change.upserts.map((c) => c.id)).toEqual([1]);
    expect(change.failedIDs).toEqual([2]);
    expect(change.listTimeUs).toBe(399);
  });

  it("never moves the list time back", () => {
    const change = mergeCollections(local([], [], 1000), [failed(2, 400)], testUserID);
    expect(change.listTimeUs).toBe(1000);
  });
});

describe("collectionsToPull", () => {
  it("pulls collections whose stored file time differs from their updation time", () => {
    const times = new Map([
      [1, 100],
      [2, 150],
    ]);
    const pulled = collectionsToPull(
      [
        testCollection(1, { updationTime: 100 }),
        testCollection(2, { updationTime: 200 }),
        testCollection(3, { updationTime: 300 }),
      ],
      (id) => times.get(id),
    );
    expect(pulled.map((c) => c.id)).toEqual([2, 3]);
  });
});
