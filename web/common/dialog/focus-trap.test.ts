import { describe, expect, it } from "vitest";
import { nextFocusIndex } from "./focus-trap";

describe("nextFocusIndex", () => {
  it.each([
    // [current, count, backwards, expected]
    [0, 3, false, 1],
    [2, 3, false, 0],
    [0, 3, true, 2],
    [1, 3, true, 0],
    [-1, 3, false, 0],
    [-1, 3, true, 2],
    [0, 1, false, 0],
    [0, 1, true, 0],
    [-1, 0, false, -1],
  ])("from %i of %i (backwards %s) → %i", (current, count, backwards, expected) => {
    expect(nextFocusIndex(current, count, backwards)).toBe(expected);
  });
});
