import { describe, expect, it } from "vitest";
import { applyAffine } from "./affine-2d";
import type { EditAspectChoice } from "./aspect-choices";
import { aspectRatioOf, editAspectChoices } from "./aspect-choices";
import type { CropHandle } from "./crop-drag";
import { cropHandles } from "./crop-drag";
import { cropBoundsOf, cropFrameSizePx, cropPx } from "./crop-frame";
import type { EditState } from "./edit-state";
import {
  dragCropHandle,
  editStatesEqual,
  flipHorizontal,
  flipVertical,
  initialEditState,
  isUnchanged,
  reset,
  rotateQuarter,
  setAdjustment,
  setAspect,
  setCrop,
  setFilter,
  setStraighten,
} from "./edit-state";
import { renderSpecOf } from "./render-spec-of";
import { regionContainsRect } from "./straighten-geometry";

const photo = initialEditState(4000, 3000, 1);
const turnedPhoto = initialEditState(4000, 3000, 6);

/** Whether every corner of the output maps inside the decoded bitmap. */
const staysInsideSource = (state: EditState): boolean => {
  const spec = renderSpecOf(state);
  const { outputWidthPx: w, outputHeightPx: h } = spec;
  const tolerancePx = 1e-6;
  return [
    [0, 0],
    [w, 0],
    [0, h],
    [w, h],
  ].every(([x = 0, y = 0]) => {
    const point = applyAffine(spec.outputToSource, { x, y });
    return (
      point.x >= -tolerancePx &&
      point.y >= -tolerancePx &&
      point.x <= state.sourceWidthPx + tolerancePx &&
      point.y <= state.sourceHeightPx + tolerancePx
    );
  });
};

const cropInsideRegion = (state: EditState): boolean => {
  const frame = cropFrameSizePx(state);
  return regionContainsRect(
    cropBoundsOf(frame, state.straightenDeg).region,
    cropPx(state.crop, frame),
  );
};

const outputRatio = (state: EditState): number => {
  const spec = renderSpecOf(state);
  return spec.outputWidthPx / spec.outputHeightPx;
};

describe("initialEditState and isUnchanged", () => {
  it("starts whole and unchanged", () => {
    expect(photo.crop).toEqual({ leftNorm: 0, topNorm: 0, widthNorm: 1, heightNorm: 1 });
    expect(isUnchanged(photo)).toBe(true);
    expect(isUnchanged(turnedPhoto)).toBe(true);
  });

  it("refuses a photo without a size", () => {
    expect(() => initialEditState(0, 100, 1)).toThrow(RangeError);
    expect(() => initialEditState(100, Number.NaN, 1)).toThrow(RangeError);
  });

  const edits: [string, (state: EditState) => EditState][] = [
    ["a quarter turn", (s) => rotateQuarter(s, 1)],
    ["a mirror", flipHorizontal],
    ["a vertical flip", flipVertical],
    ["straightening", (s) => setStraighten(s, 3)],
    ["a crop", (s) => dragCropHandle(s, "e", -0.1, 0)],
    ["a ratio", (s) => setAspect(s, "1:1")],
    ["an adjustment", (s) => setAdjustment(s, "warmth", 12)],
    ["a filter", (s) => setFilter(s, "mono")],
  ];

  it.each(edits)("is changed by %s and unchanged after reset", (_, edit) => {
    const edited = edit(photo);
    expect(isUnchanged(edited)).toBe(false);
    expect(isUnchanged(reset(edited))).toBe(true);
    expect(editStatesEqual(reset(edited), photo)).toBe(true);
  });

  it.each([
    ["four quarter turns", (s: EditState) => [1, 1, 1, 1].reduce((t) => rotateQuarter(t, 1), s)],
    ["a turn and its undoing", (s: EditState) => rotateQuarter(rotateQuarter(s, 1), -1)],
    ["two mirrors", (s: EditState) => flipHorizontal(flipHorizontal(s))],
    ["two vertical flips", (s: EditState) => flipVertical(flipVertical(s))],
    [
      "a mirror, a turn, a mirror, a turn",
      (s: EditState) => rotateQuarter(flipHorizontal(rotateQuarter(flipHorizontal(s), 1)), 1),
    ],
    ["straightening there and back", (s: EditState) => setStraighten(setStraighten(s, 12), 0)],
    [
      "straightening there and back in steps",
      (s: EditState) => [5, 10, 20, 10, 0].reduce(setStraighten, s),
    ],
    ["a filter at strength 0", (s: EditState) => setFilter(s, "noir", 0)],
    [
      "an adjustment set back to 0",
      (s: EditState) => setAdjustment(setAdjustment(s, "contrast", 40), "contrast", 0),
    ],
    ["choosing the original ratio", (s: EditState) => setAspect(s, "original")],
  ])("is unchanged after %s", (_, edit) => {
    expect(isUnchanged(edit(photo))).toBe(true);
    expect(isUnchanged(edit(turnedPhoto))).toBe(true);
  });
});

