import { describe, expect, it } from "vitest";
import { InvalidHexError } from "./errors";
import { fromHex, toHex } from "./hex";

describe("hex", () => {
  it("encodes lower case and decodes either case", () => {
    const bytes = Uint8Array.from([0x00, 0x0f, 0xa5, 0xff]);
    expect(toHex(bytes)).toBe("000fa5ff");
    expect(fromHex("000fa5ff")).toEqual(bytes);
    expect(fromHex("000FA5FF")).toEqual(bytes);
    expect(fromHex("")).toEqual(new Uint8Array(0));
  });

  it.each([
    ["odd length", "abc"],
    ["non-hex digit", "0g"],
    ["space", "0 "],
    ["sign", "-1"],
  ])("rejects %s with InvalidHexError", (_label, input) => {
    expect(() => fromHex(input)).toThrow(InvalidHexError);
  });
});
