import { describe, expect, it } from "vitest";
import type { DecryptedFile } from "../library/decrypted-records";
import { MemoryReader } from "../gallery/engine/test-support/reader";
import { testCollection, testFile, testUserID } from "../sync/test-support/sync-store";
import { exactDuplicateGroups } from "./exact-duplicates";
import { type SimilarityInputs, librarySimilarPhotos } from "./library-similar-photos";
import type { PerceptualHash } from "./perceptual-hash";
import { defaultSimilarityThreshold } from "./similar-photos";

// The "Similar photos" tab as a person sees it: their own photos that look
// alike, in rows like the duplicates', the exact duplicates listed apart.
// See: [Note: Similar photos are near in hash and in time],
// [Note: Similar photos leave exact duplicates to their own list]

const friend = { id: 2_000_002, email: "friend@cairn.test" };
const morningUs = 1_700_000_000_000_000;
const secondUs = 1_000_000;

const photo = (
  id: number,
  collectionID: number,
  { hash, sizeBytes = 1_000_000, atUs = morningUs + id * secondUs } = {} as {
    hash?: string;
    sizeBytes?: number;
    atUs?: number;
  },
  overrides: Partial<DecryptedFile> = {},
): DecryptedFile =>
  testFile(id, collectionID, {
    metadata: {
      title: `IMG_${String(id)}.jpg`,
      creationTime: atUs,
      fileType: 0,
      ...(hash === undefined ? {} : { hash }),
    },
    info: { fileSize: sizeBytes, thumbSize: 10_000 },
    ...overrides,
  });

const library = () =>
  new MemoryReader(testUserID)
    .putCollection(testCollection(10, { name: "Summer" }))
    .putCollection(testCollection(11, { name: "Beach" }))
    .putCollection(testCollection(14, { name: "Friend's", owner: friend }));

/** The indexes' hashes by file; no CLIP. */
const hashes = (byFile: Record<number, PerceptualHash>): SimilarityInputs => ({
  perceptualHashOf: (fileID) => byFile[fileID],
  clipEmbeddingOf: () => undefined,
});

const scene = { high: 0xf0f0f0f0, low: 0x0f0f0f0f };
/** `scene` with its lowest `bits` bits flipped. */
const near = (bits: number) => ({ high: scene.high, low: (scene.low ^ ((1 << bits) - 1)) >>> 0 });
const other = { high: 0x12345678, low: 0x9abcdef0 };

describe("similar photos of a library", () => {
  it("groups the user's photos that look alike, the largest kept first, in duplicate rows", () => {
    const reader = library().putFiles([
      photo(1, 10, { sizeBytes: 200_000 }),
      photo(2, 11, { sizeBytes: 900_000 }),
      photo(3, 10),
      photo(4, 10),
    ]);
    const answer = librarySimilarPhotos(
      reader,
      hashes({ 1: scene, 2: near(3), 3: other }),
      [],
      defaultSimilarityThreshold,
    );
    // File 4 has no hash yet: not counted, not grouped.
    expect(answer.hashedPhotos).toBe(3);
    expect(answer.groups).toEqual([
      {
        groupKey: "1,2",
        files: [
          {
            fileID: 2,
            title: "IMG_2.jpg",
            sizeBytes: 900_000,
            creationTimeUs: morningUs + 2 * secondUs,
            collectionIDs: [11],
            hasCaptionOrEdit: false,
          },
          {
            fileID: 1,
            title: "IMG_1.jpg",
            sizeBytes: 200_000,
            creationTimeUs: morningUs + secondUs,
            collectionIDs: [10],
            hasCaptionOrEdit: false,
          },
        ],
        freedBytes: 200_000,
        similarity: 1 - 3 / 32,
      },
    ]);
  });

  it("follows the slider: a stricter setting splits what a looser one joined", () => {
    const reader = library().putFiles([photo(1, 10), photo(2, 10), photo(3, 10)]);
    const inputs = hashes({ 1: scene, 2: near(2), 3: near(8) });
    const at = (threshold: number) =>
      librarySimilarPhotos(reader, inputs, [], threshold).groups.map(({ groupKey }) => groupKey);
    expect(at(0.7)).toEqual(["1,2,3"]);
    expect(at(0.9)).toEqual(["1,2"]);
    expect(at(1)).toEqual([]);
  });

  it("lists an exact duplicate's copies apart, its kept copy standing for it", () => {
    const reader = library().putFiles([
      photo(1, 10, { hash: "same-bytes" }),
      photo(2, 11, { hash: "same-bytes" }),
      photo(3, 10),
    ]);
    const exact = exactDuplicateGroups(reader);
    expect(exact.map(({ files }) => files.map(({ fileID }) => fileID))).toEqual([[1, 2]]);
    const { groups } = librarySimilarPhotos(
      reader,
      hashes({ 1: scene, 2: scene, 3: near(1) }),
      exact,
      defaultSimilarityThreshold,
    );
    expect(groups.map(({ groupKey }) => groupKey)).toEqual(["1,3"]);
  });

  it("leaves out others' photos and albums, as the duplicates do", () => {
    const reader = library().putFiles([photo(1, 10), photo(2, 14, {}, { ownerID: friend.id })]);
    const answer = librarySimilarPhotos(
      reader,
      hashes({ 1: scene, 2: scene }),
      [],
      defaultSimilarityThreshold,
    );
    expect(answer).toEqual({ groups: [], hashedPhotos: 1 });
  });

  it("joins a series by CLIP where the hashes differ, when embeddings are there", () => {
    const reader = library().putFiles([photo(1, 10), photo(2, 10)]);
    const unit = Float32Array.from({ length: 512 }, (_, index) => (index === 0 ? 1 : 0));
    const inputs: SimilarityInputs = {
      perceptualHashOf: (fileID) => (fileID === 1 ? scene : other),
      clipEmbeddingOf: () => unit,
    };
    const { groups } = librarySimilarPhotos(reader, inputs, [], defaultSimilarityThreshold);
    expect(groups.map(({ groupKey, similarity }) => ({ groupKey, similarity }))).toEqual([
      { groupKey: "1,2", similarity: 1 },
    ]);
  });
});
