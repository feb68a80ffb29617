// The organizing actions against a real Cairn (SQLite, local blobs): each
// action shows its change at once, the server accepts it, and a fresh pull
// on another device agrees with what was shown; refusals roll back with
// the right code.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toB64, fromB64 } from "../../../shared/crypto/base64";
import { type CairnDatabase, openDatabase } from "../../../server/src/db/database";
import type { LibraryContext } from "../../../server/src/library/context";
import { lockCollectionsForWrite, stampCollections } from "../../../server/src/library/versions";
import { insertTestFiles } from "../../../server/test-support/library-client";
import type { NodeAccount } from "../../../tests/test-support/node-account";
import { type NodeCairn, startNodeCairn } from "../../../tests/test-support/node-cairn";
import { type NodeCryptoPool, createNodeCryptoPool } from "../../crypto/node-pool";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import { type NodeLibraryClient, createNodeLibraryClient } from "../../library/node-library-client";
import type { ActionOutcome, LibraryAction } from "../gallery-contract";
import {
  type TestLibrary,
  buildTestLibrary,
  uploadTestFile,
} from "../../sync/test-support/library";
import { type TestDevice, librarySnapshot, openTestDevice } from "./test-support/device";
import { MemoryLibraryReader } from "./test-support/readers";

let nodeCairn: NodeCairn;
let database: CairnDatabase;
let pool: NodeCryptoPool;
let alice: NodeAccount;
let bob: NodeAccount;
let aliceClient: NodeLibraryClient;
let bobClient: NodeLibraryClient;
let library: TestLibrary;
let bobsAlbum: DecryptedCollection;
let bobsFile: DecryptedFile;
const devices: TestDevice[] = [];

const device = async (account = alice, overrides?: Parameters<typeof openTestDevice>[3]) => {
  const opened = await openTestDevice(nodeCairn.apiOrigin, pool, account, overrides);
  devices.push(opened);
  await opened.pull();
  return opened;
};

/** Shares a collection by writing its share row (the sharing calls have tests of their own), as the server tests do. */
const shareWith = async (
  collection: DecryptedCollection,
  owner: NodeAccount,
  sharee: NodeAccount,
) => {
  const sealedKey = await pool.sealBox(fromB64(collection.keyB64), sharee.accountKeys.publicKeyB64);
  const context = { db: database.db, dialect: database.dialect, nowUs: () => Date.now() * 1000 };
  await database.db.transaction().execute(async (trx) => {
    const versionUs = await lockCollectionsForWrite(context, trx, [collection.id]);
    await trx
      .insertInto("collection_shares")
      .values({
        collection_id: collection.id,
        from_user_id: owner.userID,
        to_user_id: sharee.userID,
        encrypted_key: sealedKey,
        role: "COLLABORATOR",
        magic_metadata: null,
        is_deleted: 0,
        shared_at_us: versionUs,
        updation_time_us: versionUs,
      })
      .execute();
    await stampCollections(trx, [collection.id], versionUs);
  });
};

beforeAll(async () => {
  nodeCairn = await startNodeCairn();
  const { database: config } = nodeCairn.cairn.config;
  database = await openDatabase(config);
  pool = await createNodeCryptoPool({ size: 2 });
  [alice, bob] = [await nodeCairn.signUp("alice"), await nodeCairn.signUp("bob")];
  const clientOf = (account: NodeAccount) =>
    createNodeLibraryClient({
      apiOrigin: nodeCairn.apiOrigin,
      token: account.token,
      userID: account.userID,
      accountKeys: account.accountKeys,
      poolSize: 1,
    });
  [aliceClient, bobClient] = [await clientOf(alice), await clientOf(bob)];
  library = await buildTestLibrary(aliceClient, { generatedCount: 4 });
  bobsAlbum = await bobClient.createCollection({ name: "Bob's party", type: "album" });
  bobsFile = await uploadTestFile(bobClient, bobsAlbum, "bob.jpg", new Uint8Array([9, 9, 9]));
  await shareWith(bobsAlbum, bob, alice);
}, 240_000);

afterAll(async () => {
  for (const opened of devices) opened.close();
  await aliceClient.close();
  await bobClient.close();
  await pool.terminate();
  await database.close();
  await nodeCairn.close();
});

