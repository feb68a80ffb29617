// The photo editor's Save against a real Cairn (SQLite, local blobs): the
// sync service with the upload media of the upload tests, a photo with a
// place and a date in two albums and a favourite, and albums another
// account shares with the editor as a viewer and as a collaborator.
// See: [Note: An edited photo is saved as a copy beside its original]

import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientPackages } from "../../../shared/api/headers";
import { CollectionOperation } from "../../../shared/model/library/collection-operation";
import { PseudoCollectionID } from "../../../shared/model/library/gallery-summary";
import { type NodeCairn, startNodeCairn } from "../../../tests/test-support/node-cairn";
import type { NodeAccount } from "../../../tests/test-support/node-account";
import { fixtureMediaDir, generatedJpeg } from "../../../tests/test-support/media";
import { type NodeCryptoPool, createNodeCryptoPool } from "../../crypto/node-pool";
import type { CollectionRef } from "../../library/collection-operations";
import type { DecryptedCollection } from "../../library/decrypted-records";
import { type NodeLibraryClient, createNodeLibraryClient } from "../../library/node-library-client";
import { createKeyringFromAccountKeys } from "../../library/node-keyring";
import { type ShareRole, shareAlbum } from "../../library/sharing-operations";
import { createTestImageCodec } from "../../media/image/test-support/image-codec";
import { createUploadMedia } from "../../media/upload-media";
import { fetchFileURL, nodeFFmpegCore } from "../../media/video/test-support/node-ffmpeg-host";
import { createVideoProcessor } from "../../media/video/video-processor";
import type { LibraryAction } from "../../gallery/gallery-contract";
import type { EditedCopyOutcome } from "../../upload/edited-copy-contract";
import { type SyncService, createSyncService } from "../sync-service";
import { uploadTestFile } from "../test-support/library";
import { freshIndexedDB } from "../test-support/sync-store";

const photoName = "IMG_20180725_163423-tiny.jpg";
const copyName = "IMG_20180725_163423-tiny-edited.jpg";
/** The shown time the editor's original is given (its edited date), µs. */
const shownTimeUs = Date.UTC(2019, 2, 3, 10, 0, 0) * 1000;

let node: NodeCairn;
let editor: NodeAccount;
let friend: NodeAccount;
let client: NodeLibraryClient;
let friendClient: NodeLibraryClient;
let pool: NodeCryptoPool;
let service: SyncService;
let alps: DecryptedCollection;
let lakes: DecryptedCollection;
let originalID: number;
let photoBytes: Uint8Array;

const clientOf = (account: NodeAccount) =>
  createNodeLibraryClient({
    apiOrigin: node.apiOrigin,
    token: account.token,
    userID: account.userID,
    accountKeys: account.accountKeys,
    poolSize: 1,
  });

/** The files of a collection as the server holds them for `owner`'s client. */
const filesIn = async (collection: CollectionRef, as: NodeLibraryClient = client) => {
  const { entries } = await as.fetchCollectionFiles(collection);
  return entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : []));
};

/** The editor's own live collections as the server holds them. */
const ownCollections = async (): Promise<DecryptedCollection[]> =>
  (await client.fetchCollections()).flatMap((entry) =>
    entry.ok && entry.collection.owner.id === editor.userID && !entry.collection.isDeleted
      ? [entry.collection]
      : [],
  );

/** Every file in the editor's own collections (what an upload would add to). */
const ownFileIDs = async (): Promise<number[]> => {
  const ids = new Set<number>();
  for (const collection of await ownCollections()) {
    for (const file of await filesIn(collection)) ids.add(file.id);
  }
  return [...ids].sort((a, b) => a - b);
};

const collectionOfType = async (type: string): Promise<DecryptedCollection | undefined> =>
  (await ownCollections()).find((collection) => collection.type === type);

const found = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`no ${what}`);
  return value;
};

const saved = (outcome: EditedCopyOutcome) => {
  if (outcome.kind !== "saved") throw new Error(`not saved: ${outcome.errorKey}`);
  return outcome;
};

/** A small JPEG of other content than any photo here, as the editor gives. */
const editedImage = async (index: number) =>
  new Blob([(await generatedJpeg(200 + index, 160)).slice()], { type: "image/jpeg" });

/** An album of the friend's holding one of their photos, shared with the editor in `role`. */
const sharedWithEditor = async (name: string, role: ShareRole, title: string) => {
  const album = await friendClient.createCollection({ name, type: "album" });
  await shareAlbum(friendClient.deps, album, editor.email, role);
  const file = await uploadTestFile(friendClient, album, title, await generatedJpeg(300, 160), {
    creationTimeUs: Date.UTC(2021, 6, 1) * 1000,
    latitude: 45.9,
    longitude: 6.87,
    caption: "Friends' day",
  });
  await service.sync("local-change");
  return { album, file };
};

