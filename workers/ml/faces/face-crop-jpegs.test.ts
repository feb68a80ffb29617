import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestImageCodec, decodeForTest } from "../../media/image/test-support/image-codec";
import { faceCropMaxSidePx } from "../../people/face-crop-square";
import { faceCropJPEGs } from "./face-crop-jpegs";
import { faceFixturesDir } from "./test-support/face-fixtures";

// Face crops cut by the media tests' ffmpeg codec from a fixture photo as
// indexing gets it: its thumbnail (a JPEG of 720 px at most).

const isJPEG = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8;

/** A fixture as a thumbnail's JPEG, its long side `longSidePx`. */
const thumbnailJPEG = async (name: string, longSidePx: number): Promise<Uint8Array> => {
  const codec = createTestImageCodec();
  const decoded = await codec.decode(new Blob([await readFile(path.join(faceFixturesDir, name))]));
  const scale = longSidePx / Math.max(decoded.widthPx, decoded.heightPx);
  const scaled = await codec.resize(decoded, {
    widthPx: Math.round(decoded.widthPx * scale),
    heightPx: Math.round(decoded.heightPx * scale),
  });
  const jpeg = await codec.encodeJPEG(scaled, 0.7);
  decoded.close();
  scaled.close();
  return jpeg;
};

describe("faceCropJPEGs", () => {
  it("cuts a square JPEG of each face, at most 256 px, and closes every image", async () => {
    const codec = createTestImageCodec();
    const jpegs = await faceCropJPEGs(codec, await thumbnailJPEG("two-people.jpg", 720), [
      // Large (a square of ~500 px: scaled down), and small (kept at its own pixels).
      { x: 0.1, y: 0, width: 0.45, height: 0.6 },
      { x: 0.7, y: 0.1, width: 0.08, height: 0.1 },
    ]);
    expect(jpegs).toHaveLength(2);
    const [large, small] = await Promise.all((jpegs ?? []).map((jpeg) => decodeForTest(jpeg)));
    expect(jpegs?.every(isJPEG)).toBe(true);
    expect(large?.widthPx).toBe(faceCropMaxSidePx);
    expect(large?.heightPx).toBe(faceCropMaxSidePx);
    expect(small?.widthPx).toBe(small?.heightPx);
    expect(small?.widthPx).toBeLessThan(faceCropMaxSidePx);
    expect(codec.made.every((image) => image.closed)).toBe(true);
  });

  it("answers undefined for bytes that are not a photo", async () => {
    const jpegs = await faceCropJPEGs(
      createTestImageCodec(),
      new TextEncoder().encode("not a photo at all"),
      [{ x: 0.4, y: 0.4, width: 0.2, height: 0.2 }],
    );
    expect(jpegs).toBeUndefined();
  });
});