describe("straightening", () => {
  const sizes: [number, number, number][] = [
    [4000, 3000, 1],
    [4000, 3000, 6],
    [3000, 4000, 3],
    [1000, 1000, 1],
    [6000, 1000, 8],
    [12, 5, 7],
  ];
  const angles = [0, 10, -10, 45, -45, 33.3];

  it.each(sizes)(
    "%i×%i (orientation %i) keeps every output corner inside the source",
    (w, h, o) => {
      const start = initialEditState(w, h, o);
      const starts: EditState[] = [
        start,
        rotateQuarter(start, 1),
        flipHorizontal(start),
        setAspect(start, "16:9"),
        setAspect(start, "9:16"),
        dragCropHandle(
          setCrop(start, { leftNorm: 0, topNorm: 0, widthNorm: 0.3, heightNorm: 0.4 }),
          "move",
          -1,
          -1,
        ),
        dragCropHandle(start, "sw", 0.2, 0),
      ];
      for (const state of starts) {
        for (const angle of angles) {
          const straightened = setStraighten(state, angle);
          expect(straightened.straightenDeg).toBe(angle);
          expect(staysInsideSource(straightened)).toBe(true);
          for (const handle of cropHandles) {
            for (const [dx, dy] of [
              [-2, -2],
              [2, 2],
              [-2, 1],
              [0.01, -0.03],
            ] as const) {
              expect(staysInsideSource(dragCropHandle(straightened, handle, dx, dy))).toBe(true);
            }
          }
        }
      }
    },
  );

  it("clamps the angle to ±45° and ignores a value that is not a number", () => {
    expect(setStraighten(photo, 60).straightenDeg).toBe(45);
    expect(setStraighten(photo, -90).straightenDeg).toBe(-45);
    expect(setStraighten(photo, Number.NaN)).toBe(photo);
  });

  it("shrinks the whole photo's crop centred, keeping its ratio, and grows it back", () => {
    const straightened = setStraighten(photo, 10);
    const { crop } = straightened;
    expect(crop.widthNorm).toBeLessThan(1);
    expect(crop.leftNorm + crop.widthNorm / 2).toBeCloseTo(0.5, 9);
    expect(crop.topNorm + crop.heightNorm / 2).toBeCloseTo(0.5, 9);
    expect(outputRatio(straightened)).toBeCloseTo(4 / 3, 2);
    expect(setStraighten(straightened, 0).crop.widthNorm).toBeCloseTo(1, 9);
  });

  it("keeps a hand-made crop that still fits where it is", () => {
    const small = setCrop(photo, { leftNorm: 0.4, topNorm: 0.4, widthNorm: 0.2, heightNorm: 0.2 });
    expect(setStraighten(small, 20).crop).toEqual(small.crop);
  });

  it("moves and shrinks a hand-made crop only as much as it must", () => {
    const leftHalf = setCrop(photo, { leftNorm: 0, topNorm: 0, widthNorm: 0.5, heightNorm: 1 });
    const straightened = setStraighten(leftHalf, 10);
    expect(cropInsideRegion(straightened)).toBe(true);
    const frame = cropFrameSizePx(straightened);
    const rect = cropPx(straightened.crop, frame);
    expect((rect.rightPx - rect.leftPx) / (rect.bottomPx - rect.topPx)).toBeCloseTo(2000 / 3000, 9);
    // As large as its ratio allows anywhere: a hair larger fits nowhere.
    const { region } = cropBoundsOf(frame, 10);
    const grown = { ...rect, rightPx: rect.rightPx + 0.01, bottomPx: rect.bottomPx + 0.015 };
    expect(regionContainsRect(region, grown)).toBe(false);
  });

  it("changes the angle's sign with a mirror, so the picture is the mirror image", () => {
    const straightened = setStraighten(photo, 12);
    const mirrored = flipHorizontal(straightened);
    expect(mirrored.straightenDeg).toBe(-12);
    const spec = renderSpecOf(straightened);
    const mirroredSpec = renderSpecOf(mirrored);
    // The output's top-left shows what the straightened photo shows at its top-right.
    const topRight = applyAffine(spec.outputToSource, { x: spec.outputWidthPx, y: 0 });
    const mirroredTopLeft = applyAffine(mirroredSpec.outputToSource, { x: 0, y: 0 });
    expect(mirroredTopLeft.x).toBeCloseTo(topRight.x, 6);
    expect(mirroredTopLeft.y).toBeCloseTo(topRight.y, 6);
  });
});