beforeAll(async () => {
  node = await startNodeCairn();
  editor = await node.signUp("editor");
  friend = await node.signUp("editor-friend");
  client = await clientOf(editor);
  friendClient = await clientOf(friend);
  alps = await client.createCollection({ name: "Alps", type: "album" });
  lakes = await client.createCollection({ name: "Lakes", type: "album" });
  pool = await createNodeCryptoPool({ size: 2 });
  service = createSyncService({
    ...freshIndexedDB(),
    pool,
    keyring: createKeyringFromAccountKeys(editor.accountKeys, pool),
    fetch: (url, init) => globalThis.fetch(url, init),
    timers: {
      setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
      clearTimeout: (handle) => {
        clearTimeout(handle as ReturnType<typeof setTimeout>);
      },
    },
    nowMs: () => Date.now(),
    notifyIntervalMs: 0,
    startUploadMedia: () =>
      createUploadMedia({
        codec: createTestImageCodec(),
        video: createVideoProcessor(nodeFFmpegCore, { fetchWasm: fetchFileURL }),
      }),
  });
  await service.open({
    apiOrigin: node.apiOrigin,
    clientPackage: clientPackages.photosWeb,
    userID: editor.userID,
    token: editor.token,
    online: true,
  });
  await service.sync("focus");

  // The original as the app uploads it (its EXIF date and place), in two
  // albums, a favourite, with a caption and a date the person set.
  photoBytes = new Uint8Array(await readFile(path.join(fixtureMediaDir, photoName)));
  const uploaded = await service.upload(
    {
      files: [{ file: new File([photoBytes.slice()], photoName), folderPath: "" }],
      target: { kind: "album", collectionID: alps.id },
    },
    () => undefined,
  );
  originalID = found(uploaded.results.uploaded[0]?.fileID, "uploaded original");
  const actions: LibraryAction[] = [
    {
      kind: "collection-operation",
      operation: CollectionOperation.add,
      fileIDs: [originalID],
      toCollectionID: lakes.id,
    },
    { kind: "favorite", fileIDs: [originalID], favorite: true },
    { kind: "edit-file", fileID: originalID, caption: "Over the bridge", timeUs: shownTimeUs },
  ];
  for (const action of actions) {
    expect(await service.perform(action)).toMatchObject({ ok: true });
  }
}, 180_000);

afterAll(async () => {
  await service.close();
  await client.close();
  await friendClient.close();
  await pool.terminate();
  await node.close();
});

