// Derived data through the real server: embeddings encrypted with each
// file's key and put, pulled back page by page and decrypted on another
// device of the same account, gone once the file is deleted for good; ML
// data documents merged over what another device put, followed by their
// status diff, tombstoned with their file.

import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedFile } from "../../library/decrypted-records";
import { normalizedEmbedding } from "../clip/clip-embedding";
import {
  type MLTestLibrary,
  accountAPI,
  startMLTestLibrary,
} from "../test-support/ml-test-library";
import {
  type EmbeddingsSyncDeps,
  type PulledEmbedding,
  pullEmbeddings,
  putFileEmbeddings,
} from "./embeddings-sync";
import { fetchMLData, pullMLDataChanges, updateMLData } from "./ml-data-sync";
import { thingsOf, withThings } from "../ml-data";

let library: MLTestLibrary;
let files: DecryptedFile[];

const vector = (seed: number) =>
  normalizedEmbedding(Float32Array.from({ length: 512 }, (_, index) => Math.sin(seed * 7 + index)));

const device = (known: readonly DecryptedFile[]): EmbeddingsSyncDeps => {
  const keys = new Map(known.map((file) => [file.id, file.keyB64]));
  return {
    api: accountAPI(library.node, library.account),
    pool: library.pool,
    fileKey: (fileID) => keys.get(fileID),
  };
};

beforeAll(async () => {
  library = await startMLTestLibrary({
    label: "embeddings",
    albumName: "Indexed",
    photoName: "photo",
  });
  ({ files } = library);
}, 180_000);

afterAll(async () => {
  await library.close();
});

it("puts embeddings encrypted and pulls them back page by page on another device", async () => {
  const writer = device(files);
  await putFileEmbeddings(
    writer,
    files.map((file, index) => ({ fileID: file.id, embedding: vector(index) })),
  );

  const pages: PulledEmbedding[][] = [];
  const pulled = await pullEmbeddings(
    device(files),
    0,
    (page) => {
      pages.push(page);
    },
    { pageSize: 2 },
  );
  expect(pages.map((page) => page.length)).toEqual([2, 1]);
  const byFile = new Map(pages.flat().map(({ fileID, embedding }) => [fileID, embedding]));
  for (const [index, file] of files.entries()) {
    expect([...(byFile.get(file.id) ?? [])]).toEqual([...vector(index)]);
  }
  expect(pulled.skipped).toBe(0);

  // Nothing new since the last pull.
  const again: PulledEmbedding[] = [];
  await pullEmbeddings(device(files), pulled.sinceTime, (page) => {
    again.push(...page);
  });
  expect(again).toEqual([]);

  // A device that does not hold a file skips its embedding.
  const partial = await pullEmbeddings(device(files.slice(1)), 0, () => undefined);
  expect(partial.skipped).toBe(1);
});

it("merges ML data over what another device put, and follows its changes", async () => {
  const [, first, second] = files;
  if (first === undefined || second === undefined) throw new Error("no files");
  const start = (await pullMLDataChanges(device(files), 0)).lastUpdatedAt;

  // Another device (another client) put a document with a part we do not know.
  const other = device(files);
  const read = await fetchMLData(other, [first.id]);
  expect(read.size).toBe(0);
  await updateMLData(other, first.id, (document) => ({ ...document, face: { version: 1, x: 1 } }));

  // This device read the file before that put: its put is merged over the newer one.
  await updateMLData(
    device(files),
    first.id,
    (document) => withThings(document, [{ label: "dog", score: 0.9 }]),
    { document: {}, updatedAt: 0 },
  );
  const merged = (await fetchMLData(device(files), [first.id, second.id])).get(first.id);
  expect(merged?.document.face).toEqual({ version: 1, x: 1 });
  expect(thingsOf(merged?.document ?? {})?.tags).toEqual([{ label: "dog", score: 0.9 }]);

  const changes = await pullMLDataChanges(device(files), start);
  expect(changes.changed).toEqual([first.id]);
  expect(changes.lastUpdatedAt).toBeGreaterThan(start);
  expect((await pullMLDataChanges(device(files), changes.lastUpdatedAt)).changed).toEqual([]);
});

it("no longer hands out a file's embedding once the file is deleted for good", async () => {
  const [gone] = files;
  if (gone === undefined) throw new Error("no file");
  await library.client.trashFiles([{ fileID: gone.id, collectionID: gone.collectionID }]);
  await library.client.deleteFromTrash([gone.id]);
  const left: number[] = [];
  await pullEmbeddings(device(files), 0, (page) => {
    left.push(...page.map(({ fileID }) => fileID));
  });
  expect(left.sort()).toEqual(
    files
      .slice(1)
      .map(({ id }) => id)
      .sort(),
  );
});