describe("aspect choices", () => {
  const ratioOf = (choice: EditAspectChoice, state: EditState) =>
    aspectRatioOf(choice, cropFrameSizePx(state)) ?? Number.NaN;
  const withinAPixel = (state: EditState, ratio: number) => {
    const { outputWidthPx, outputHeightPx } = renderSpecOf(state);
    return Math.abs(outputWidthPx - ratio * outputHeightPx) <= 1;
  };
  const fixedChoices = editAspectChoices.filter((choice) => choice !== "free");
  const starts: [string, EditState][] = [
    ["4000×3000", photo],
    ["4000×3000 shown turned (orientation 6)", turnedPhoto],
    ["4000×3000 turned by the user", rotateQuarter(photo, -1)],
    ["4000×3000 straightened by 10°", setStraighten(photo, 10)],
    ["4000×3000 straightened by −45°", setStraighten(turnedPhoto, -45)],
    [
      "a hand-made crop",
      setCrop(photo, { leftNorm: 0.1, topNorm: 0.2, widthNorm: 0.3, heightNorm: 0.5 }),
    ],
  ];

  it.each(starts)("each ratio of %s is that ratio within a pixel", (_, start) => {
    for (const choice of fixedChoices) {
      const chosen = setAspect(start, choice);
      expect(chosen.aspect).toBe(choice);
      expect(withinAPixel(chosen, ratioOf(choice, chosen))).toBe(true);
      expect(staysInsideSource(chosen)).toBe(true);
    }
  });

  it("follows the oriented photo for 'original'", () => {
    expect(ratioOf("original", photo)).toBeCloseTo(4 / 3, 9);
    expect(ratioOf("original", turnedPhoto)).toBeCloseTo(3 / 4, 9);
  });

  it("fits the largest crop of the ratio in the whole photo when it was not cropped by hand", () => {
    const square = setAspect(photo, "1:1");
    expect(renderSpecOf(square)).toMatchObject({ outputWidthPx: 3000, outputHeightPx: 3000 });
    const wide = setAspect(square, "16:9");
    expect(renderSpecOf(wide)).toMatchObject({ outputWidthPx: 4000, outputHeightPx: 2250 });
    const tall = setAspect(wide, "9:16");
    expect(renderSpecOf(tall)).toMatchObject({ outputWidthPx: 1688, outputHeightPx: 3000 });
  });

  it("fits the largest crop of the ratio centred in a hand-made crop", () => {
    const handMade = setCrop(photo, {
      leftNorm: 0.1,
      topNorm: 0.1,
      widthNorm: 0.5,
      heightNorm: 0.5,
    });
    const square = setAspect(handMade, "1:1");
    expect(renderSpecOf(square)).toMatchObject({ outputWidthPx: 1500, outputHeightPx: 1500 });
    expect(square.crop.leftNorm + square.crop.widthNorm / 2).toBeCloseTo(0.35, 9);
    expect(square.crop.topNorm + square.crop.heightNorm / 2).toBeCloseTo(0.35, 9);
  });

  it("leaves the crop as it is for 'free'", () => {
    const square = setAspect(photo, "1:1");
    expect(setAspect(square, "free").crop).toEqual(square.crop);
  });

  it("turns a ratio into its portrait form with a quarter turn", () => {
    const wide = setAspect(photo, "16:9");
    const turned = rotateQuarter(wide, 1);
    expect(turned.aspect).toBe("9:16");
    expect(withinAPixel(turned, 9 / 16)).toBe(true);
    expect(rotateQuarter(turned, 1).aspect).toBe("16:9");
  });

  it("keeps the ratio through drags of every handle", () => {
    for (const choice of fixedChoices) {
      const chosen = setStraighten(setAspect(photo, choice), 5);
      for (const handle of cropHandles) {
        for (const [dx, dy] of [
          [-0.2, -0.1],
          [0.3, 0.05],
          [-1, 1],
          [0.02, 0.02],
        ] as const) {
          const dragged = dragCropHandle(chosen, handle, dx, dy);
          expect(withinAPixel(dragged, ratioOf(choice, dragged))).toBe(true);
        }
      }
    }
  });
});

