import { describe, expect, it } from "vitest";
import { alignedFaceSizePx, similarityTransform } from "./face-alignment";
import type { RGBAImage } from "./face-crop";
import { alignedFaceLength, writeAlignedFace } from "./mobilefacenet-input";

// See: [Note: MobileFaceNet's input is the aligned face, bicubic, in -1..1]

/** An image whose pixel (x, y) is RGB (x, y, x + y) modulo 256. */
const gradient = (width: number, height: number): RGBAImage => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      data.set([x % 256, y % 256, (x + y) % 256, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
};

const identity = { a: 1, b: 0, tx: 0, ty: 0 };
const bipolar = (byte: number) => byte / 127.5 - 1;

describe("MobileFaceNet's input", () => {
  it("of an image aligned as it is holds its pixels, in -1..1", () => {
    const image = gradient(alignedFaceSizePx, alignedFaceSizePx);
    const out = new Float32Array(alignedFaceLength + 6);
    writeAlignedFace(image, identity, out, 3);
    expect(Array.from(out.subarray(0, 3))).toEqual([0, 0, 0]);
    // Pixel (5, 7): RGB (5, 7, 12).
    const at = 3 + (7 * alignedFaceSizePx + 5) * 3;
    expect(out[at]).toBeCloseTo(bipolar(5), 6);
    expect(out[at + 1]).toBeCloseTo(bipolar(7), 6);
    expect(out[at + 2]).toBeCloseTo(bipolar(12), 6);
    const last = 3 + alignedFaceLength - 3;
    expect(out[last]).toBeCloseTo(bipolar(111), 6);
    expect(Array.from(out.subarray(alignedFaceLength + 3))).toEqual([0, 0, 0]);
  });

  it("of a face twice as large samples every other pixel", () => {
    const image = gradient(300, 300);
    // Image → face: halve, then move (100, 60) to the origin.
    const alignment = similarityTransform(
      [
        { x: 100, y: 60 },
        { x: 200, y: 60 },
      ],
      [
        { x: 0, y: 0 },
        { x: 50, y: 0 },
      ],
    );
    const out = new Float32Array(alignedFaceLength);
    writeAlignedFace(image, alignment, out, 0);
    // Face pixel (10, 20) is image pixel (120, 100).
    const at = (20 * alignedFaceSizePx + 10) * 3;
    expect(out[at]).toBeCloseTo(bipolar(120), 5);
    expect(out[at + 1]).toBeCloseTo(bipolar(100), 5);
  });

  it("clamps what falls outside the image to its edge", () => {
    const image = gradient(50, 50);
    // Far left of the image: every sample clamps to column 0.
    const out = new Float32Array(alignedFaceLength);
    writeAlignedFace(image, { a: 1, b: 0, tx: 500, ty: 0 }, out, 0);
    const at = (20 * alignedFaceSizePx + 30) * 3;
    expect(out[at]).toBeCloseTo(bipolar(0), 6);
    expect(out[at + 1]).toBeCloseTo(bipolar(20), 6);
  });
});