/** Performs an action, keeping what the view showed at the first notification. */
const perform = async (on: TestDevice, action: LibraryAction) => {
  const before = librarySnapshot(on.view);
  let shown: ReturnType<typeof librarySnapshot> | undefined;
  on.onNotify = () => {
    shown ??= librarySnapshot(on.view);
  };
  const outcome = await on.actions.perform(action);
  on.onNotify = undefined;
  return { before, shown, outcome, after: librarySnapshot(on.view) };
};

/** The action succeeds, was shown at once, and a fresh device's pull agrees with what was shown. */
const expectShownAndAgreed = async (on: TestDevice, action: LibraryAction) => {
  const { before, shown, outcome, after } = await perform(on, action);
  expect(outcome).toMatchObject({ ok: true });
  expect(shown, "the change is shown before the server answers").toBeDefined();
  expect(shown).not.toEqual(before);
  expect(after).toEqual(shown);
  const fresh = await device();
  expect(librarySnapshot(fresh.view)).toEqual(shown);
  expect(on.actions.pendingCount).toBe(0);
  return outcome as Extract<ActionOutcome, { ok: true }>;
};

/** The action is refused with `code`, and the view is as before it. */
const expectRefused = async (on: TestDevice, action: LibraryAction, code: string) => {
  const { before, outcome, after } = await perform(on, action);
  expect(outcome).toMatchObject({ ok: false, code });
  expect(after).toEqual(before);
  return outcome;
};

const photo = (index: number): DecryptedFile => {
  const file = library.filesByCollection.get(library.photos.id)?.[index];
  if (file === undefined) throw new Error(`No photo ${String(index)}`);
  return file;
};

const generated = (index: number): DecryptedFile => {
  const file = library.filesByCollection.get(library.generated.id)?.[index];
  if (file === undefined) throw new Error(`No generated file ${String(index)}`);
  return file;
};

/** A file's entry wherever the view holds it. */
const fileInView = (on: TestDevice, fileID: number): DecryptedFile | undefined => {
  for (const collection of on.view.collections()) {
    for (const file of on.view.filesOf(collection.id)) if (file.id === fileID) return file;
  }
  return undefined;
};

const collectionNamed = (on: TestDevice, name: string) => {
  const found = [...on.view.collections()].find((collection) => collection.name === name);
  if (found === undefined) throw new Error(`No collection ${name}`);
  return found;
};