describe("saving an edited photo", () => {
  it("puts the copy beside its original: in both its albums but not favorites, named as edited, at the original's moment and place", async () => {
    const original = found(
      (await filesIn(alps)).find((file) => file.id === originalID),
      "original in Alps",
    );
    const percents: number[] = [];
    const outcome = saved(
      await service.saveEditedCopy(
        {
          originalFileID: originalID,
          viewID: lakes.id,
          image: await editedImage(1),
          replaceOriginal: false,
        },
        (percent) => percents.push(percent),
      ),
    );
    expect(outcome).toMatchObject({ fileName: copyName, originalTrashed: false });
    expect(outcome.fileID).not.toBe(originalID);
    expect([...outcome.collectionIDs].sort()).toEqual([alps.id, lakes.id].sort());
    expect(percents.at(-1)).toBe(100);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // As the server holds it, for every device.
    const copy = found(
      (await filesIn(lakes)).find((file) => file.id === outcome.fileID),
      "copy in Lakes",
    );
    expect(copy.metadata).toMatchObject({
      title: copyName,
      creationTime: original.metadata.creationTime,
      latitude: original.metadata.latitude,
      longitude: original.metadata.longitude,
    });
    expect(original.metadata.latitude).toBeTypeOf("number");
    expect(copy.pubMagicMetadata?.data).toMatchObject({
      editedTime: shownTimeUs,
      caption: "Over the bridge",
    });
    expect((await filesIn(alps)).map((file) => file.id)).toContain(outcome.fileID);
    const favorites = found(await collectionOfType("favorites"), "favorites");
    const favoriteIDs = (await filesIn(favorites)).map((file) => file.id);
    expect(favoriteIDs).toEqual([originalID]);
    expect(await client.downloadFile(copy)).toEqual(
      new Uint8Array(await (await editedImage(1)).arrayBuffer()),
    );

    // As the gallery shows it: beside the original, not a favourite.
    expect(await service.fileDetails(outcome.fileID)).toMatchObject({
      title: copyName,
      timeUs: shownTimeUs,
      isFavorite: false,
      albumNames: ["Alps", "Lakes"],
    });
  }, 120_000);

  it("replaces the original by trashing it once the copy is placed, restorable from the trash", async () => {
    const outcome = saved(
      await service.saveEditedCopy(
        {
          originalFileID: originalID,
          viewID: PseudoCollectionID.all,
          image: await editedImage(2),
          replaceOriginal: true,
        },
        () => undefined,
      ),
    );
    expect(outcome.originalTrashed).toBe(true);
    expect([...outcome.collectionIDs].sort()).toEqual([alps.id, lakes.id].sort());
    for (const album of [alps, lakes]) {
      const ids = (await filesIn(album)).map((file) => file.id);
      expect(ids).toContain(outcome.fileID);
      expect(ids).not.toContain(originalID);
    }
    service.openView(PseudoCollectionID.trash);
    expect(service.indexOfFile(PseudoCollectionID.trash, originalID)).not.toBe(-1);

    expect(await service.perform({ kind: "restore", fileIDs: [originalID] })).toMatchObject({
      ok: true,
    });
    expect((await filesIn(alps)).map((file) => file.id)).toContain(originalID);
    expect((await filesIn(lakes)).map((file) => file.id)).toContain(originalID);
  }, 120_000);

  it("keeps the original when the edit is the very same image (no copy to keep instead)", async () => {
    const outcome = saved(
      await service.saveEditedCopy(
        {
          originalFileID: originalID,
          viewID: alps.id,
          image: new Blob([photoBytes.slice()], { type: "image/jpeg" }),
          replaceOriginal: true,
        },
        () => undefined,
      ),
    );
    expect(outcome).toMatchObject({ fileID: originalID, originalTrashed: false });
    expect((await filesIn(alps)).map((file) => file.id)).toContain(originalID);
  }, 120_000);

  it("refuses to replace someone else's photo, uploading nothing, and saves a viewer's copy in their library", async () => {
    const { album: party, file: cake } = await sharedWithEditor("Party", "VIEWER", "cake.jpg");
    const before = await ownFileIDs();
    expect(
      await service.saveEditedCopy(
        {
          originalFileID: cake.id,
          viewID: party.id,
          image: await editedImage(3),
          replaceOriginal: true,
        },
        () => undefined,
      ),
    ).toEqual({ kind: "failed", errorKey: "notFileOwner" });
    expect(await ownFileIDs()).toEqual(before);

    const outcome = saved(
      await service.saveEditedCopy(
        {
          originalFileID: cake.id,
          viewID: party.id,
          image: await editedImage(3),
          replaceOriginal: false,
        },
        () => undefined,
      ),
    );
    const uncategorized = found(await collectionOfType("uncategorized"), "uncategorized");
    expect(outcome).toMatchObject({
      fileName: "cake-edited.jpg",
      collectionIDs: [uncategorized.id],
      originalTrashed: false,
    });
    const copy = found(
      (await filesIn(uncategorized)).find((file) => file.id === outcome.fileID),
      "copy in the library",
    );
    expect(copy.ownerID).toBe(editor.userID);
    expect(copy.metadata).toMatchObject({
      creationTime: cake.metadata.creationTime,
      latitude: 45.9,
      longitude: 6.87,
    });
    expect((await filesIn(party, friendClient)).map((file) => file.id)).toEqual([cake.id]);
  }, 120_000);

  it("puts a collaborator's copy of someone else's photo into the shared album", async () => {
    const { album: ski, file: slope } = await sharedWithEditor("Ski", "COLLABORATOR", "slope.jpg");
    const outcome = saved(
      await service.saveEditedCopy(
        {
          originalFileID: slope.id,
          viewID: ski.id,
          image: await editedImage(4),
          replaceOriginal: false,
        },
        () => undefined,
      ),
    );
    expect(outcome.fileName).toBe("slope-edited.jpg");
    expect(outcome.collectionIDs).toContain(ski.id);
    // The album's owner sees it there, the editor's own photo.
    const copy = found(
      (await filesIn(ski, friendClient)).find((file) => file.id === outcome.fileID),
      "copy in the shared album",
    );
    expect(copy.ownerID).toBe(editor.userID);
    expect(copy.metadata).toMatchObject({
      title: "slope-edited.jpg",
      creationTime: slope.metadata.creationTime,
    });
    expect(copy.pubMagicMetadata?.data).toMatchObject({ caption: "Friends' day" });
  }, 120_000);

  it("answers that the original is not found when the library has no such file", async () => {
    expect(
      await service.saveEditedCopy(
        {
          originalFileID: 987_654_321,
          viewID: PseudoCollectionID.all,
          image: await editedImage(5),
          replaceOriginal: false,
        },
        () => undefined,
      ),
    ).toEqual({ kind: "failed", errorKey: "fileNotFound" });
  });
});
