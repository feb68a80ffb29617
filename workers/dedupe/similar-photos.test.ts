import { stat } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type PerceptualHash, perceptualHash } from "./perceptual-hash";
import {
  type SimilarityPhoto,
  defaultSimilarityThreshold,
  maxHashDistance,
  similarClipWindowUs,
  similarPhotoGroups,
  similarWindowUs,
} from "./similar-photos";
import { faceFixturesDir, mediaFixturesDir, thumbnailPixels } from "./test-support/fixture-pixels";
import { syntheticSimilarLibrary } from "./test-support/synthetic-similar-photos";

// The similar photos of /deduplicate as a person sees them move with the
// slider. See: [Note: Similar photos are near in hash and in time],
// [Note: One similarity scale for the slider], [Note: Similar photos leave
// exact duplicates to their own list]

const minuteUs = 60 * 1_000_000;
const dayUs = 24 * 60 * minuteUs;
const morningUs = 1_700_000_000_000_000;
const noExactDuplicates: [] = [];
const atDefault = { threshold: defaultSimilarityThreshold };

const fileIDsOf = (groups: readonly { fileIDs: readonly number[] }[]) =>
  groups.map(({ fileIDs }) => fileIDs);

describe("similar photos among the fixtures", () => {
  const names = [
    "obama-video-720p.jpg",
    "obama-video-480p.jpg",
    "obama-1.jpg",
    "obama-2.jpg",
    "obama-3.jpg",
    "obama-4.jpg",
    "biden-1.jpg",
    "biden-2.jpg",
    "obama-and-biden.jpg",
    "two-people.jpg",
  ];
  /** The photos as a library would hold them: file ID 1 + their index, a minute apart, in one morning. */
  let library: SimilarityPhoto[] = [];
  /** canon-dslr.jpg (ID 101) and its JPEG re-encode at quality 40 (ID 102), 6 bits apart. */
  let reencoded: SimilarityPhoto[] = [];

  beforeAll(async () => {
    library = await Promise.all(
      names.map(async (name, index) => {
        const file = path.join(faceFixturesDir, name);
        return {
          fileID: index + 1,
          takenAtUs: morningUs + index * minuteUs,
          hash: perceptualHash(await thumbnailPixels(file)),
          sizeBytes: (await stat(file)).size,
        };
      }),
    );
    const canon = path.join(mediaFixturesDir, "canon-dslr.jpg");
    reencoded = [
      { fileID: 101, takenAtUs: morningUs, hash: perceptualHash(await thumbnailPixels(canon)) },
      {
        fileID: 102,
        takenAtUs: morningUs,
        hash: perceptualHash(await thumbnailPixels(canon, { jpegQuality: 40 })),
      },
    ];
  });

  it("groups the video frame's two sizes, the larger first, and no other photo", () => {
    expect(fileIDsOf(similarPhotoGroups(library, noExactDuplicates, atDefault))).toEqual([[1, 2]]);
  });

  it("still finds the two sizes when they are given smaller first", () => {
    const swapped = library.map((photo) =>
      photo.fileID === 2 ? { ...photo, takenAtUs: morningUs - minuteUs } : photo,
    );
    expect(fileIDsOf(similarPhotoGroups(swapped, noExactDuplicates, atDefault))).toEqual([[1, 2]]);
  });

  it("does not compare photos taken further apart than the window", () => {
    const apart = library.map((photo) =>
      photo.fileID === 2 ? { ...photo, takenAtUs: morningUs + similarWindowUs + minuteUs } : photo,
    );
    expect(similarPhotoGroups(apart, noExactDuplicates, atDefault)).toEqual([]);
    expect(
      fileIDsOf(
        similarPhotoGroups(apart, noExactDuplicates, { ...atDefault, windowUs: 2 * dayUs }),
      ),
    ).toEqual([[1, 2]]);
  });

  it.each([
    ["a strict setting separates a re-encode", 0.9, []],
    ["the default joins it", defaultSimilarityThreshold, [[101, 102]]],
    ["a loose setting joins it", 0.3, [[101, 102]]],
  ])("%s", (_case, threshold, expected) => {
    expect(fileIDsOf(similarPhotoGroups(reencoded, noExactDuplicates, { threshold }))).toEqual(
      expected,
    );
  });

  it("joins different photos only when the slider is loosened far", () => {
    const atLoose = similarPhotoGroups(library, noExactDuplicates, { threshold: 0.1 });
    expect(atLoose.flatMap(({ fileIDs }) => fileIDs).length).toBeGreaterThan(2);
    expect(similarPhotoGroups(library, noExactDuplicates, { threshold: 1 })).toEqual(
      similarPhotoGroups(library, noExactDuplicates, atDefault),
    );
  });
});

/** A hash whose `bits` lowest bits are set: hashes made with it are `|a − b|` bits apart when nested. */
const hashWithBits = (bits: number): PerceptualHash => ({
  high: bits > 32 ? (2 ** (bits - 32) - 1) >>> 0 : 0,
  low: bits >= 32 ? 0xffffffff : (2 ** bits - 1) >>> 0,
});

const photo = (
  fileID: number,
  bits: number,
  takenAtUs = morningUs,
  extra: Partial<SimilarityPhoto> = {},
): SimilarityPhoto => ({ fileID, takenAtUs, hash: hashWithBits(bits), ...extra });

