// Face indexing over a real server: off until turned on, then after a
// photo's search index, its faces written into the file's ML data document
// (encrypted with the file's key) so another device has them without the
// models, and forgotten here when turned off.
// See: [Note: Faces are indexed after a file's search index]

import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedFile } from "../../library/decrypted-records";
import {
  type MLTestLibrary,
  accountAPI,
  indexingOf,
  recordingML,
  startMLTestLibrary,
} from "../test-support/ml-test-library";
import { fetchMLData } from "../derived-data/ml-data-sync";
import { faceOf } from "../ml-data";
import type { IndexingML, LibraryIndexing } from "./library-indexing";

let library: MLTestLibrary;
let files: DecryptedFile[];

const indexingOn = (ml: IndexingML, faces: { on: boolean }): LibraryIndexing =>
  indexingOf(
    library,
    { account: library.account, client: library.client, files: () => files },
    ml,
    { faceIndexing: () => faces.on },
  );

beforeAll(async () => {
  library = await startMLTestLibrary({
    label: "faces",
    albumName: "Faces",
    photoName: "portrait",
  });
  files = library.files;
}, 180_000);

afterAll(async () => {
  await library.close();
});

it("finds faces only once turned on, syncs them to another device, and forgets them when turned off", async () => {
  const faces = { on: false };
  const first = recordingML();
  const indexing = indexingOn(first.ml, faces);
  while ((await indexing.run()) === "did-work");
  expect(first.seen.faced).toBe(0);
  // Off, no engine was asked for.
  expect(indexing.faceStatus()).toEqual({ indexedFiles: 0, totalFiles: 3, engine: undefined });

  faces.on = true;
  while ((await indexing.run()) === "did-work");
  // The search index was not made again: only the face models ran.
  expect(first.seen.images).toBe(3);
  expect(first.seen.faced).toBe(3);
  expect(indexing.faceStatus()).toEqual({
    indexedFiles: 3,
    totalFiles: 3,
    engine: "blazeface-faceres",
  });
  const [photo] = files;
  if (photo === undefined) throw new Error("no photo");
  const [found] = indexing.facesOf(photo.id) ?? [];
  expect(found?.faceID).toBe(`${String(photo.id)}_25000_20000_45000_50000`);

  // The document holds the reference's face layout, and what was there before.
  const api = accountAPI(library.node, library.account);
  const stored = await fetchMLData(
    { api, pool: library.pool, fileKey: (fileID) => files.find(({ id }) => id === fileID)?.keyB64 },
    [photo.id],
  );
  const document = stored.get(photo.id)?.document ?? {};
  expect(faceOf(document)?.faces[0]).toMatchObject({
    faceID: found?.faceID,
    detection: { box: { x: 0.25, y: 0.2, width: 0.2, height: 0.3 } },
    score: 0.95,
    blur: 120,
  });
  expect(faceOf(document)?.faces[0]?.embedding).toHaveLength(1024);
  expect(document).toHaveProperty("things");

  // Another device with face indexing on takes them, running no model.
  const other = recordingML();
  const otherDevice = indexingOn(other.ml, { on: true });
  while ((await otherDevice.run()) === "did-work");
  expect(other.seen).toEqual({ images: 0, hashed: 0, faced: 0 });
  expect(otherDevice.faceStatus()).toMatchObject({ indexedFiles: 3, totalFiles: 3 });
  expect(otherDevice.facesOf(photo.id)?.[0]?.faceID).toBe(found?.faceID);

  // Turned off: the faces kept here go.
  faces.on = false;
  await indexing.clearFaces();
  expect(indexing.facesOf(photo.id)).toBeUndefined();
  expect(indexing.faceStatus().indexedFiles).toBe(0);
});

it("replaces the built-in engine's faces with the reference's, never the other way round", async () => {
  // See: [Note: Faces of another model are not ours to overwrite]
  const api = accountAPI(library.node, library.account);
  const embeddingLengths = async () => {
    const stored = await fetchMLData(
      {
        api,
        pool: library.pool,
        fileKey: (fileID) => files.find(({ id }) => id === fileID)?.keyB64,
      },
      files.map(({ id }) => id),
    );
    return files.map(
      ({ id }) => faceOf(stored.get(id)?.document ?? {})?.faces[0]?.embedding.length,
    );
  };
  // The first test left the built-in engine's faces in the documents.
  expect(await embeddingLengths()).toEqual([1024, 1024, 1024]);

  // A device whose server has the reference's models finds the faces again, and writes them.
  const withReference = recordingML({ faceEngine: "yolov5face-mobilefacenet" });
  const referenceDevice = indexingOn(withReference.ml, { on: true });
  while ((await referenceDevice.run()) === "did-work");
  expect(withReference.seen.faced).toBe(3);
  expect(await embeddingLengths()).toEqual([192, 192, 192]);
  expect(referenceDevice.faceStatus()).toEqual({
    indexedFiles: 3,
    totalFiles: 3,
    engine: "yolov5face-mobilefacenet",
  });

  // A device with the built-in engine adopts none of them, finds its own, and leaves the documents.
  const builtIn = recordingML();
  const builtInDevice = indexingOn(builtIn.ml, { on: true });
  while ((await builtInDevice.run()) === "did-work");
  expect(builtIn.seen.faced).toBe(3);
  expect(builtInDevice.facesOf(files[0]?.id ?? 0)?.[0]?.embedding.codes).toHaveLength(1024);
  expect(await embeddingLengths()).toEqual([192, 192, 192]);
});
