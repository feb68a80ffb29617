import { describe, expect, it } from "vitest";
import { storageSize } from "./format-bytes";

describe("storageSize", () => {
  const cases: [number, ReturnType<typeof storageSize>][] = [
    [0, { value: 0, unit: "byte" }],
    [-5, { value: 0, unit: "byte" }],
    [1023, { value: 1023, unit: "byte" }],
    [1024, { value: 1, unit: "kilobyte" }],
    [1536, { value: 1.5, unit: "kilobyte" }],
    [10 * 1024 * 1024, { value: 10, unit: "megabyte" }],
    [10 * 1024 ** 3, { value: 10, unit: "gigabyte" }],
    [1.25 * 1024 ** 3, { value: 1.3, unit: "gigabyte" }],
    [123.4 * 1024 ** 3, { value: 123, unit: "gigabyte" }],
    [3 * 1024 ** 5, { value: 3072, unit: "terabyte" }],
  ];
  it.each(cases)("%d bytes → %j", (sizeBytes, expected) => {
    expect(storageSize(sizeBytes)).toEqual(expected);
  });
});
