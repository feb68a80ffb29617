import { describe, expect, it } from "vitest";
import type { Rgb } from "./filter-presets";
import {
  adjustPixel,
  editAdjustmentNames,
  editAdjustmentRanges,
  editFilterPresets,
  neutralEditAdjustments,
} from "./filter-presets";
import type { EditAdjustments } from "./render-spec";
import { editFilterNames } from "./render-spec";

const colours: Rgb[] = [
  [0, 0, 0],
  [1, 1, 1],
  [0.5, 0.5, 0.5],
  [0.02, 0.03, 0.01],
  [0.9, 0.2, 0.1],
  [0.1, 0.6, 0.95],
  [0.33, 0.66, 0.99],
];

const adjusting = (changes: Partial<EditAdjustments>): EditAdjustments => ({
  ...neutralEditAdjustments,
  ...changes,
});

const expectClose = (actual: Rgb, expected: Rgb, digits = 6) => {
  actual.forEach((value, index) => {
    expect(value).toBeCloseTo(expected[index] ?? Number.NaN, digits);
  });
};

describe("adjustPixel", () => {
  it.each(colours)("leaves %f, %f, %f as it is with nothing set", (r, g, b) => {
    expectClose(adjustPixel([r, g, b], neutralEditAdjustments, "none", 100), [r, g, b]);
  });

  it("leaves every colour as it is with a filter at strength 0, or none", () => {
    for (const filter of editFilterNames) {
      for (const colour of colours) {
        expectClose(adjustPixel(colour, neutralEditAdjustments, filter, 0), colour);
      }
    }
  });

  it.each<[string, Partial<EditAdjustments>, Rgb, Rgb]>([
    // Brightness adds a quarter at 100.
    ["brightness 100", { brightness: 100 }, [0.5, 0.5, 0.5], [0.75, 0.75, 0.75]],
    ["brightness −40", { brightness: -40 }, [0.5, 0.5, 0.5], [0.4, 0.4, 0.4]],
    // Contrast doubles or halves the distance from mid-grey.
    ["contrast 100", { contrast: 100 }, [0.7, 0.7, 0.7], [0.9, 0.9, 0.9]],
    ["contrast −100", { contrast: -100 }, [0.7, 0.7, 0.7], [0.6, 0.6, 0.6]],
    // Exposure 50 is one stop: twice the light in linear terms; −100 a quarter.
    ["exposure 50", { exposure: 50 }, [0.5, 0.5, 0.5], [0.686, 0.686, 0.686]],
    ["exposure −100", { exposure: -100 }, [0.5, 0.5, 0.5], [0.2565, 0.2565, 0.2565]],
    // Highlights and shadows move the tones a quarter from their end by 0.1 at ±100.
    ["highlights 100", { highlights: 100 }, [0.75, 0.75, 0.75], [0.85, 0.85, 0.85]],
    ["shadows −100", { shadows: -100 }, [0.25, 0.25, 0.25], [0.15, 0.15, 0.15]],
    ["shadows 100 above mid-grey", { shadows: 100 }, [0.75, 0.75, 0.75], [0.75, 0.75, 0.75]],
    [
      "highlights −100 below mid-grey",
      { highlights: -100 },
      [0.25, 0.25, 0.25],
      [0.25, 0.25, 0.25],
    ],
    // Saturation −100 is the luma.
    ["saturation −100", { saturation: -100 }, [1, 0, 0], [0.2126, 0.2126, 0.2126]],
    ["saturation 100", { saturation: 100 }, [0.6, 0.5, 0.5], [0.6787, 0.4787, 0.4787]],
  ])("%s", (_, changes, input, expected) => {
    expectClose(adjustPixel(input, adjusting(changes), "none", 100), expected, 3);
  });

  it("warms by raising red and lowering blue, and cools the other way", () => {
    const [r, g, b] = adjustPixel([0.5, 0.5, 0.5], adjusting({ warmth: 60 }), "none", 100);
    expect(r).toBeGreaterThan(0.5);
    expect(g).toBeCloseTo(0.5, 6);
    expect(b).toBeLessThan(0.5);
    const [coolR, , coolB] = adjustPixel([0.5, 0.5, 0.5], adjusting({ warmth: -60 }), "none", 100);
    expect(coolR).toBeLessThan(0.5);
    expect(coolB).toBeGreaterThan(0.5);
  });

  const others: Partial<EditAdjustments>[] = [
    {},
    { contrast: 60 },
    { contrast: -60, warmth: 40 },
    { highlights: -100, shadows: 100 },
    { highlights: 100, shadows: -100, saturation: 100 },
    { saturation: -100, exposure: 30 },
  ];

  it("never darkens a channel for more brightness, whatever else is set", () => {
    for (const other of others) {
      for (const colour of colours) {
        let previous: Rgb = [-1, -1, -1];
        for (let brightness = -100; brightness <= 100; brightness += 5) {
          const next = adjustPixel(colour, adjusting({ ...other, brightness }), "none", 100);
          next.forEach((value, index) => {
            expect(value).toBeGreaterThanOrEqual((previous[index] ?? 0) - 1e-12);
          });
          previous = next;
        }
      }
    }
  });

  it("never darkens a channel for more exposure", () => {
    for (const other of [{}, { contrast: 60 }, { brightness: -30, warmth: -50 }]) {
      for (const colour of colours) {
        let previous: Rgb = [-1, -1, -1];
        for (let exposure = -100; exposure <= 100; exposure += 5) {
          const next = adjustPixel(colour, adjusting({ ...other, exposure }), "none", 100);
          next.forEach((value, index) => {
            expect(value).toBeGreaterThanOrEqual((previous[index] ?? 0) - 1e-12);
          });
          previous = next;
        }
      }
    }
  });

  it("brightens strictly where there is room", () => {
    const darker = adjustPixel([0.4, 0.3, 0.2], adjusting({ exposure: 10 }), "none", 100);
    const brighter = adjustPixel([0.4, 0.3, 0.2], adjusting({ exposure: 20 }), "none", 100);
    darker.forEach((value, index) => {
      expect(brighter[index]).toBeGreaterThan(value);
    });
  });

  it.each(["mono", "noir"] as const)(
    "makes every colour grey with %s at full strength",
    (filter) => {
      for (const colour of colours) {
        for (const distance of [0, 0.8, 1]) {
          const [r, g, b] = adjustPixel(colour, adjusting({ warmth: 50 }), filter, 100, distance);
          expect(g).toBeCloseTo(r, 12);
          expect(b).toBeCloseTo(r, 12);
        }
      }
    },
  );

  it("mixes a filter in by its strength", () => {
    const colour: Rgb = [0.9, 0.2, 0.1];
    const none = adjustPixel(colour, neutralEditAdjustments, "sepia", 0);
    const full = adjustPixel(colour, neutralEditAdjustments, "sepia", 100);
    const half = adjustPixel(colour, neutralEditAdjustments, "sepia", 50);
    half.forEach((value, index) => {
      expect(value).toBeCloseTo(((none[index] ?? 0) + (full[index] ?? 0)) / 2, 9);
    });
  });

  it("darkens the corners, not the centre, with a vignette", () => {
    const [centre] = adjustPixel([0.6, 0.6, 0.6], neutralEditAdjustments, "noir", 100, 0);
    const [edge] = adjustPixel([0.6, 0.6, 0.6], neutralEditAdjustments, "noir", 100, 0.5);
    const [corner] = adjustPixel([0.6, 0.6, 0.6], neutralEditAdjustments, "noir", 100, 1);
    expect(edge).toBeCloseTo(centre, 12);
    expect(corner).toBeCloseTo(centre * (1 - editFilterPresets.noir.vignette), 9);
  });

  it("gives every filter a visible effect and keeps every output in 0..1", () => {
    for (const filter of editFilterNames.filter((name) => name !== "none")) {
      const changed = colours.some((colour) =>
        adjustPixel(colour, neutralEditAdjustments, filter, 100).some(
          (value, index) => Math.abs(value - (colour[index] ?? 0)) > 0.02,
        ),
      );
      expect(changed, filter).toBe(true);
      for (const colour of colours) {
        for (const value of adjustPixel(
          colour,
          adjusting({ exposure: 100, contrast: 100 }),
          filter,
          100,
          1,
        )) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});

describe("filter presets and adjustment ranges", () => {
  it("has a preset for every filter name, each row of its matrix lifting grey", () => {
    for (const name of editFilterNames) {
      const { matrix } = editFilterPresets[name];
      for (const row of [0, 4, 8]) {
        const rowSum = (matrix[row] ?? 0) + (matrix[row + 1] ?? 0) + (matrix[row + 2] ?? 0);
        expect(rowSum, name).toBeGreaterThan(0);
      }
    }
  });

  it("gives every adjustment a range around 0", () => {
    expect([...editAdjustmentNames].sort()).toEqual(Object.keys(neutralEditAdjustments).sort());
    for (const name of editAdjustmentNames) {
      expect(editAdjustmentRanges[name]).toEqual({ min: -100, max: 100, step: 1, default: 0 });
    }
  });
});
