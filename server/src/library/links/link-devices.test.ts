import { describe, expect, it } from "vitest";
import { admittedDevices } from "./link-devices";

describe("admittedDevices", () => {
  it.each([
    // The spec's choices on a paid plan; 0 is no limit; 50 is taken as 500.
    [0, false, 0],
    [2, false, 2],
    [25, false, 25],
    [50, false, 500],
    // The free plan admits 5 at most, and 5 for "no limit".
    [0, true, 5],
    [2, true, 2],
    [50, true, 5],
  ])("of a link limited to %i (free plan: %s) is %i", (deviceLimit, free, expected) => {
    expect(admittedDevices(deviceLimit, free)).toBe(expected);
  });
});
