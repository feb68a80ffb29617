import { describe, expect, it } from "vitest";
import { mergeMagicMetadata } from "./magic-metadata-update";

describe("mergeMagicMetadata", () => {
  it.each([
    { current: undefined, changes: { visibility: 2 }, data: { visibility: 2 } },
    { current: { visibility: 2 }, changes: { visibility: 0 }, data: { visibility: 0 } },
    { current: { visibility: 2, order: 3 }, changes: { order: null }, data: { visibility: 2 } },
    {
      current: { caption: "a" },
      changes: { editedName: "b", x: undefined },
      data: { caption: "a", editedName: "b" },
    },
    { current: { caption: "a" }, changes: { caption: null }, data: {} },
  ])("merges $changes into $current", ({ current, changes, data }) => {
    const merged = mergeMagicMetadata(current, changes);
    expect(merged.data).toEqual(data);
    expect(merged.count).toBe(Object.keys(data).length);
  });

  it("leaves the current object untouched", () => {
    const current = { visibility: 1 };
    mergeMagicMetadata(current, { visibility: null });
    expect(current).toEqual({ visibility: 1 });
  });
});
