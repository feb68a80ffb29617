import { describe, expect, it } from "vitest";
import { cryptoPoolSize } from "./pool-size";

describe("cryptoPoolSize", () => {
  it.each([
    [undefined, 3],
    [0, 3],
    [1, 2],
    [2, 2],
    [4, 3],
    [5, 4],
    [16, 4],
  ])("%s cores → %i workers", (cores, expected) => {
    expect(cryptoPoolSize(cores)).toBe(expected);
  });
});
