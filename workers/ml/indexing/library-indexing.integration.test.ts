// A library indexed through the real server: the first device indexes its
// photos (the ML worker stood in for by a double that records what it was
// asked) and puts the results encrypted; a second device of the same account
// gets the embeddings and the things through sync without computing them.

import { afterAll, beforeAll, expect, it } from "vitest";
import { createApiClient } from "../../../shared/api/client";
import type { NodeAccount } from "../../../tests/test-support/node-account";
import { type NodeCairn, startNodeCairn } from "../../../tests/test-support/node-cairn";
import { clientPackages } from "../../../shared/api/headers";
import { generatedJpeg } from "../../../tests/test-support/media";
import { type NodeCryptoPool, createNodeCryptoPool } from "../../crypto/node-pool";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import { shareAlbum } from "../../library/sharing-operations";
import { type NodeLibraryClient, createNodeLibraryClient } from "../../library/node-library-client";
import { uploadTestFile } from "../../sync/test-support/library";
import { FileType } from "../../../shared/model/library/file-metadata";
import { normalizedEmbedding } from "../clip/clip-embedding";
import { type IndexingML, type LibraryIndexing, createLibraryIndexing } from "./library-indexing";

let node: NodeCairn;
let account: NodeAccount;
let client: NodeLibraryClient;
let pool: NodeCryptoPool;
let files: DecryptedFile[];
let album: DecryptedCollection;

/** A direction in embedding space per image: the image's first byte picks it. */
const vectorOf = (seed: number) =>
  normalizedEmbedding(
    Float32Array.from({ length: 512 }, (_, index) => Math.sin(seed * 13 + index)),
  );

/** The ML worker's double: a CLIP vector and things per image, and the count of images it saw. */
const recordingML = (clipAvailable: boolean) => {
  const seen = { images: 0 };
  const ml: IndexingML = {
    clipAvailable: () => Promise.resolve(clipAvailable),
    indexImages: (jpegs) => {
      seen.images += jpegs.length;
      return Promise.resolve(
        jpegs.map((jpeg) => ({
          ...(clipAvailable ? { clip: vectorOf(jpeg.length % 97) } : {}),
          things: jpeg.length % 2 === 0 ? [{ label: "dog", score: 0.8 }] : [],
        })),
      );
    },
  };
  return { ml, seen };
};

const indexingOn = (
  ml: IndexingML,
  paused?: () => boolean,
  device: { account: NodeAccount; client: NodeLibraryClient; files: () => DecryptedFile[] } = {
    account,
    client,
    files: () => files,
  },
): LibraryIndexing => {
  const keyOf = (fileID: number) => device.files().find(({ id }) => id === fileID)?.keyB64;
  const api = createApiClient({
    apiOrigin: node.apiOrigin,
    clientPackage: clientPackages.photosWeb,
    fetch: (url, init) => fetch(url, init),
    getAuthToken: () => device.account.token,
  });
  return createLibraryIndexing({
    files: () =>
      device.files().map((file) => ({
        id: file.id,
        title: file.metadata.title,
        fileType: file.metadata.fileType,
        contentHash: file.metadata.hash,
      })),
    fileKey: keyOf,
    api: () => api,
    pool,
    thumbnails: async (fileIDs) =>
      Promise.all(
        fileIDs.map(async (fileID) => {
          const file = device.files().find(({ id }) => id === fileID);
          if (file === undefined) return { fileID, ok: false as const, errorName: "NotFound" };
          return { fileID, ok: true as const, bytes: await device.client.downloadThumbnail(file) };
        }),
      ),
    ml,
    batchSize: 2,
    paused,
  });
};

beforeAll(async () => {
  node = await startNodeCairn();
  account = await node.signUp("indexing");
  client = await createNodeLibraryClient({
    apiOrigin: node.apiOrigin,
    token: account.token,
    userID: account.userID,
    accountKeys: account.accountKeys,
    poolSize: 1,
  });
  pool = await createNodeCryptoPool({ size: 1 });
  album = await client.createCollection({ name: "To index", type: "album" });
  files = [];
  for (let index = 0; index < 3; index++) {
    files.push(
      await uploadTestFile(client, album, `photo-${String(index)}.jpg`, await generatedJpeg(index)),
    );
  }
  files.push(
    await uploadTestFile(client, album, "clip.mp4", await generatedJpeg(9), {
      fileType: FileType.video,
    }),
  );
}, 180_000);

afterAll(async () => {
  await client.close();
  await pool.terminate();
  await node.close();
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
  }
  expect(other.thingLabels()).toEqual(indexing.thingLabels());
  const [photo] = files;
  if (photo === undefined) throw new Error("no photo");
  const thumbnail = await client.downloadThumbnail(photo);
  expect(other.semanticMatches(vectorOf(thumbnail.length % 97)).has(photo.id)).toBe(true);
});

it("gives a file shared after it was indexed to its new viewer without computing it again", async () => {
  const bob = await node.signUp("indexing-viewer");
  const bobClient = await createNodeLibraryClient({
    apiOrigin: node.apiOrigin,
    token: bob.token,
    userID: bob.userID,
    accountKeys: bob.accountKeys,
    poolSize: 1,
  });
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

    await shareAlbum(client.deps, album, bob.email, "VIEWER");
    const shared = (await bobClient.fetchCollections()).find(
      (found) => found.ok && found.collection.id === album.id,
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
    const thumbnail = await client.downloadThumbnail(photo);
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
    pool,
    thumbnails: () => Promise.resolve([]),
    ml: recordingML(false).ml,
  });
  await expect(indexing.run()).rejects.toThrow("Orphan CLIP indexing without a login");
});
