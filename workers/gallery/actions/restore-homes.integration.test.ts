// Restoring from the trash puts a file back into every album it was in
// (see [Note: The trash remembers a file's albums]), against a real Cairn
// (SQLite, local blobs): the device that trashed it and a device that logs in
// afterwards both know its albums from the collections' diffs; a file whose
// albums are all gone is not restored until the person says where.

import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import type { NodeLibraryClient } from "../../library/node-library-client";
import { uploadTestFile } from "../../sync/test-support/library";
import { type ActionsCairn, startActionsCairn } from "./test-support/actions-cairn";

let cairn: ActionsCairn;
let client: NodeLibraryClient;
let lisbon: DecryptedCollection;
let porto: DecryptedCollection;
let gone: DecryptedCollection;
let tram: DecryptedFile;
let azulejo: DecryptedFile;
let ferry: DecryptedFile;

const device = () => cairn.device();

beforeAll(async () => {
  cairn = await startActionsCairn("restore-homes");
  ({ client } = cairn);
  lisbon = await client.createCollection({ name: "Lisbon", type: "album" });
  porto = await client.createCollection({ name: "Porto", type: "album" });
  gone = await client.createCollection({ name: "Gone", type: "album" });
  tram = await uploadTestFile(client, lisbon, "tram.jpg", new Uint8Array([1, 2, 3]));
  azulejo = await uploadTestFile(client, lisbon, "azulejo.jpg", new Uint8Array([4, 5, 6]));
  ferry = await uploadTestFile(client, gone, "ferry.jpg", new Uint8Array([7, 8, 9]));
  await client.addFiles(porto, [tram, azulejo]);
}, 240_000);

afterAll(async () => {
  await cairn.close();
});

/** The albums (by name) another device finds `file` in, and whether it is in the trash. */
const whereIs = async (file: DecryptedFile) => {
  const fresh = await device();
  const albums = [...fresh.view.collections()]
    .filter((collection) => !collection.isDeleted)
    .filter((collection) => [...fresh.view.filesOf(collection.id)].some((f) => f.id === file.id))
    .map((collection) => collection.name)
    .sort();
  const trashed = [...fresh.view.trashEntries()].some((entry) => entry.file.id === file.id);
  return { albums, trashed };
};

it("puts a trashed photo back into both of its albums, from the device that trashed it and from a new one", async () => {
  const phone = await device();
  for (const file of [tram, azulejo]) {
    expect(await phone.actions.perform({ kind: "trash", fileIDs: [file.id] })).toMatchObject({
      ok: true,
    });
  }
  expect(await whereIs(tram)).toEqual({ albums: [], trashed: true });

  // The device that trashed it restores one…
  await phone.pull();
  expect(await phone.actions.perform({ kind: "restore", fileIDs: [tram.id] })).toMatchObject({
    ok: true,
  });
  expect(await whereIs(tram)).toEqual({ albums: ["Lisbon", "Porto"], trashed: false });

  // …and a device logged in since restores the other.
  const laptop = await device();
  const entry = [...laptop.view.trashEntries()].find((e) => e.file.id === azulejo.id);
  expect(
    [entry?.file.collectionID, ...(entry?.formerCollectionIDs ?? [])].sort(
      (a, b) => (a ?? 0) - (b ?? 0),
    ),
  ).toEqual([lisbon.id, porto.id].sort((a, b) => a - b));
  expect(await laptop.actions.perform({ kind: "restore", fileIDs: [azulejo.id] })).toMatchObject({
    ok: true,
  });
  expect(await whereIs(azulejo)).toEqual({ albums: ["Lisbon", "Porto"], trashed: false });
});

it("asks where a photo goes when its albums are gone, and changes nothing until told", async () => {
  const phone = await device();
  expect(await phone.actions.perform({ kind: "trash", fileIDs: [ferry.id] })).toMatchObject({
    ok: true,
  });
  await client.deleteCollection(gone.id, { keepFiles: true });
  await phone.pull();

  expect(await phone.actions.perform({ kind: "restore", fileIDs: [ferry.id] })).toEqual({
    ok: false,
    code: "restore-needs-album",
  });
  expect(await whereIs(ferry)).toEqual({ albums: [], trashed: true });

  expect(
    await phone.actions.perform({ kind: "restore", fileIDs: [ferry.id], homelessTo: "library" }),
  ).toMatchObject({ ok: true });
  expect(await whereIs(ferry)).toEqual({ albums: ["Uncategorized"], trashed: false });
});
