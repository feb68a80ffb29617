import { describe, expect, it } from "vitest";
import { alignedFaceSizePx, arcFaceTemplatePx } from "./face-alignment";
import { alignedFaceLength } from "./mobilefacenet-input";
import { type FaceDirection, faceDirection, referenceFaceBlur } from "./reference-face-blur";

// See: [Note: The reference's face blur]

/** An aligned face (MobileFaceNet's input) whose gray value at (x, y) is `gray(x, y)`. */
const alignedFace = (gray: (x: number, y: number) => number): Float32Array => {
  const face = new Float32Array(alignedFaceLength);
  for (let y = 0; y < alignedFaceSizePx; y++) {
    for (let x = 0; x < alignedFaceSizePx; x++) {
      const value = gray(x, y) / 127.5 - 1;
      face.fill(value, (y * alignedFaceSizePx + x) * 3, (y * alignedFaceSizePx + x + 1) * 3);
    }
  }
  return face;
};

describe("the reference's face blur", () => {
  it("is 0 for a flat face, and near 0 for a smooth ramp", () => {
    expect(
      referenceFaceBlur(
        alignedFace(() => 128),
        0,
        "straight",
      ),
    ).toBe(0);
    // A linear ramp has no Laplacian but at the mirrored border columns.
    const ramp = referenceFaceBlur(
      alignedFace((x) => x * 2),
      0,
      "straight",
    );
    expect(ramp).toBeGreaterThan(0);
    expect(ramp).toBeLessThan(1);
  });

  it("is larger for sharper stripes", () => {
    const sharp = referenceFaceBlur(
      alignedFace((x) => (x % 2) * 200),
      0,
      "straight",
    );
    const soft = referenceFaceBlur(
      alignedFace((x) => (Math.floor(x / 8) % 2) * 200),
      0,
      "straight",
    );
    expect(sharp).toBeGreaterThan(soft);
    expect(soft).toBeGreaterThan(0);
  });

  it.each([
    ["straight", "the middle columns"],
    ["left", "the right half"],
    ["right", "the left half"],
  ] as const)("of a face looking %s measures %s", (direction: FaceDirection, _where) => {
    // Stripes in the columns the direction measures, flat elsewhere.
    const measured = (x: number) =>
      direction === "straight" ? x >= 28 && x < 84 : direction === "left" ? x >= 56 : x < 56;
    const face = alignedFace((x) => (measured(x) ? (x % 2) * 200 : 100));
    const flatWhereMeasured = alignedFace((x) => (measured(x) ? 100 : (x % 2) * 200));
    expect(referenceFaceBlur(face, 0, direction)).toBeGreaterThan(1000);
    expect(referenceFaceBlur(flatWhereMeasured, 0, direction)).toBe(0);
  });

  it("reads the face at its offset in a batch", () => {
    const flat = alignedFace(() => 50);
    const striped = alignedFace((x) => (x % 2) * 200);
    const batch = new Float32Array(alignedFaceLength * 2);
    batch.set(flat, 0);
    batch.set(striped, alignedFaceLength);
    expect(referenceFaceBlur(batch, alignedFaceLength, "straight")).toBe(
      referenceFaceBlur(striped, 0, "straight"),
    );
  });
});

describe("a face's direction", () => {
  const template = [...arcFaceTemplatePx];
  const withNoseAt = (x: number) =>
    template.map((point, i) => (i === 2 ? { x, y: point.y } : point));
  it.each([
    ["the template", template, "straight"],
    ["a nose left of both eyes and mouth corners", withNoseAt(30), "left"],
    ["a nose right of both eyes and mouth corners", withNoseAt(80), "right"],
    ["an upright face with its nose below the left eye", withNoseAt(40), "left"],
    ["an upright face with its nose below the right eye", withNoseAt(72), "right"],
    ["too few landmarks", template.slice(0, 3), "straight"],
  ])("of %s is %s", (_, landmarks, direction) => {
    expect(faceDirection(landmarks)).toBe(direction);
  });
});