describe("dragCropHandle", () => {
  const middle = setCrop(photo, { leftNorm: 0.25, topNorm: 0.25, widthNorm: 0.5, heightNorm: 0.5 });
  // The smallest crop side is 5% of 3000 px: 150 px.
  const minWidthNorm = 150 / 4000;
  const minHeightNorm = 150 / 3000;

  it.each<[CropHandle, number, number, [number, number, number, number]]>([
    ["e", 0.1, 0, [0.25, 0.25, 0.6, 0.5]],
    ["e", 1, 0, [0.25, 0.25, 0.75, 0.5]],
    ["e", -1, 0, [0.25, 0.25, minWidthNorm, 0.5]],
    ["w", -0.1, 0.3, [0.15, 0.25, 0.6, 0.5]],
    ["w", -1, 0, [0, 0.25, 0.75, 0.5]],
    ["w", 1, 0, [0.75 - minWidthNorm, 0.25, minWidthNorm, 0.5]],
    ["n", 0, -0.1, [0.25, 0.15, 0.5, 0.6]],
    ["n", 0, -1, [0.25, 0, 0.5, 0.75]],
    ["s", 0.5, 1, [0.25, 0.25, 0.5, 0.75]],
    ["s", 0, -1, [0.25, 0.25, 0.5, minHeightNorm]],
    ["se", 1, 1, [0.25, 0.25, 0.75, 0.75]],
    ["nw", -0.1, -0.2, [0.15, 0.05, 0.6, 0.7]],
    ["nw", 1, 1, [0.75 - minWidthNorm, 0.75 - minHeightNorm, minWidthNorm, minHeightNorm]],
    ["ne", 0.1, 0.1, [0.25, 0.35, 0.6, 0.4]],
    ["sw", -1, -0.1, [0, 0.25, 0.75, 0.4]],
    ["move", 0.1, -0.1, [0.35, 0.15, 0.5, 0.5]],
    ["move", 1, 1, [0.5, 0.5, 0.5, 0.5]],
    ["move", -1, 0.1, [0, 0.35, 0.5, 0.5]],
  ])("a free crop dragged by %s (%f, %f) is %j", (handle, dx, dy, [left, top, width, height]) => {
    const { crop } = dragCropHandle(middle, handle, dx, dy);
    expect(crop.leftNorm).toBeCloseTo(left, 9);
    expect(crop.topNorm).toBeCloseTo(top, 9);
    expect(crop.widthNorm).toBeCloseTo(width, 9);
    expect(crop.heightNorm).toBeCloseTo(height, 9);
  });

  it("grows a square from the opposite corner along the diagonal, and stops at the photo's edge", () => {
    const square = setAspect(middle, "1:1"); // 1500 px, centred on the middle
    const grown = dragCropHandle(square, "se", 0.05, 0.05);
    const frame = cropFrameSizePx(grown);
    const before = cropPx(square.crop, frame);
    const after = cropPx(grown.crop, frame);
    expect([after.leftPx, after.topPx]).toEqual([before.leftPx, before.topPx]);
    expect(after.rightPx - after.leftPx).toBeCloseTo(after.bottomPx - after.topPx, 9);
    // The drag is 200 px across and 150 px down; its length along the diagonal is 175·√2.
    expect(after.rightPx - before.rightPx).toBeCloseTo(175, 9);
    const stopped = cropPx(dragCropHandle(square, "se", 1, 1).crop, frame);
    expect(stopped.bottomPx).toBeCloseTo(3000, 9);
    expect(stopped.rightPx - stopped.leftPx).toBeCloseTo(stopped.bottomPx - stopped.topPx, 9);
  });

  it("grows a ratio crop from an edge centred across it", () => {
    const wide = setAspect(middle, "16:9");
    const grown = dragCropHandle(wide, "e", 0.01, 0);
    const centre = (state: EditState) => state.crop.topNorm + state.crop.heightNorm / 2;
    expect(centre(grown)).toBeCloseTo(centre(wide), 9);
    expect(grown.crop.leftNorm).toBeCloseTo(wide.crop.leftNorm, 9);
    expect(grown.crop.widthNorm).toBeCloseTo(wide.crop.widthNorm + 0.01, 9);
  });

  it("slides a crop pushed against a straightened photo's slanted side, as far as it can go", () => {
    const straightened = setStraighten(
      setCrop(photo, { leftNorm: 0.4, topNorm: 0.4, widthNorm: 0.2, heightNorm: 0.2 }),
      15,
    );
    const pushed = dragCropHandle(straightened, "move", -1, 0);
    expect(cropInsideRegion(pushed)).toBe(true);
    expect(pushed.crop.widthNorm).toBeCloseTo(0.2, 9);
    const frame = cropFrameSizePx(pushed);
    const rect = cropPx(pushed.crop, frame);
    const { region } = cropBoundsOf(frame, 15);
    const further = { ...rect, leftPx: rect.leftPx - 0.01, rightPx: rect.rightPx - 0.01 };
    expect(regionContainsRect(region, further)).toBe(false);
  });

  it("follows a drag back exactly when given the drag's start", () => {
    const start = setStraighten(middle, 8);
    const outAndBack = dragCropHandle(start, "nw", 0, 0);
    expect(outAndBack.crop).toEqual(start.crop);
    expect(dragCropHandle(start, "move", Number.NaN, 0)).toBe(start);
  });
});

