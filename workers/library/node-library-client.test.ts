import { createHash, randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashBytesB64 } from "../../shared/crypto/hash";
import { FileType, Visibility } from "../../shared/model/library/file-metadata";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import type { NodeAccount } from "../../tests/test-support/node-account";
import type { DecryptedCollection, DecryptedFile, FileDecryption } from "./decrypted-records";
import { StaleMagicMetadataError } from "./file-operations";
import { type NodeLibraryClient, createNodeLibraryClient } from "./node-library-client";

const fixturesDir = path.resolve(import.meta.dirname, "../../../shared/fixtures/media");
const MiB = 1024 ** 2;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

const filesOf = (entries: readonly FileDecryption[]): DecryptedFile[] =>
  entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));

const deletedIDs = (entries: readonly FileDecryption[]): number[] =>
  entries.flatMap((entry) => (entry.kind === "deleted" ? [entry.id] : []));

/** The live files of a collection after replaying its whole diff. */
const liveFiles = async (client: NodeLibraryClient, collection: DecryptedCollection) => {
  const { entries } = await client.fetchCollectionFiles(collection);
  const live = new Map<number, DecryptedFile>();
  for (const entry of entries) {
    if (entry.kind === "file") live.set(entry.file.id, entry.file);
    else live.delete(entry.id);
  }
  return live;
};

