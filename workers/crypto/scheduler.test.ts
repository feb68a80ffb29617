import { describe, expect, it } from "vitest";
import {
  ITEM_OVERHEAD_BYTES,
  MIN_SHARE_WEIGHT_BYTES,
  itemWeight,
  leastLoaded,
  shareCount,
  splitByWeight,
} from "./scheduler";

describe("shareCount", () => {
  const boxWeight = itemWeight(48); // a wrapped 32-byte key
  it.each([
    ["one box", 1, boxWeight, 4, 1],
    ["30 boxes (not worth a second round trip)", 30, boxWeight, 4, 1],
    ["200 boxes over 2 workers", 200, boxWeight, 2, 2],
    ["200 boxes over 4 workers", 200, boxWeight, 4, 3],
    ["10,000 boxes over 4 workers", 10_000, boxWeight, 4, 4],
    ["one 4 MiB blob", 1, itemWeight(4 * 1024 * 1024), 4, 4],
    ["anything over 1 worker", 10_000, boxWeight, 1, 1],
  ])("%s → %i share(s)", (_label, count, weight, workers, expected) => {
    expect(shareCount(count * weight, workers)).toBe(expected);
  });

  it("needs MIN_SHARE_WEIGHT_BYTES per share", () => {
    expect(shareCount(2 * MIN_SHARE_WEIGHT_BYTES - 1, 8)).toBe(1);
    expect(shareCount(2 * MIN_SHARE_WEIGHT_BYTES, 8)).toBe(2);
    expect(itemWeight(0)).toBe(ITEM_OVERHEAD_BYTES);
  });
});

describe("splitByWeight", () => {
  it.each([
    [
      "equal weights in 2",
      [1, 1, 1, 1],
      2,
      [
        [0, 2],
        [2, 4],
      ],
    ],
    [
      "equal weights in 3",
      [1, 1, 1, 1, 1, 1, 1],
      3,
      [
        [0, 2],
        [2, 5],
        [5, 7],
      ],
    ],
    [
      "one heavy item first",
      [10, 1, 1, 1, 1],
      2,
      [
        [0, 1],
        [1, 5],
      ],
    ],
    [
      "one heavy item last",
      [1, 1, 1, 1, 10],
      2,
      [
        [0, 4],
        [4, 5],
      ],
    ],
    [
      "more shares than items",
      [1, 1],
      4,
      [
        [0, 1],
        [1, 2],
      ],
    ],
    ["one share", [5, 5, 5], 1, [[0, 3]]],
    ["no items", [], 3, [[0, 0]]],
    [
      "heavy items still leave one per share",
      [100, 100, 1],
      3,
      [
        [0, 1],
        [1, 2],
        [2, 3],
      ],
    ],
  ])("%s", (_label, weights, shares, expected) => {
    expect(splitByWeight(weights, shares)).toEqual(expected);
  });

  it("covers every item exactly once, in order, with no empty range", () => {
    const weights = Array.from({ length: 1000 }, (_, i) => ((i * 7919) % 97) + 1);
    for (const shares of [2, 3, 4, 7]) {
      const ranges = splitByWeight(weights, shares);
      expect(ranges).toHaveLength(shares);
      expect(ranges[0]?.[0]).toBe(0);
      expect(ranges.at(-1)?.[1]).toBe(1000);
      ranges.forEach(([start, end], i) => {
        expect(end).toBeGreaterThan(start);
        if (i > 0) expect(start).toBe(ranges[i - 1]?.[1]);
      });
      const total = weights.reduce((a, b) => a + b, 0);
      for (const [start, end] of ranges) {
        const share = weights.slice(start, end).reduce((a, b) => a + b, 0);
        expect(Math.abs(share - total / shares)).toBeLessThanOrEqual(97);
      }
    }
  });
});

describe("leastLoaded", () => {
  it.each([
    [[0, 0, 0], 1, [0]],
    [[2, 0, 1], 2, [1, 2]],
    [[1, 1, 0], 3, [2, 0, 1]],
    [[3], 2, [0]],
  ])("loads %j, %i → %j", (loads, count, expected) => {
    expect(leastLoaded(loads, count)).toEqual(expected);
  });
});