describe("file actions against the server", () => {
  it("favorites (creating Favorites on first use) and unfavorites", async () => {
    const on = await device();
    await expectShownAndAgreed(on, {
      kind: "favorite",
      fileIDs: [photo(0).id, photo(1).id],
      favorite: true,
    });
    const favorites = collectionNamed(on, "Favorites");
    expect(favorites.type).toBe("favorites");
    expect(on.view.fileCountOf(favorites.id)).toBe(2);
    await expectShownAndAgreed(on, { kind: "favorite", fileIDs: [photo(0).id], favorite: false });
    expect(on.view.fileCountOf(favorites.id)).toBe(1);
    // Still in its album: the removal moved it to a collection that already held it.
    expect([...on.view.filesOf(library.photos.id)].map((f) => f.id)).toContain(photo(0).id);
  });

  it("archives and unarchives the owner's files", async () => {
    const on = await device();
    await expectShownAndAgreed(on, { kind: "archive", fileIDs: [photo(2).id], archived: true });
    const archived = [...on.view.filesOf(library.photos.id)].find((f) => f.id === photo(2).id);
    expect(archived?.magicMetadata?.data.visibility).toBe(1);
    await expectShownAndAgreed(on, { kind: "archive", fileIDs: [photo(2).id], archived: false });
  });

  it("hides into the default hidden album and unhides into uncategorized", async () => {
    const on = await device();
    await expectShownAndAgreed(on, { kind: "hide", fileIDs: [generated(0).id] });
    const hidden = collectionNamed(on, ".hidden");
    expect(hidden.magicMetadata?.data).toMatchObject({ subType: 1, visibility: 2 });
    expect(on.view.hiddenIDs().has(hidden.id)).toBe(true);
    expect(on.view.fileCountOf(hidden.id)).toBe(1);
    await expectShownAndAgreed(on, { kind: "unhide", fileIDs: [generated(0).id] });
    const uncategorized = collectionNamed(on, "Uncategorized");
    expect([...on.view.filesOf(uncategorized.id)].map((f) => f.id)).toEqual([generated(0).id]);
  });

  it("trashes, restores, deletes for good and empties the trash", async () => {
    const on = await device();
    await expectShownAndAgreed(on, { kind: "trash", fileIDs: [generated(1).id, generated(2).id] });
    expect(librarySnapshot(on.view).trash).toEqual(
      [library.trashed.id, generated(1).id, generated(2).id].sort((a, b) => a - b),
    );
    await expectShownAndAgreed(on, {
      kind: "restore",
      fileIDs: [generated(1).id],
      toCollectionID: library.generated.id,
    });
    await expectShownAndAgreed(on, { kind: "delete-permanently", fileIDs: [generated(2).id] });
    await expectShownAndAgreed(on, { kind: "empty-trash" });
    expect(librarySnapshot(on.view).trash).toEqual([]);
  });

  it("fixes the time from EXIF, refuses files without an EXIF date, and from a custom date", async () => {
    const on = await device();
    // canon-dslr.jpg: DateTimeOriginal 2019:10:26 16:07:24; noexif.jpg: none.
    const outcome = await expectShownAndAgreed(on, {
      kind: "fix-time",
      fileIDs: [photo(0).id, photo(4).id],
      source: "exif",
    });
    expect(outcome.changedCount).toBe(1);
    const fixed = [...on.view.filesOf(library.photos.id)].find((f) => f.id === photo(0).id);
    expect(fixed?.pubMagicMetadata?.data.editedTime).toBe(
      new Date(2019, 9, 26, 16, 7, 24).getTime() * 1000,
    );
    const refused = await expectRefused(
      on,
      { kind: "fix-time", fileIDs: [photo(4).id], source: "exif" },
      "no-exif-date",
    );
    expect(refused).toMatchObject({ refusedFileIDs: [photo(4).id] });
    await expectShownAndAgreed(on, {
      kind: "fix-time",
      fileIDs: [photo(4).id, photo(5).id],
      source: "custom",
      timeUs: 1_500_000_000_000_000,
    });
  });

  it("edits caption, name and date, and clears them with null", async () => {
    const on = await device();
    await expectShownAndAgreed(on, {
      kind: "edit-file",
      fileID: photo(3).id,
      caption: "A dog",
      name: "dog.jpg",
      timeUs: 1_400_000_000_000_000,
    });
    await expectShownAndAgreed(on, {
      kind: "edit-file",
      fileID: photo(3).id,
      caption: null,
      timeUs: null,
    });
    const edited = [...on.view.filesOf(library.photos.id)].find((f) => f.id === photo(3).id);
    expect(edited?.pubMagicMetadata?.data).toEqual({ editedName: "dog.jpg" });
  });
});

