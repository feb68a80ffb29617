import { describe, expect, it } from "vitest";
import assert, { AssertionError } from "./assert";

describe("browser assert shim", () => {
  it("throws AssertionError on a falsy value, with the message", () => {
    expect(() => {
      assert(0, "must be non-zero");
    }).toThrow(new AssertionError("must be non-zero"));
    expect(() => {
      assert(1);
    }).not.toThrow();
  });

  it("strictEqual compares with Object.is", () => {
    expect(() => {
      assert.strictEqual(512, 512);
    }).not.toThrow();
    expect(() => {
      assert.strictEqual(1, "1");
    }).toThrow(AssertionError);
  });
});