describe("the Node library client against a real Cairn (SQLite, local blobs)", () => {
  let node: NodeCairn;
  let account: NodeAccount;
  let client: NodeLibraryClient;
  let thumbnail: Uint8Array;

  beforeAll(async () => {
    node = await startNodeCairn();
    account = await node.signUp("library");
    client = await createNodeLibraryClient({
      apiOrigin: node.apiOrigin,
      token: account.token,
      userID: account.userID,
      accountKeys: account.accountKeys,
      poolSize: 2,
    });
    thumbnail = new Uint8Array(await readFile(path.join(fixturesDir, "f6t.jpg")));
  });

  afterAll(async () => {
    await client.close();
    await node.close();
  });

  const upload = (
    collection: DecryptedCollection,
    bytes: Uint8Array,
    title: string,
    extra: { chunksPerPart?: number; latitude?: number; longitude?: number } = {},
  ) => {
    const { chunksPerPart, ...location } = extra;
    return client.upload({
      collection,
      // The pipeline takes ownership of what it reads: give it copies.
      file: bytes.slice(),
      thumbnail: thumbnail.slice(),
      metadata: {
        title,
        creationTime: 1_600_000_000_000_000 + bytes.length,
        modificationTime: 1_600_000_000_000_000,
        fileType: title.endsWith(".jpg") ? FileType.image : FileType.others,
        ...location,
      },
      ...(chunksPerPart === undefined ? {} : { chunksPerPart }),
    });
  };

  it("uploads photos and generated files and reads them back exactly", async () => {
    const album = await client.createCollection({ name: "Holidays 2018", type: "album" });
    expect(album).toMatchObject({ name: "Holidays 2018", type: "album", isDeleted: false });

    const sources: { title: string; bytes: Uint8Array; chunksPerPart?: number }[] = [];
    for (const name of ["IMG_20180725_163423-tiny.jpg", "canon-dslr.jpg", "noexif.jpg"]) {
      sources.push({
        title: name,
        bytes: new Uint8Array(await readFile(path.join(fixturesDir, name))),
      });
    }
    sources.push({ title: "exactly-4MiB.bin", bytes: new Uint8Array(randomBytes(4 * MiB)) });
    sources.push({ title: "empty.bin", bytes: new Uint8Array(0) });
    // Five chunks at two a part: a multipart upload of three parts.
    sources.push({
      title: "three-parts.bin",
      bytes: new Uint8Array(randomBytes(18 * MiB + 12_345)),
      chunksPerPart: 2,
    });

    const uploaded: DecryptedFile[] = [];
    for (const { title, bytes, chunksPerPart } of sources) {
      const result = await upload(album, bytes, title, {
        ...(chunksPerPart === undefined ? {} : { chunksPerPart }),
        ...(title.startsWith("IMG") ? { latitude: 44.5, longitude: 11.25 } : {}),
      });
      expect(result.file.metadata.hash).toBe(await hashBytesB64(bytes));
      uploaded.push(result.file);
    }

    const { entries } = await client.fetchCollectionFiles(album);
    const synced = filesOf(entries);
    expect(synced.map((file) => file.id).sort()).toEqual(uploaded.map((file) => file.id).sort());
    for (const [i, { bytes, title }] of sources.entries()) {
      const mine = uploaded[i];
      const theirs = synced.find((file) => file.id === mine?.id);
      expect(theirs?.metadata).toEqual(mine?.metadata);
      expect(theirs?.metadata.title).toBe(title);
      expect(theirs?.keyB64).toBe(mine?.keyB64);
      if (theirs === undefined) continue;
      const downloaded = await client.downloadFile(theirs);
      expect(downloaded.length).toBe(bytes.length);
      expect(sha256(downloaded)).toBe(sha256(bytes));
      expect(await hashBytesB64(downloaded)).toBe(theirs.metadata.hash);
      expect(sha256(await client.downloadThumbnail(theirs))).toBe(sha256(thumbnail));
    }
    const located = synced.find((file) => file.metadata.title.startsWith("IMG"));
    expect(located?.metadata).toMatchObject({ latitude: 44.5, longitude: 11.25 });
  });

  it("renames and hides an album, and the collection list shows it", async () => {
    const album = await client.createCollection({ name: "Before", type: "album" });
    const renamed = await client.renameCollection(album, "After ✓");
    const hidden = await client.setCollectionHidden(renamed, true);
    expect(hidden.magicMetadata?.data.visibility).toBe(Visibility.hidden);

    const listed = await client.fetchCollections();
    const found = listed.flatMap((entry) =>
      entry.ok && entry.collection.id === album.id ? [entry.collection] : [],
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.name).toBe("After ✓");
    expect(found[0]?.magicMetadata).toMatchObject({
      version: hidden.magicMetadata?.version,
      data: { visibility: Visibility.hidden },
    });

    const shown = await client.setCollectionHidden(found[0] as DecryptedCollection, false);
    expect(shown.magicMetadata?.data.visibility).toBe(Visibility.visible);
  });

  it("edits a caption, and refuses an edit made from a stale version", async () => {
    const album = await client.createCollection({ name: "Captions", type: "album" });
    const { file } = await upload(album, new Uint8Array(randomBytes(1000)), "caption.bin");
    const captioned = await client.setFileCaption(file, "At the beach");
    expect(captioned.pubMagicMetadata?.data.caption).toBe("At the beach");

    const [synced] = filesOf((await client.fetchCollectionFiles(album)).entries);
    expect(synced?.pubMagicMetadata).toEqual(captioned.pubMagicMetadata);

    // `file` still holds the version before the caption: another device's view.
    const stale = client.setFileCaption(file, "Overwritten");
    await expect(stale).rejects.toThrow(StaleMagicMetadataError);
    const [after] = filesOf((await client.fetchCollectionFiles(album)).entries);
    expect(after?.pubMagicMetadata?.data.caption).toBe("At the beach");

    const archived = await client.setFilesVisibility([captioned], Visibility.archived);
    const [again] = filesOf((await client.fetchCollectionFiles(album)).entries);
    expect(again?.magicMetadata).toEqual(archived[0]?.magicMetadata);
    expect(again?.magicMetadata?.data.visibility).toBe(Visibility.archived);
  });

  it("adds and moves files across albums with their keys re-boxed", async () => {
    const first = await client.createCollection({ name: "First", type: "album" });
    const second = await client.createCollection({ name: "Second", type: "album" });
    const third = await client.createCollection({ name: "Third", type: "folder" });
    const a = (await upload(first, new Uint8Array(randomBytes(300)), "a.bin")).file;
    const b = (await upload(first, new Uint8Array(randomBytes(400)), "b.bin")).file;

    await client.addFiles(second, [a]);
    await client.moveFiles(first.id, third, [b]);

    expect([...(await liveFiles(client, first)).keys()]).toEqual([a.id]);
    const inSecond = await liveFiles(client, second);
    expect(inSecond.get(a.id)?.keyB64).toBe(a.keyB64);
    expect(inSecond.get(a.id)?.metadata).toEqual(a.metadata);
    const inThird = await liveFiles(client, third);
    expect([...inThird.keys()]).toEqual([b.id]);
    expect(sha256(await client.downloadFile(inThird.get(b.id) as DecryptedFile))).toBe(
      sha256(await client.downloadFile(b)),
    );
    const { entries } = await client.fetchCollectionFiles(first);
    expect(deletedIDs(entries)).toEqual([b.id]);
  });

  it("trashes, restores and deletes files for good", async () => {
    const album = await client.createCollection({ name: "Trash test", type: "album" });
    const keep = (await upload(album, new Uint8Array(randomBytes(500)), "keep.bin")).file;
    const gone = (await upload(album, new Uint8Array(randomBytes(600)), "gone.bin")).file;
    const keys = new Map([[album.id, album.keyB64]]);
    const trashStart = (await client.fetchTrash(keys)).latestTimeUs;

    await client.trashFiles([
      { fileID: keep.id, collectionID: album.id },
      { fileID: gone.id, collectionID: album.id },
    ]);
    expect((await liveFiles(client, album)).size).toBe(0);
    const trashed = await client.fetchTrash(keys, trashStart);
    expect(trashed.entries.map(({ file }) => file.kind)).toEqual(["file", "file"]);
    const trashedKeep = trashed.entries.find(({ item }) => item.file.id === keep.id);
    expect(trashedKeep?.file.kind === "file" && trashedKeep.file.file.metadata).toEqual(
      keep.metadata,
    );

    await client.restoreFiles(album, [keep]);
    await client.deleteFromTrash([gone.id]);
    expect([...(await liveFiles(client, album)).keys()]).toEqual([keep.id]);
    const changes = await client.fetchTrash(keys, trashed.latestTimeUs);
    const byID = new Map(changes.entries.map(({ item }) => [item.file.id, item]));
    expect(byID.get(keep.id)).toMatchObject({ isRestored: true, isDeleted: false });
    expect(byID.get(gone.id)).toMatchObject({ isDeleted: true });
  });

  it("deletes an empty album keeping files, and refuses one with files", async () => {
    const empty = await client.createCollection({ name: "Empty", type: "album" });
    await client.deleteCollection(empty.id, { keepFiles: true });
    const listed = await client.fetchCollections();
    const tombstone = listed.find((entry) => entry.ok && entry.collection.id === empty.id);
    expect(tombstone?.ok === true && tombstone.collection.isDeleted).toBe(true);

    const full = await client.createCollection({ name: "Full", type: "album" });
    await upload(full, new Uint8Array(randomBytes(100)), "stays.bin");
    await expect(client.deleteCollection(full.id, { keepFiles: true })).rejects.toMatchObject({
      status: 409,
      code: "COLLECTION_NOT_EMPTY",
    });
  });
});
