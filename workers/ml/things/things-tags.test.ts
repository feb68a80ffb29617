import { describe, expect, it } from "vitest";
import { thingsScoreThreshold, thingsTagsFromDetections } from "./things-tags";

const box = (score: number, classIndex: number) => [0, 0, 10, 10, score, classIndex];

describe("thingsTagsFromDetections", () => {
  it.each([
    ["no boxes", [], []],
    ["a box under the threshold", [box(0.39, 16)], []],
    ["a box at the threshold", [box(0.4, 16)], [{ label: "dog", score: 0.4 }]],
    [
      "one tag a label, with its best score",
      [box(0.5, 0), box(0.65, 0), box(0.45, 0)],
      [{ label: "person", score: 0.65 }],
    ],
    [
      "best first, ties by label",
      [box(0.5, 2), box(0.9, 16), box(0.5, 8)],
      [
        { label: "dog", score: 0.9 },
        { label: "boat", score: 0.5 },
        { label: "car", score: 0.5 },
      ],
    ],
    [
      "unknown classes skipped",
      [box(0.9, Number.NaN), box(0.9, 80), box(0.9, -1), box(0.9, 1.5)],
      [],
    ],
    ["a NaN score skipped", [box(Number.NaN, 0)], []],
    ["scores to 3 decimals", [box(0.87654, 55)], [{ label: "cake", score: 0.877 }]],
  ])("%s", (_, rows, tags) => {
    expect(thingsTagsFromDetections(rows)).toEqual(tags);
  });

  it("takes another threshold", () => {
    expect(thingsTagsFromDetections([box(0.3, 16)], 0.2)).toEqual([{ label: "dog", score: 0.3 }]);
    expect(thingsScoreThreshold).toBe(0.4);
  });
});
