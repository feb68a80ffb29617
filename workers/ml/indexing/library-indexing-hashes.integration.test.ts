// A library indexed before perceptual hashes were: its photos get a hash
// alone, no model run again, and another device gets them through sync.
// See: [Note: Files indexed before hashes get one alone]

import { afterAll, beforeAll, expect, it } from "vitest";
import type { DecryptedFile } from "../../library/decrypted-records";
import { perceptualHashFromHex } from "../../dedupe/perceptual-hash";
import {
  type MLTestLibrary,
  indexingOf,
  recordingML,
  startMLTestLibrary,
  testImageHash,
} from "../test-support/ml-test-library";
import type { IndexingML, LibraryIndexing } from "./library-indexing";

let library: MLTestLibrary;
let files: DecryptedFile[];

const indexingOn = (ml: IndexingML): LibraryIndexing =>
  indexingOf(library, { account: library.account, client: library.client, files: () => files }, ml);

/** The ML worker as it was before hashes: CLIP and things only. */
const beforeHashes = (): IndexingML => {
  const { ml } = recordingML();
  return {
    clipAvailable: () => ml.clipAvailable(),
    indexImages: async (jpegs) =>
      (await ml.indexImages(jpegs)).map((result) =>
        result === undefined ? undefined : { clip: result.clip, things: result.things },
      ),
    // A client before hashes wrote none: as if no image could be hashed.
    hashImages: (jpegs) => Promise.resolve(jpegs.map(() => undefined)),
    detectFaces: (jpegs) => ml.detectFaces(jpegs),
    faceEngine: () => ml.faceEngine(),
  };
};

beforeAll(async () => {
  library = await startMLTestLibrary({
    label: "hashes",
    albumName: "Indexed before hashes",
    photoName: "photo",
  });
  files = library.files;
}, 180_000);

afterAll(async () => {
  await library.close();
});

it("hashes the photos indexed before, without running the models again, and syncs the hashes", async () => {
  const old = indexingOn(beforeHashes());
  while ((await old.run()) === "did-work");
  expect(old.status()).toEqual({ pending: 0, indexed: 3 });
  expect(old.perceptualHashCount()).toBe(0);

  const upgraded = recordingML();
  const indexing = indexingOn(upgraded.ml);
  // Indexed already: the status does not start over.
  expect(await indexing.run()).toBe("did-work");
  expect(indexing.status()).toEqual({ pending: 0, indexed: 3 });
  while ((await indexing.run()) === "did-work");
  expect(upgraded.seen.images).toBe(0);
  expect(upgraded.seen.hashed).toBe(3);
  expect(indexing.perceptualHashCount()).toBe(3);
  const [photo] = files;
  if (photo === undefined) throw new Error("no photo");
  const thumbnail = await library.client.downloadThumbnail(photo);
  expect(indexing.perceptualHashOf(photo.id)).toEqual(
    perceptualHashFromHex(testImageHash(thumbnail)),
  );
  // Things and CLIP are kept in the documents the hash was written into.
  expect(indexing.thingsOf(photo.id)).toEqual(old.thingsOf(photo.id));

  const other = recordingML();
  const otherDevice = indexingOn(other.ml);
  expect(await otherDevice.run(undefined, { compute: false })).toBe("nothing-to-do");
  expect(otherDevice.perceptualHashCount()).toBe(3);
  expect(otherDevice.thingsOf(photo.id)).toEqual(old.thingsOf(photo.id));
  expect(other.seen).toEqual({ images: 0, hashed: 0, faced: 0 });
});
