// Undo against a real Cairn (SQLite, local blobs): each reversible action
// answers the actions that undo it, and performing them puts the library
// back as it was, on this device and after a fresh pull on another.
// See: [Note: An undo puts files back where they were]

import { afterAll, beforeAll, expect, it } from "vitest";
import { CollectionOperation } from "../../../shared/model/library/collection-operation";
import { Visibility } from "../../../shared/model/library/file-metadata";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import type { NodeLibraryClient } from "../../library/node-library-client";
import { uploadTestFile } from "../../sync/test-support/library";
import type { LibraryAction } from "../gallery-contract";
import { type ActionsCairn, startActionsCairn } from "./test-support/actions-cairn";
import { type TestDevice, librarySnapshot } from "./test-support/device";

let cairn: ActionsCairn;
let client: NodeLibraryClient;
let beach: DecryptedCollection;
let alps: DecryptedCollection;
let files: DecryptedFile[];

const device = () => cairn.device();

beforeAll(async () => {
  cairn = await startActionsCairn("undo-alice");
  ({ client } = cairn);
  beach = await client.createCollection({ name: "Beach", type: "album" });
  alps = await client.createCollection({ name: "Alps", type: "album" });
  files = [];
  for (let n = 0; n < 4; n++) {
    files.push(await uploadTestFile(client, beach, `beach-${String(n)}.jpg`, new Uint8Array([n])));
  }
  // The first file is in both albums.
  await client.addFiles(alps, [files[0] as DecryptedFile]);
}, 240_000);

afterAll(async () => {
  await cairn.close();
});

/**
 * Where each file is and whether it is archived: what an undo restores (a
 * collection made on the way, such as the hidden album, may stay, empty).
 */
const placesOf = (on: TestDevice) => {
  const { files: byCollection } = librarySnapshot(on.view);
  return Object.fromEntries(
    Object.entries(byCollection)
      .filter(([, entries]) => entries.length > 0)
      .map(([key, entries]) => [
        key,
        entries.map((entry) => ({
          id: entry.id,
          archived: entry.magicMetadata.visibility === Visibility.archived,
        })),
      ]),
  );
};

const ids = (...picked: number[]) => picked.map((n) => (files[n] as DecryptedFile).id);

/** Performs `action`, then its undo: the library is as before, here and on a fresh device. */
const expectUndone = async (action: LibraryAction) => {
  const on = await device();
  const before = placesOf(on);
  const outcome = await on.actions.perform(action);
  expect(outcome).toMatchObject({ ok: true });
  expect(placesOf(on)).not.toEqual(before);
  const undo = outcome.ok ? (outcome.undo ?? []) : [];
  expect(undo.length, "an undo is offered").toBeGreaterThan(0);
  for (const step of undo) expect(await on.actions.perform(step)).toMatchObject({ ok: true });
  expect(placesOf(on)).toEqual(before);
  expect(placesOf(await device())).toEqual(before);
  return undo;
};

it("undoes a trash: files go back into every album they were in", async () => {
  const undo = await expectUndone({ kind: "trash", fileIDs: ids(0, 1) });
  expect(undo.map((step) => step.kind)).toEqual(["restore", "collection-operation"]);
});

it("undoes a move between albums, and keeps a file that was in both where it was", async () => {
  await expectUndone({
    kind: "collection-operation",
    operation: CollectionOperation.move,
    fileIDs: ids(0, 2),
    fromCollectionID: beach.id,
    toCollectionID: alps.id,
  });
});

it("undoes removing files from an album, also one that had no other album", async () => {
  await expectUndone({
    kind: "collection-operation",
    operation: CollectionOperation.remove,
    fileIDs: ids(0, 3),
    fromCollectionID: beach.id,
  });
});

it("undoes hiding", async () => {
  await expectUndone({ kind: "hide", fileIDs: ids(0, 1) });
});

it("undoes archiving", async () => {
  await expectUndone({ kind: "archive", fileIDs: ids(1, 2), archived: true });
});

it("undoes a favorite only for the files it changed", async () => {
  const on = await device();
  expect(
    await on.actions.perform({ kind: "favorite", fileIDs: ids(1), favorite: true }),
  ).toMatchObject({ ok: true });
  const undo = await expectUndone({ kind: "favorite", fileIDs: ids(1, 2, 3), favorite: true });
  expect(undo).toEqual([{ kind: "favorite", fileIDs: ids(2, 3), favorite: false }]);
});

it("offers no undo for an action that changed nothing or cannot be undone", async () => {
  const on = await device();
  const again = await on.actions.perform({ kind: "archive", fileIDs: ids(3), archived: false });
  expect(again).toEqual({ ok: true, changedCount: 0 });
  const renamed = await on.actions.perform({
    kind: "rename-album",
    collectionID: alps.id,
    name: "Alps 2019",
  });
  expect(renamed.ok && renamed.undo).toBeFalsy();
});
