import { describe, expect, it } from "vitest";
import {
  overallDownloadPercent,
  withDownloadProgress,
  withoutDownloads,
  type DownloadProgressMap,
} from "./download-progress";

const map = (entries: [number, number][]): DownloadProgressMap => new Map(entries);

describe("withDownloadProgress", () => {
  it.each<[string, [number, number][], number, number, [number, number][]]>([
    ["adds a file", [], 1, 0, [[1, 0]]],
    ["updates a file", [[1, 10]], 1, 55.7, [[1, 55]]],
    [
      "removes a completed file",
      [
        [1, 90],
        [2, 5],
      ],
      1,
      100,
      [[2, 5]],
    ],
    ["removes past 100 too", [[1, 90]], 1, 120, []],
    ["clamps below 0", [], 3, -5, [[3, 0]]],
    ["treats NaN as 0", [], 3, Number.NaN, [[3, 0]]],
  ])("%s", (_name, before, fileID, percent, after) => {
    expect([...withDownloadProgress(map(before), fileID, percent)]).toEqual(after);
  });

  it("does not change the map it was given", () => {
    const before = map([[1, 10]]);
    withDownloadProgress(before, 1, 100);
    expect([...before]).toEqual([[1, 10]]);
  });
});

describe("withoutDownloads", () => {
  it("drops the given files and keeps the others", () => {
    expect([
      ...withoutDownloads(
        map([
          [1, 5],
          [2, 6],
          [3, 7],
        ]),
        [1, 3],
      ),
    ]).toEqual([[2, 6]]);
  });

  it("answers the same map when nothing was there", () => {
    const before = map([[1, 5]]);
    expect(withoutDownloads(before, [9])).toBe(before);
  });
});

describe("overallDownloadPercent", () => {
  it.each<[[number, number][], number]>([
    [[], 0],
    [[[1, 50]], 50],
    [
      [
        [1, 20],
        [2, 45],
      ],
      32,
    ],
  ])("%o → %s", (entries, expected) => {
    expect(overallDownloadPercent(map(entries))).toBe(expected);
  });
});
