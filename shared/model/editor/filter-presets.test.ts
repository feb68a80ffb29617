import { describe, expect, it } from "vitest";
import {
  editAdjustmentNames,
  editAdjustmentRanges,
  neutralEditAdjustments,
} from "./filter-presets";

describe("adjustment ranges", () => {
  it("gives every adjustment a range around 0", () => {
    expect([...editAdjustmentNames].sort()).toEqual(Object.keys(neutralEditAdjustments).sort());
    for (const name of editAdjustmentNames) {
      expect(editAdjustmentRanges[name]).toEqual({ min: -100, max: 100, step: 1, default: 0 });
    }
  });
});
