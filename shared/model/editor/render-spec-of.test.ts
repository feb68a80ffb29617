import { describe, expect, it } from "vitest";
import { applyAffine } from "./affine-2d";
import type { EditState } from "./edit-state";
import {
  dragCropHandle,
  flipHorizontal,
  flipVertical,
  initialEditState,
  rotateQuarter,
  setAspect,
  setStraighten,
} from "./edit-state";
import type { ExifOrientation } from "./image-turns";
import { renderSpecOf } from "./render-spec-of";
import type { EditRenderSpec } from "./render-spec";

// The expected pictures are built by moving labelled pixels, following the
// EXIF orientations as exiftool describes them (the operation that shows the
// stored image upright), independently of the affine maps under test.
type Grid = readonly (readonly string[])[];

const rotateCw = (grid: Grid): Grid => {
  const height = grid.length;
  const width = grid[0]?.length ?? 0;
  return Array.from({ length: width }, (_, y) =>
    Array.from({ length: height }, (_, x) => grid[height - 1 - x]?.[y] ?? "?"),
  );
};
const mirror = (grid: Grid): Grid => grid.map((row) => [...row].reverse());
const turnedCw = (grid: Grid, turns: number): Grid =>
  turns === 0 ? grid : turnedCw(rotateCw(grid), turns - 1);

const shownUpright: Record<ExifOrientation, (grid: Grid) => Grid> = {
  1: (grid) => grid, // Horizontal (normal)
  2: (grid) => mirror(grid), // Mirror horizontal
  3: (grid) => turnedCw(grid, 2), // Rotate 180
  4: (grid) => mirror(turnedCw(grid, 2)), // Mirror vertical
  5: (grid) => turnedCw(mirror(grid), 3), // Mirror horizontal and rotate 270 CW
  6: (grid) => turnedCw(grid, 1), // Rotate 90 CW
  7: (grid) => turnedCw(mirror(grid), 1), // Mirror horizontal and rotate 90 CW
  8: (grid) => turnedCw(grid, 3), // Rotate 270 CW
};

// A 3×2 bitmap, every pixel labelled by its stored column and row.
const sourceWidthPx = 3;
const sourceHeightPx = 2;
const source: Grid = Array.from({ length: sourceHeightPx }, (_, y) =>
  Array.from({ length: sourceWidthPx }, (_, x) => `${x},${y}`),
);

/** What the spec draws, read back pixel by pixel at the pixel centres. */
const drawn = (spec: EditRenderSpec): Grid =>
  Array.from({ length: spec.outputHeightPx }, (_, y) =>
    Array.from({ length: spec.outputWidthPx }, (_, x) => {
      const point = applyAffine(spec.outputToSource, { x: x + 0.5, y: y + 0.5 });
      return source[Math.floor(point.y)]?.[Math.floor(point.x)] ?? "outside";
    }),
  );

const orientations: ExifOrientation[] = [1, 2, 3, 4, 5, 6, 7, 8];
const cases = orientations.flatMap((orientation) =>
  [0, 1, 2, 3].flatMap((turns) =>
    [false, true].map((mirrored) => ({ orientation, turns, mirrored })),
  ),
);

const repeated = (state: EditState, times: number, step: (s: EditState) => EditState) =>
  Array.from({ length: times }).reduce<EditState>((s) => step(s), state);

