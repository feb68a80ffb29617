import { describe, expect, it } from "vitest";
import { collectionOperationOf } from "./collection-operation";

describe("collectionOperationOf", () => {
  it.each([
    [0, "add"],
    [1, "move"],
    [2, "remove"],
    [3, "restore"],
    [4, "unhide"],
    [5, undefined],
    [-1, undefined],
    [1.5, undefined],
    [Number.NaN, undefined],
    [100, undefined],
  ])("%d is %s", (value, name) => {
    expect(collectionOperationOf(value)).toBe(name);
  });
});
