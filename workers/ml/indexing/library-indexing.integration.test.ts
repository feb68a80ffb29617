// A library indexed through the real server: the first device indexes its
// photos (the ML worker stood in for by a double that records what it was
// asked) and puts the results encrypted; a second device of the same account
// gets the embeddings and the things through sync without computing them.

import { afterAll, beforeAll, expect, it } from "vitest";
import { generatedJpeg } from "../../../tests/test-support/media";
import type { DecryptedFile } from "../../library/decrypted-records";
import { shareAlbum } from "../../library/sharing-operations";
import { uploadTestFile } from "../../sync/test-support/library";
import { FileType } from "../../../shared/model/library/file-metadata";
import {
  type MLTestLibrary,
  type MLTestDevice,
  indexingOf,
  libraryClientOf,
  recordingML as recordingMLWith,
  startMLTestLibrary,
  testImageVector as vectorOf,
} from "../test-support/ml-test-library";
import { type IndexingML, type LibraryIndexing, createLibraryIndexing } from "./library-indexing";

let library: MLTestLibrary;
let files: DecryptedFile[];

const recordingML = (clipAvailable: boolean) => recordingMLWith({ clipAvailable });

const indexingOn = (
  ml: IndexingML,
  paused?: () => boolean,
  device: MLTestDevice = { account: library.account, client: library.client, files: () => files },
): LibraryIndexing => indexingOf(library, device, ml, { paused });

beforeAll(async () => {
  library = await startMLTestLibrary({
    label: "indexing",
    albumName: "To index",
    photoName: "photo",
  });
  files = [
    ...library.files,
    await uploadTestFile(library.client, library.album, "clip.mp4", await generatedJpeg(9), {
      fileType: FileType.video,
    }),
  ];
}, 180_000);

afterAll(async () => {
  await library.close();
});

it("gives way to an upload: while one runs, a run indexes nothing", async () => {
  const recording = recordingML(true);
  const indexing = indexingOn(recording.ml, () => true);
  expect(await indexing.run()).toBe("paused");
  expect(await indexing.run()).toBe("paused");
  expect(recording.seen.images).toBe(0);
  expect(indexing.status()).toEqual({ pending: 3, indexed: 0 });
});

it("computes nothing with indexing off on this device", async () => {
  const recording = recordingML(true);
  const indexing = indexingOn(recording.ml);
  expect(await indexing.run(undefined, { compute: false })).toBe("nothing-to-do");
  expect(recording.seen.images).toBe(0);
  expect(indexing.status()).toEqual({ pending: 3, indexed: 0 });
});

it("indexes a library's photos once, in batches, and a second device gets the results through sync", async () => {
  const first = recordingML(true);
  const indexing = indexingOn(first.ml);
  expect(indexing.status()).toEqual({ pending: 3, indexed: 0 });
  expect(await indexing.run()).toBe("did-work");
  expect(indexing.status()).toEqual({ pending: 1, indexed: 2 });
  expect(await indexing.run()).toBe("did-work");
  expect(await indexing.run()).toBe("nothing-to-do");
  expect(indexing.status()).toEqual({ pending: 0, indexed: 3 });
  // The video is not indexed.
  expect(first.seen.images).toBe(3);

  // The second device has indexing off: it still gets what the first computed.
  const second = recordingML(true);
  const other = indexingOn(second.ml);
  expect(await other.run(undefined, { compute: false })).toBe("nothing-to-do");
  expect(second.seen.images).toBe(0);
  expect(other.status()).toEqual({ pending: 0, indexed: 3 });
  for (const file of files.slice(0, 3)) {
    expect(other.thingsOf(file.id)).toEqual(indexing.thingsOf(file.id));
    // The perceptual hash travels in the same document (similar photos).
    expect(other.perceptualHashOf(file.id)).toBeDefined();
    expect(other.perceptualHashOf(file.id)).toEqual(indexing.perceptualHashOf(file.id));
  }
  expect(first.seen.hashed).toBe(0);
  expect(other.thingLabels()).toEqual(indexing.thingLabels());
  const [photo] = files;
  if (photo === undefined) throw new Error("no photo");
  const thumbnail = await library.client.downloadThumbnail(photo);
  expect(other.semanticMatches(vectorOf(thumbnail.length % 97)).has(photo.id)).toBe(true);
});

it("gives a file shared after it was indexed to its new viewer without computing it again", async () => {
  const bob = await library.node.signUp("indexing-viewer");
  const bobClient = await libraryClientOf(library.node, bob);
  try {
    // Bob indexes a photo of his own first: his embeddings' sync time is now past Alice's.
    const own = await bobClient.createCollection({ name: "Mine", type: "album" });
    const bobFiles = [await uploadTestFile(bobClient, own, "mine.jpg", await generatedJpeg(7))];
    const bobML = recordingML(true);
    const bobIndexing = indexingOn(bobML.ml, undefined, {
      account: bob,
      client: bobClient,
      files: () => bobFiles,
    });
    expect(await bobIndexing.run()).toBe("did-work");
    expect(await bobIndexing.run()).toBe("nothing-to-do");
    expect(bobML.seen.images).toBe(1);

    await shareAlbum(library.client.deps, library.album, bob.email, "VIEWER");
    const shared = (await bobClient.fetchCollections()).find(
      (found) => found.ok && found.collection.id === library.album.id,
    );
    if (shared?.ok !== true) throw new Error("The album was not shared");
    const { entries } = await bobClient.fetchCollectionFiles(shared.collection);
    bobFiles.push(...entries.flatMap((entry) => (entry.kind === "file" ? [entry.file] : [])));

    const outcomes = [await bobIndexing.run(), await bobIndexing.run(), await bobIndexing.run()];
    expect(outcomes).toEqual(["did-work", "did-work", "nothing-to-do"]);
    expect(bobML.seen.images).toBe(1);
    expect(bobIndexing.status()).toEqual({ pending: 0, indexed: 4 });
    const [photo] = files;
    if (photo === undefined) throw new Error("no photo");
    const thumbnail = await library.client.downloadThumbnail(photo);
    expect(bobIndexing.semanticMatches(vectorOf(thumbnail.length % 97)).has(photo.id)).toBe(true);
  } finally {
    await bobClient.close();
  }
});

it("says the spec's words when the session is gone", async () => {
  const indexing = createLibraryIndexing({
    files: () => [],
    fileKey: () => undefined,
    api: () => undefined,
    pool: library.pool,
    thumbnails: () => Promise.resolve([]),
    ml: recordingML(false).ml,
  });
  await expect(indexing.run()).rejects.toThrow("Orphan CLIP indexing without a login");
});