describe("renderSpecOf maps output pixels to the right source pixels", () => {
  it.each(cases)(
    "orientation $orientation, $turns quarter turns, then mirrored: $mirrored",
    ({ orientation, turns, mirrored }) => {
      const turned = repeated(
        initialEditState(sourceWidthPx, sourceHeightPx, orientation),
        turns,
        (s) => rotateQuarter(s, 1),
      );
      const state = mirrored ? flipHorizontal(turned) : turned;
      const upright = turnedCw(shownUpright[orientation](source), turns);
      expect(drawn(renderSpecOf(state))).toEqual(mirrored ? mirror(upright) : upright);
    },
  );

  it.each(cases)(
    "orientation $orientation, mirrored first: $mirrored, then $turns quarter turns",
    ({ orientation, turns, mirrored }) => {
      const initial = initialEditState(sourceWidthPx, sourceHeightPx, orientation);
      const state = repeated(mirrored ? flipHorizontal(initial) : initial, turns, (s) =>
        rotateQuarter(s, 1),
      );
      const upright = shownUpright[orientation](source);
      expect(drawn(renderSpecOf(state))).toEqual(
        turnedCw(mirrored ? mirror(upright) : upright, turns),
      );
    },
  );

  it.each(orientations)(
    "orientation %i: anticlockwise undoes clockwise, flips are mirrors",
    (orientation) => {
      const initial = initialEditState(sourceWidthPx, sourceHeightPx, orientation);
      const upright = shownUpright[orientation](source);
      expect(drawn(renderSpecOf(rotateQuarter(initial, -1)))).toEqual(turnedCw(upright, 3));
      expect(drawn(renderSpecOf(rotateQuarter(rotateQuarter(initial, 1), -1)))).toEqual(upright);
      expect(drawn(renderSpecOf(flipVertical(initial)))).toEqual([...upright].reverse());
      expect(drawn(renderSpecOf(flipVertical(rotateQuarter(initial, 1))))).toEqual(
        [...turnedCw(upright, 1)].reverse(),
      );
    },
  );

  it.each([
    // [decoded width, height, orientation, quarter turns, output width, height]
    [4000, 3000, 1, 0, 4000, 3000],
    [4000, 3000, 6, 0, 3000, 4000],
    [4000, 3000, 6, 1, 4000, 3000],
    [4000, 3000, 8, 3, 4000, 3000],
    [4000, 3000, 3, 1, 3000, 4000],
    [4032, 3024, 5, 2, 3024, 4032],
    [1, 1, 7, 1, 1, 1],
  ] as const)(
    "%i×%i with orientation %i and %i turns is %i×%i at full resolution",
    (width, height, orientation, turns, outputWidth, outputHeight) => {
      const state = repeated(initialEditState(width, height, orientation), turns, (s) =>
        rotateQuarter(s, 1),
      );
      const spec = renderSpecOf(state);
      expect([spec.outputWidthPx, spec.outputHeightPx]).toEqual([outputWidth, outputHeight]);
    },
  );

  it("reads a missing or unknown orientation as 1", () => {
    for (const orientation of [undefined, 0, 9, 2.5]) {
      expect(drawn(renderSpecOf(initialEditState(3, 2, orientation)))).toEqual(source);
    }
  });
});

describe("renderSpecOf's preview size", () => {
  const photo = initialEditState(4000, 3000, 6);

  it.each([
    [undefined, 3000, 4000],
    [1024, 768, 1024],
    [5000, 3000, 4000],
    [1, 1, 1],
  ] as const)("at most %s px on the longer side gives %i×%i", (maxOutputSidePx, width, height) => {
    const spec = renderSpecOf(photo, { maxOutputSidePx });
    expect([spec.outputWidthPx, spec.outputHeightPx]).toEqual([width, height]);
  });

  it("covers the same part of the photo as the full resolution", () => {
    const edited = dragCropHandle(setStraighten(setAspect(photo, "16:9"), 7), "move", 0.03, -0.02);
    const full = renderSpecOf(edited);
    const preview = renderSpecOf(edited, { maxOutputSidePx: 800 });
    expect(Math.max(preview.outputWidthPx, preview.outputHeightPx)).toBe(800);
    const corners = (spec: EditRenderSpec) =>
      [
        [0, 0],
        [spec.outputWidthPx, 0],
        [0, spec.outputHeightPx],
        [spec.outputWidthPx, spec.outputHeightPx],
      ].map(([x = 0, y = 0]) => applyAffine(spec.outputToSource, { x, y }));
    corners(preview).forEach((corner, index) => {
      expect(corner.x).toBeCloseTo(corners(full)[index]?.x ?? NaN, 6);
      expect(corner.y).toBeCloseTo(corners(full)[index]?.y ?? NaN, 6);
    });
  });

  it("passes the colour settings through", () => {
    const spec = renderSpecOf({ ...photo, filter: "sepia", filterStrength: 40 });
    expect(spec.filter).toBe("sepia");
    expect(spec.filterStrength).toBe(40);
    expect(spec.adjustments).toEqual(photo.adjustments);
  });
});