/** A unit vector in 512 dimensions whose cosine with `unitAxis()` is `cosine`. */
const unitAxis = (cosine = 1): Float32Array => {
  const embedding = new Float32Array(512);
  embedding[0] = cosine;
  embedding[1] = Math.sqrt(1 - cosine ** 2);
  return embedding;
};

describe("similarPhotoGroups", () => {
  it("maps the slider to hash distances: 9 bits at the default, none at 1, every one at 0", () => {
    expect([1, 0.95, defaultSimilarityThreshold, 0.75, 0.5, 0].map(maxHashDistance)).toEqual([
      0, 1, 9, 8, 16, 64,
    ]);
  });

  it("chains a burst, its similarity being its weakest link", () => {
    const burst = [photo(1, 0), photo(2, 2, morningUs + 1_000_000), photo(3, 10, morningUs + 2e6)];
    // 1–2 are 2 bits apart (0.9375), 2–3 8 bits (0.75), 1–3 10 bits (0.6875).
    expect(similarPhotoGroups(burst, noExactDuplicates, atDefault)).toEqual([
      { fileIDs: [1, 2, 3], freedBytes: 0, similarity: 0.75 },
    ]);
    expect(similarPhotoGroups(burst, noExactDuplicates, { threshold: 0.8 })).toEqual([
      { fileIDs: [1, 2], freedBytes: 0, similarity: 0.9375 },
    ]);
  });

  it("keeps the largest first, then the earliest, and lists most bytes to free first", () => {
    const photos = [
      photo(1, 0, morningUs, { sizeBytes: 100 }),
      photo(2, 1, morningUs + 1, { sizeBytes: 300 }),
      photo(3, 2, morningUs + 2, { sizeBytes: 300 }),
      photo(4, 40, morningUs + 3, { sizeBytes: 1_000 }),
      photo(5, 41, morningUs + 4, { sizeBytes: 900 }),
    ];
    expect(similarPhotoGroups(photos, noExactDuplicates, atDefault)).toEqual([
      { fileIDs: [4, 5], freedBytes: 900, similarity: 1 - 1 / 32 },
      { fileIDs: [2, 3, 1], freedBytes: 400, similarity: 1 - 1 / 32 },
    ]);
  });

  it("leaves exact duplicates' copies out, their kept file still found", () => {
    // 1 and 2 are one content (1 kept); 3 is 1 resized.
    const photos = [photo(1, 0), photo(2, 0), photo(3, 1)];
    const exactDuplicates = [{ files: [{ fileID: 1 }, { fileID: 2 }] }];
    expect(fileIDsOf(similarPhotoGroups(photos, exactDuplicates, atDefault))).toEqual([[1, 3]]);
    expect(
      similarPhotoGroups([photo(1, 0), photo(2, 0)], exactDuplicates, { threshold: 0 }),
    ).toEqual([]);
  });

  it("compares each photo with its nearest neighbours in time only", () => {
    const photos = [
      photo(1, 0, morningUs),
      photo(2, 40, morningUs + 1),
      photo(3, 1, morningUs + 2),
    ];
    expect(fileIDsOf(similarPhotoGroups(photos, noExactDuplicates, atDefault))).toEqual([[1, 3]]);
    expect(similarPhotoGroups(photos, noExactDuplicates, { ...atDefault, neighbours: 1 })).toEqual(
      [],
    );
  });

  it("joins by CLIP what the hashes keep apart, within its window, on the same scale", () => {
    // 32 bits apart: unrelated by their hashes.
    const shots = (cosine: number, apartUs = 30 * 1_000_000) => [
      photo(1, 0, morningUs, { clip: unitAxis() }),
      photo(2, 32, morningUs + apartUs, { clip: unitAxis(cosine) }),
    ];
    // Cosine 0.97 is similarity 0.85; 0.9 is 0.5.
    expect(fileIDsOf(similarPhotoGroups(shots(0.97), noExactDuplicates, atDefault))).toEqual([
      [1, 2],
    ]);
    expect(
      similarPhotoGroups(shots(0.97), noExactDuplicates, atDefault)[0]?.similarity,
    ).toBeCloseTo(0.85);
    expect(similarPhotoGroups(shots(0.9), noExactDuplicates, atDefault)).toEqual([]);
    expect(
      fileIDsOf(similarPhotoGroups(shots(0.9), noExactDuplicates, { threshold: 0.4 })),
    ).toEqual([[1, 2]]);
    expect(
      similarPhotoGroups(shots(0.97, similarClipWindowUs + 1), noExactDuplicates, atDefault),
    ).toEqual([]);
  });

  it("takes the hashes alone where a photo has no embedding", () => {
    const photos = [photo(1, 0, morningUs, { clip: unitAxis() }), photo(2, 32, morningUs + 1)];
    expect(similarPhotoGroups(photos, noExactDuplicates, { threshold: 0.1 })).toEqual([]);
  });

  it("finds the bursts and copies of 100,000 photos, and nothing else", () => {
    const { photos, made } = syntheticSimilarLibrary(100_000);
    const groups = similarPhotoGroups(photos, noExactDuplicates, atDefault);
    const sortedSets = (sets: readonly (readonly number[])[]) =>
      sets.map((ids) => [...ids].sort((a, b) => a - b)).sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
    expect(made.length).toBeGreaterThan(5_000);
    expect(sortedSets(fileIDsOf(groups))).toEqual(sortedSets(made));
    for (const { similarity } of groups) {
      expect(similarity).toBeGreaterThanOrEqual(defaultSimilarityThreshold);
    }
  });
});
