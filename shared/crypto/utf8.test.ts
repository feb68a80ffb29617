import { describe, expect, it } from "vitest";
import { InvalidUTF8Error } from "./errors";
import { bytesToUTF8, utf8ToBytes } from "./utf8";

describe("UTF-8", () => {
  it.each(["", "Vacances d'été", "家族 🏔️", "\uFEFFstarts with a BOM"])(
    "round-trips %j",
    (text) => {
      expect(bytesToUTF8(utf8ToBytes(text))).toBe(text);
    },
  );

  it("encodes as UTF-8", () => {
    expect(utf8ToBytes("é")).toEqual(Uint8Array.from([0xc3, 0xa9]));
  });

  it.each([
    ["a lone continuation byte", [0x80]],
    ["a truncated sequence", [0xc3]],
    ["an overlong encoding", [0xc0, 0xaf]],
  ])("rejects %s with InvalidUTF8Error", (_label, bytes) => {
    expect(() => bytesToUTF8(Uint8Array.from(bytes))).toThrow(InvalidUTF8Error);
  });
});