describe("collection actions against the server", () => {
  it("adds, moves and removes files by operation number; refuses an unknown number", async () => {
    const on = await device();
    const [a, b] = [generated(3).id, photo(6).id];
    await expectShownAndAgreed(on, {
      kind: "collection-operation",
      operation: 0,
      fileIDs: [a],
      toCollectionID: library.photos.id,
    });
    await expectShownAndAgreed(on, {
      kind: "collection-operation",
      operation: 1,
      fileIDs: [b],
      fromCollectionID: library.photos.id,
      toCollectionID: library.generated.id,
    });
    // b is only in `generated` now: removing it moves it to uncategorized.
    await expectShownAndAgreed(on, {
      kind: "collection-operation",
      operation: 2,
      fileIDs: [b],
      fromCollectionID: library.generated.id,
    });
    const uncategorized = collectionNamed(on, "Uncategorized");
    expect([...on.view.filesOf(uncategorized.id)].map((f) => f.id)).toContain(b);
    const requestsBefore = on.requests.length;
    await expectRefused(
      on,
      { kind: "collection-operation", operation: 7, fileIDs: [a], toCollectionID: 1 },
      "invalid-collection-operation",
    );
    expect(on.requests.length).toBe(requestsBefore);
  });

  it("creates an album with files, refuses a taken name, renames, pins, covers, sorts and deletes", async () => {
    const on = await device();
    const created = await expectShownAndAgreed(on, {
      kind: "create-album",
      name: "Best of",
      fileIDs: [photo(1).id, photo(2).id],
    });
    const albumID = created.collectionID ?? 0;
    expect(on.view.collection(albumID)?.name).toBe("Best of");
    await expectRefused(on, { kind: "create-album", name: "Best of" }, "album-name-taken");
    await expectShownAndAgreed(on, { kind: "rename-album", collectionID: albumID, name: "Best" });
    await expectShownAndAgreed(on, { kind: "pin-album", collectionID: albumID, pinned: true });
    await expectShownAndAgreed(on, {
      kind: "set-album-cover",
      collectionID: albumID,
      fileID: photo(2).id,
    });
    await expectShownAndAgreed(on, {
      kind: "set-album-sort",
      collectionID: albumID,
      ascending: true,
    });
    expect(on.view.collection(albumID)).toMatchObject({
      magicMetadata: { data: { order: 1 } },
      pubMagicMetadata: { data: { coverID: photo(2).id, asc: true } },
    });
    await expectShownAndAgreed(on, {
      kind: "delete-album",
      collectionID: albumID,
      keepFiles: true,
    });
    expect(on.view.collection(albumID)).toBeUndefined();

    // Deleting without keeping: a file only in that album goes to the trash.
    const other = await expectShownAndAgreed(on, {
      kind: "create-album",
      name: "Throwaway",
      fileIDs: [photo(5).id],
    });
    await expectShownAndAgreed(on, {
      kind: "collection-operation",
      operation: 1,
      fileIDs: [photo(5).id],
      fromCollectionID: library.photos.id,
      toCollectionID: other.collectionID,
    });
    await expectShownAndAgreed(on, {
      kind: "delete-album",
      collectionID: other.collectionID ?? 0,
      keepFiles: false,
    });
    expect(librarySnapshot(on.view).trash).toContain(photo(5).id);
  });

  it("renames the default hidden album after setting it to the default subtype", async () => {
    const on = await device();
    await expectShownAndAgreed(on, { kind: "hide", fileIDs: [generated(3).id] });
    const hidden = collectionNamed(on, ".hidden");
    await expectShownAndAgreed(on, {
      kind: "rename-album",
      collectionID: hidden.id,
      name: "Vault",
    });
    expect(on.view.collection(hidden.id)?.magicMetadata?.data).toMatchObject({
      subType: 0,
      visibility: 2,
    });
  });
});

describe("refusals roll back", () => {
  it("refuses another user's file to archive or trash without asking the server", async () => {
    const on = await device();
    expect(on.view.collection(bobsAlbum.id)).toBeDefined();
    const actions: LibraryAction[] = [
      { kind: "archive", fileIDs: [bobsFile.id], archived: true },
      { kind: "trash", fileIDs: [bobsFile.id] },
    ];
    for (const action of actions) {
      const outcome = await expectRefused(on, action, "not-file-owner");
      expect(outcome).toMatchObject({ refusedFileIDs: [bobsFile.id] });
    }
  });

  it("rolls back what the server refuses: another user's file the device took for its own", async () => {
    const honest = await device();
    // A base where Bob's file claims to be Alice's: the plan goes ahead, the server says 403.
    const lying = new MemoryLibraryReader(alice.userID);
    for (const collection of honest.base.collections()) {
      lying.collectionsByID.set(
        collection.id,
        collection.id === bobsAlbum.id
          ? { ...collection, owner: { id: alice.userID, email: null } }
          : collection,
      );
      lying.filesByCollection.set(
        collection.id,
        [...honest.base.filesOf(collection.id)].map((file) =>
          file.id === bobsFile.id ? { ...file, ownerID: alice.userID } : file,
        ),
      );
    }
    const on = await device(alice, { base: lying, sync: () => Promise.resolve() });
    const actions: LibraryAction[] = [
      { kind: "archive", fileIDs: [bobsFile.id], archived: true },
      { kind: "trash", fileIDs: [bobsFile.id] },
    ];
    for (const action of actions) {
      const notified = on.notifyCount;
      const { shown, before, outcome, after } = await perform(on, action);
      expect(outcome).toEqual({ ok: false, code: "not-file-owner" });
      expect(shown).not.toEqual(before);
      expect(after).toEqual(before);
      expect(on.notifyCount - notified).toBe(2);
    }
  });

  it("re-reads a stale version once, and answers stale when it is still stale", async () => {
    const on = await device();
    // Another device captions the file after this one pulled.
    const [current] = await aliceClient.updateFilesMagicMetadata("public", [
      { file: photo(6), changes: { caption: "From the laptop" } },
    ]);
    if (current === undefined) throw new Error("no caption");
    // What this device shows at once lacks the laptop's caption (it has not pulled it);
    // the retry after the re-read keeps both.
    const { outcome, shown } = await perform(on, {
      kind: "edit-file",
      fileID: photo(6).id,
      name: "renamed.jpg",
    });
    expect(outcome).toEqual({ ok: true, changedCount: 1 });
    expect(JSON.stringify(shown)).toContain("renamed.jpg");
    const metadataCalls = (of: TestDevice) =>
      of.requests.filter((url) => url.startsWith("/files/public-magic-metadata")).length;
    // Refused as stale once, re-read, sent again.
    expect(metadataCalls(on)).toBe(2);
    const file = fileInView(on, photo(6).id);
    expect(file?.pubMagicMetadata?.data).toMatchObject({
      caption: "From the laptop",
      editedName: "renamed.jpg",
    });

    // A device whose pulls bring nothing new stays stale.
    const stuck = await device(alice, { sync: () => Promise.resolve() });
    await aliceClient.updateFilesMagicMetadata("public", [
      {
        file: { ...current, pubMagicMetadata: file?.pubMagicMetadata },
        changes: { caption: "Again" },
      },
    ]);
    await expectRefused(
      stuck,
      { kind: "edit-file", fileID: photo(6).id, caption: "Mine" },
      "stale",
    );
    expect(metadataCalls(stuck)).toBe(2);
  });
});

