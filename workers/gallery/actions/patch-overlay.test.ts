import { describe, expect, it } from "vitest";
import { Visibility } from "../../../shared/model/library/file-metadata";
import { testCollection, testFile, testUserID } from "../../sync/test-support/sync-store";
import { LibraryPatch } from "./library-patch";
import { PatchOverlay } from "./patch-overlay";
import { MemoryLibraryReader } from "./test-support/readers";

const library = (fileCount: number) => {
  const base = new MemoryLibraryReader(testUserID);
  base.collectionsByID.set(1, testCollection(1));
  base.collectionsByID.set(2, testCollection(2));
  base.filesByCollection.set(
    1,
    Array.from({ length: fileCount }, (_, i) => testFile(i + 1, 1)),
  );
  base.filesByCollection.set(2, [testFile(1, 2)]);
  return base;
};

const ids = (files: Iterable<{ id: number }>) => [...files].map((file) => file.id);

describe("the patched reader", () => {
  it("answers the base itself while no patch is pending", () => {
    const base = library(3);
    const reader = new PatchOverlay().reader(base);
    expect(reader.filesOf(1)).toBe(base.filesOf(1));
    expect(reader.hiddenIDs()).toEqual(base.hiddenIDs());
    expect(reader.version).toBe(base.version);
  });

  it("applies membership, edits, trash and collection changes, and drops them", () => {
    const base = library(3);
    const overlay = new PatchOverlay();
    const reader = overlay.reader(base);
    const patch = new LibraryPatch();
    patch.removeFromCollection(1, 2);
    patch.addToCollection(2, testFile(3, 1));
    patch.editFile(1, { private: { visibility: Visibility.archived } });
    patch.putInTrash({ file: testFile(2, 1), deleteByUs: 5, updatedAtUs: 4 });
    patch.collectionEdits.set(2, { ...testCollection(2), name: "Renamed" });
    const before = reader.version;
    overlay.add(patch);
    expect(reader.version).toBeGreaterThan(before);
    expect(ids(reader.filesOf(1))).toEqual([1, 3]);
    expect(ids(reader.filesOf(2))).toEqual([1, 3]);
    expect([...reader.filesOf(2)][1]?.collectionID).toBe(2);
    expect(reader.fileCountOf(1)).toBe(2);
    expect([...reader.filesOf(1)][0]?.magicMetadata?.data.visibility).toBe(Visibility.archived);
    expect(ids([...reader.trashEntries()].map((entry) => entry.file))).toEqual([2]);
    expect(reader.collection(2)?.name).toBe("Renamed");
    expect([...reader.collections()].map((c) => c.name)).toEqual(["Album 1", "Renamed"]);

    overlay.drop(patch);
    expect(ids(reader.filesOf(1))).toEqual([1, 2, 3]);
    expect([...reader.filesOf(1)][0]?.magicMetadata).toBeUndefined();
    expect([...reader.trashEntries()]).toEqual([]);
    expect(reader.collection(2)?.name).toBe("Album 2");
  });

  it("is idempotent once the pull already holds the change", () => {
    const base = library(2);
    const overlay = new PatchOverlay();
    const reader = overlay.reader(base);
    const patch = new LibraryPatch();
    patch.addToCollection(2, testFile(2, 1));
    patch.removeFromCollection(1, 2);
    overlay.add(patch);
    // The pull stored the same change before the patch was dropped.
    base.filesByCollection.set(1, [testFile(1, 1)]);
    base.filesByCollection.set(2, [testFile(1, 2), testFile(2, 2)]);
    expect(ids(reader.filesOf(2))).toEqual([1, 2]);
    expect(reader.fileCountOf(2)).toBe(2);
    expect(ids(reader.filesOf(1))).toEqual([1]);
  });

  it("shows a new collection under a provisional ID, then under its real one", () => {
    const base = library(1);
    const overlay = new PatchOverlay();
    const reader = overlay.reader(base);
    const patch = new LibraryPatch();
    const provisionalID = overlay.provisionalCollectionID();
    expect(provisionalID).toBeLessThan(-4);
    patch.newCollections.set(provisionalID, testCollection(provisionalID, { type: "favorites" }));
    patch.addToCollection(provisionalID, testFile(1, 1));
    overlay.add(patch);
    expect(ids(reader.filesOf(provisionalID))).toEqual([1]);
    overlay.resolveCollection(provisionalID, testCollection(99, { type: "favorites" }));
    expect(ids(reader.filesOf(provisionalID))).toEqual([]);
    expect(ids(reader.filesOf(99))).toEqual([1]);
    expect([...reader.collections()].map((c) => c.id)).toEqual([1, 2, 99]);
    // The pull brings it: shown once.
    base.collectionsByID.set(99, testCollection(99, { type: "favorites" }));
    expect([...reader.collections()].map((c) => c.id)).toEqual([1, 2, 99]);
  });

  it("hides a collection whose visibility a patch makes hidden, and empties the trash", () => {
    const base = library(1);
    base.trash.push({ file: testFile(7, 1), deleteByUs: 1, updatedAtUs: 10 });
    base.trash.push({ file: testFile(8, 1), deleteByUs: 1, updatedAtUs: 20 });
    const overlay = new PatchOverlay();
    const reader = overlay.reader(base);
    const patch = new LibraryPatch();
    patch.collectionEdits.set(2, {
      ...testCollection(2),
      magicMetadata: { version: 1, count: 1, data: { visibility: Visibility.hidden } },
    });
    patch.trashClearedUpToUs = 20;
    overlay.add(patch);
    expect([...reader.hiddenIDs()]).toEqual([2]);
    expect([...reader.trashEntries()]).toEqual([]);
    // An entry newer than the cut stays.
    base.trash.push({ file: testFile(9, 1), deleteByUs: 1, updatedAtUs: 30 });
    expect(ids([...reader.trashEntries()].map((entry) => entry.file))).toEqual([9]);
  });

  it("reads 100k files through a patch without copying them", () => {
    const fileCount = 100_000;
    const base = library(fileCount);
    const overlay = new PatchOverlay();
    const reader = overlay.reader(base);
    const patch = new LibraryPatch();
    for (let id = 1; id <= 1000; id++) {
      patch.editFile(id, { private: { visibility: Visibility.archived } });
      patch.removeFromCollection(1, fileCount - id + 1);
    }
    overlay.add(patch);
    const started = performance.now();
    let count = 0;
    let sameObjects = 0;
    const stored = base.filesByCollection.get(1) ?? [];
    let index = 0;
    for (const file of reader.filesOf(1)) {
      if (file === stored[index]) sameObjects++;
      count++;
      index++;
    }
    const elapsedMs = performance.now() - started;
    const countStarted = performance.now();
    const counted = reader.fileCountOf(1);
    const countMs = performance.now() - countStarted;
    console.log(
      `patched filesOf over ${String(fileCount)} files: ${elapsedMs.toFixed(1)} ms; fileCountOf ${countMs.toFixed(1)} ms`,
    );
    expect(count).toBe(fileCount - 1000);
    expect(counted).toBe(fileCount - 1000);
    // Only the 1000 edited files are new objects; every other one is the stored object itself.
    expect(sameObjects).toBe(fileCount - 2000);
  });
});
