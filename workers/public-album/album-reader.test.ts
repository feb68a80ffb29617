import { describe, expect, it } from "vitest";
import { RecordDecryptionError } from "../library/decrypted-records";
import { createGalleryEngine } from "../gallery/engine/gallery-engine";
import { testCollection, testFile } from "../sync/test-support/sync-store";
import { PublicAlbumReader } from "./album-reader";

const albumID = 7;

const withFiles = () => {
  const reader = new PublicAlbumReader(testCollection(albumID, { name: "Lisbon" }));
  reader.applyDiff([
    { kind: "file", file: testFile(1, albumID, { updationTime: 10 }) },
    { kind: "file", file: testFile(2, albumID, { updationTime: 11 }) },
  ]);
  return reader;
};

describe("PublicAlbumReader", () => {
  it("merges diff pages: new files come, changed ones are replaced, removed ones leave", () => {
    const reader = withFiles();
    const before = reader.version;
    const failed = reader.applyDiff([
      { kind: "deleted", id: 1, collectionID: albumID, updationTime: 12 },
      { kind: "file", file: testFile(2, albumID, { updationTime: 13 }) },
      { kind: "file", file: testFile(3, albumID, { updationTime: 14 }) },
      {
        kind: "failed",
        id: 4,
        collectionID: albumID,
        updationTime: 15,
        error: new RecordDecryptionError("file", 4, "metadata"),
      },
    ]);
    expect(failed).toBe(1);
    expect(reader.version).toBeGreaterThan(before);
    expect([...reader.filesOf(albumID)].map(({ id, updationTime }) => [id, updationTime])).toEqual([
      [2, 13],
      [3, 14],
    ]);
    expect(reader.fileCountOf(albumID)).toBe(2);
    expect(reader.fileCountOf(albumID + 1)).toBe(0);
  });

  it("makes a new version only when /info answers the album changed", () => {
    const reader = withFiles();
    const before = reader.version;
    reader.replaceAlbum(testCollection(albumID, { name: "Lisbon" }));
    expect(reader.version).toBe(before);
    reader.replaceAlbum(testCollection(albumID, { name: "Lisbon 2024" }));
    expect(reader.version).toBeGreaterThan(before);
    expect(reader.album.name).toBe("Lisbon 2024");
  });

  it("serves the gallery engine's view of the album, with no file the visitor's own", () => {
    const engine = createGalleryEngine({ reader: () => withFiles() });
    const snapshot = engine.openView(albumID);
    expect(snapshot.totalCount).toBe(2);
    const { items } = engine.viewWindow(albumID, 0, 2);
    expect(items.map(({ id }) => id).sort()).toEqual([1, 2]);
    expect(items.every(({ isOwn }) => !isOwn)).toBe(true);
    expect(engine.fileDetails(1).albumNames).toEqual(["Lisbon"]);
  });
});