describe("batches", () => {
  it("splits moves and trash of 2500 files into calls of 1000, with one key boxing", async () => {
    const album = await aliceClient.createCollection({ name: "Scans", type: "album" });
    const target = await aliceClient.createCollection({ name: "Scans sorted", type: "album" });
    const context = { db: database.db, dialect: database.dialect, nowUs: () => Date.now() * 1000 };
    const ids = await insertTestFiles(context as LibraryContext, {
      ownerID: alice.userID,
      collectionID: album.id,
      count: 2500,
    });
    const fileKeyB64 = toB64(new Uint8Array(32).fill(7));
    const base = new MemoryLibraryReader(alice.userID);
    base.collectionsByID.set(album.id, album);
    base.collectionsByID.set(target.id, target);
    base.filesByCollection.set(
      album.id,
      ids.map((id) => ({ ...photo(0), id, collectionID: album.id, keyB64: fileKeyB64 })),
    );
    const on = await device(alice, { base, sync: () => Promise.resolve() });
    const boxings: number[] = [];
    const encryptBoxes = pool.encryptBoxes.bind(pool);
    pool.encryptBoxes = (items) => {
      boxings.push(items.length);
      return encryptBoxes(items);
    };
    try {
      const moved = await on.actions.perform({
        kind: "collection-operation",
        operation: 1,
        fileIDs: ids,
        fromCollectionID: album.id,
        toCollectionID: target.id,
      });
      expect(moved).toEqual({ ok: true, changedCount: 2500 });
    } finally {
      pool.encryptBoxes = encryptBoxes;
    }
    // Planned twice, boxed once (the view's plan makes no calls).
    expect(boxings).toEqual([2500]);
    expect(on.requests.filter((url) => url.startsWith("/collections/move-files"))).toHaveLength(3);

    base.filesByCollection.set(
      target.id,
      ids.map((id) => ({ ...photo(0), id, collectionID: target.id, keyB64: fileKeyB64 })),
    );
    base.filesByCollection.delete(album.id);
    const trashed = await on.actions.perform({ kind: "trash", fileIDs: ids });
    expect(trashed).toEqual({ ok: true, changedCount: 2500 });
    expect(on.requests.filter((url) => url.startsWith("/files/trash"))).toHaveLength(3);
    const started = performance.now();
    const trash = await aliceClient.fetchTrash(new Map([[target.id, target.keyB64]]));
    console.log(
      `trash diff of ${String(trash.entries.length)} entries in ${(performance.now() - started).toFixed(0)} ms`,
    );
    expect(trash.entries.filter((entry) => ids.includes(entry.item.file.id))).toHaveLength(2500);
  });
});