describe("setCrop", () => {
  it("limits a crop to the photo and to the minimum size", () => {
    expect(
      setCrop(photo, { leftNorm: -0.5, topNorm: 0.5, widthNorm: 1, heightNorm: 2 }).crop,
    ).toEqual({
      leftNorm: 0,
      topNorm: 0.5,
      widthNorm: 0.5,
      heightNorm: 0.5,
    });
    const tiny = setCrop(photo, { leftNorm: 0.5, topNorm: 0.5, widthNorm: 0, heightNorm: 0 });
    expect(renderSpecOf(tiny)).toMatchObject({ outputWidthPx: 150, outputHeightPx: 150 });
  });

  it("keeps the chosen ratio", () => {
    const square = setCrop(setAspect(photo, "1:1"), {
      leftNorm: 0,
      topNorm: 0,
      widthNorm: 0.5,
      heightNorm: 0.5,
    });
    expect(renderSpecOf(square)).toMatchObject({ outputWidthPx: 1500, outputHeightPx: 1500 });
  });

  it("keeps a crop inside a straightened photo", () => {
    const straightened = setStraighten(photo, -20);
    const cropped = setCrop(straightened, { leftNorm: 0, topNorm: 0, widthNorm: 1, heightNorm: 1 });
    expect(cropInsideRegion(cropped)).toBe(true);
    expect(staysInsideSource(cropped)).toBe(true);
  });
});

describe("setAdjustment and setFilter", () => {
  it("clamps to the ranges and ignores what is not a number", () => {
    expect(setAdjustment(photo, "exposure", 250).adjustments.exposure).toBe(100);
    expect(setAdjustment(photo, "shadows", -101).adjustments.shadows).toBe(-100);
    expect(setAdjustment(photo, "contrast", Number.NaN)).toBe(photo);
    expect(setFilter(photo, "fade", 150)).toMatchObject({ filter: "fade", filterStrength: 100 });
    expect(setFilter(setFilter(photo, "fade", 30), "cool")).toMatchObject({
      filter: "cool",
      filterStrength: 30,
    });
  });
});
