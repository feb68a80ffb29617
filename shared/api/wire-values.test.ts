import { describe, expect, it } from "vitest";
import { boolFromString, intFromString } from "./wire-values";

describe("intFromString", () => {
  it.each([
    ["0", 0],
    ["42", 42],
    ["-2", -2],
    ["1580559962386438", 1580559962386438],
    ["9007199254740991", 9007199254740991],
  ])("parses %s", (text, value) => {
    expect(intFromString().parse(text)).toBe(value);
  });

  it.each(["", "1.5", "1e3", " 1", "0x10", "abc", "9007199254740993", "12345678901234567"])(
    "rejects %j",
    (text) => {
      expect(intFromString().safeParse(text).success).toBe(false);
    },
  );
});

describe("boolFromString", () => {
  it.each([
    ["true", true],
    ["True", true],
    ["1", true],
    ["t", true],
    ["false", false],
    ["FALSE", false],
    ["0", false],
    ["f", false],
  ])("parses %s", (text, value) => {
    expect(boolFromString().parse(text)).toBe(value);
  });

  it.each(["", "yes", "no", "on", "2"])("rejects %j", (text) => {
    expect(boolFromString().safeParse(text).success).toBe(false);
  });
});
