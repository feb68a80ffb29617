import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type PerceptualHash,
  hammingDistance,
  perceptualHash,
  perceptualHashFromHex,
  perceptualHashHex,
  popcount32,
} from "./perceptual-hash";
import { defaultSimilarityThreshold, maxHashDistance } from "./similar-photos";
import {
  type CopyOptions,
  faceFixturesDir,
  mediaFixturesDir,
  thumbnailPixels,
} from "./test-support/fixture-pixels";

// The perceptual hash on real photos at the app's thumbnail size: copies
// (another size, a harsher JPEG) hash alike, a mirror image or another photo
// of the same people does not. See: [Note: The perceptual hash is a DCT hash]

const differentPhotos = [
  "biden-1.jpg",
  "biden-2.jpg",
  "obama-1.jpg",
  "obama-2.jpg",
  "obama-3.jpg",
  "obama-4.jpg",
  "obama-and-biden.jpg",
  "two-people.jpg",
];
const videoFrame = { small: "obama-video-480p.jpg", large: "obama-video-720p.jpg" };
const cameraPhotos = ["canon-dslr.jpg", "IMG_20180725_163423-tiny.jpg", "door-knocker.jpg"];

const fixturePath = (name: string) =>
  path.join(cameraPhotos.includes(name) ? mediaFixturesDir : faceFixturesDir, name);
const hashOf = async (name: string, copy: CopyOptions = {}) =>
  perceptualHash(await thumbnailPixels(fixturePath(name), copy));

/** The default slider's largest distance: copies must be within it, different photos well beyond. */
const similarWithinBits = maxHashDistance(defaultSimilarityThreshold);

describe("perceptualHash on the fixtures", () => {
  const hashes = new Map<string, PerceptualHash>();
  const hashNamed = (name: string): PerceptualHash => {
    const hash = hashes.get(name);
    if (hash === undefined) throw new Error(`No hash for ${name}`);
    return hash;
  };

  beforeAll(async () => {
    for (const name of [...differentPhotos, ...Object.values(videoFrame), ...cameraPhotos]) {
      hashes.set(name, await hashOf(name));
    }
  });

  it("finds one video frame at 480p and 720p alike", () => {
    expect(
      hammingDistance(hashNamed(videoFrame.small), hashNamed(videoFrame.large)),
    ).toBeLessThanOrEqual(2);
  });

  it.each([...differentPhotos, ...cameraPhotos])(
    "finds %s and its JPEG re-encode at quality 40 alike",
    async (name) => {
      const reencoded = await hashOf(name, { jpegQuality: 40 });
      expect(hammingDistance(hashNamed(name), reencoded)).toBeLessThanOrEqual(
        similarWithinBits - 2,
      );
    },
  );

  it.each([...differentPhotos, videoFrame.large, ...cameraPhotos])(
    "tells %s from its mirror image",
    async (name) => {
      const mirrored = await hashOf(name, { flipped: true });
      expect(hammingDistance(hashNamed(name), mirrored)).toBeGreaterThan(2 * similarWithinBits);
    },
  );

  it("tells apart different photos of the same people, and the video frame from them", () => {
    const photos = [...differentPhotos, videoFrame.large];
    const pairs = photos.flatMap((a, index) =>
      photos.slice(index + 1).map((b) => ({
        pair: `${a} ~ ${b}`,
        distance: hammingDistance(hashNamed(a), hashNamed(b)),
      })),
    );
    const closest = pairs.reduce((best, pair) => (pair.distance < best.distance ? pair : best));
    expect(pairs).toHaveLength(36);
    expect(closest.distance, closest.pair).toBeGreaterThan(2 * similarWithinBits);
  });
});

describe("hammingDistance", () => {
  it.each([
    [
      "equal hashes",
      { high: 0x12345678, low: 0x9abcdef0 },
      { high: 0x12345678, low: 0x9abcdef0 },
      0,
    ],
    ["one bit in each half", { high: 0x80000000, low: 1 }, { high: 0, low: 0 }, 2],
    ["every bit", { high: 0xffffffff, low: 0xffffffff }, { high: 0, low: 0 }, 64],
    ["the halves count apart", { high: 0xff, low: 0 }, { high: 0, low: 0xff }, 16],
  ])("%s", (_case, a, b, expected) => {
    expect(hammingDistance(a, b)).toBe(expected);
  });

  it.each([
    [0, 0],
    [1, 1],
    [0xffffffff, 32],
    [0x80000001, 2],
    [0x55555555, 16],
    [0x0f0f00ff, 16],
  ])("popcount32(%i) is %i", (value, expected) => {
    expect(popcount32(value)).toBe(expected);
  });
});

describe("perceptualHashHex", () => {
  it("round-trips through 16 hex digits", () => {
    const hash = { high: 0x0000abcd, low: 0xfedc0001 };
    expect(perceptualHashHex(hash)).toBe("0000abcdfedc0001");
    expect(perceptualHashFromHex("0000abcdfedc0001")).toEqual(hash);
  });

  it.each(["", "0000abcd", "0000abcdfedc00011", "0000abcdfedc000g"])(
    "reads %j as no hash",
    (hex) => {
      expect(perceptualHashFromHex(hex)).toBeUndefined();
    },
  );
});
