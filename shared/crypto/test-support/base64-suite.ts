// The base64 codec's behaviour, as a suite run against the module as Node
// loads it (the TypeScript codec) and against it with the engine's own base64
// standing in (see: [Note: The engine's own base64 where it has one]).

import sodium from "libsodium-wrappers-sumo";
import { beforeAll, describe, expect, it } from "vitest";
import type * as Base64 from "../base64";
import { InvalidBase64Error } from "../errors";
import { utf8ToBytes } from "../utf8";
import { randomTestBytes, sameBytes } from "./test-bytes";

/** Declares the codec's tests under `title`, for `codec` (the base64 module as loaded). */
export const describeBase64Codec = (title: string, codec: typeof Base64): void => {
  beforeAll(async () => {
    await sodium.ready;
  });

  describe(title, () => {
    // RFC 4648 §10 test vectors, plus bytes that differ between the alphabets.
    it.each([
      ["", "", "", ""],
      ["f", "Zg==", "Zg==", "Zg"],
      ["fo", "Zm8=", "Zm8=", "Zm8"],
      ["foo", "Zm9v", "Zm9v", "Zm9v"],
      ["foob", "Zm9vYg==", "Zm9vYg==", "Zm9vYg"],
      ["fooba", "Zm9vYmE=", "Zm9vYmE=", "Zm9vYmE"],
      ["foobar", "Zm9vYmFy", "Zm9vYmFy", "Zm9vYmFy"],
    ])("encodes %j", (text, standard, urlSafe, urlSafeNoPadding) => {
      const bytes = utf8ToBytes(text);
      expect(codec.toB64(bytes)).toBe(standard);
      expect(codec.toB64URLSafe(bytes)).toBe(urlSafe);
      expect(codec.toB64URLSafeNoPadding(bytes)).toBe(urlSafeNoPadding);
      expect(codec.fromB64(standard)).toEqual(bytes);
      expect(codec.fromB64URLSafe(urlSafe)).toEqual(bytes);
      expect(codec.fromB64URLSafeNoPadding(urlSafeNoPadding)).toEqual(bytes);
    });

    it("uses +/ in the standard alphabet and -_ in the URL-safe one", () => {
      const bytes = Uint8Array.from([0xfb, 0xff, 0xbf]);
      expect(codec.toB64(bytes)).toBe("+/+/");
      expect(codec.toB64URLSafe(bytes)).toBe("-_-_");
      expect(codec.fromB64("+/+/")).toEqual(bytes);
      expect(codec.fromB64URLSafe("-_-_")).toEqual(bytes);
    });

    it("matches libsodium for every length up to 300 bytes, in all three variants", () => {
      const { ORIGINAL, URLSAFE, URLSAFE_NO_PADDING } = sodium.base64_variants;
      for (let length = 0; length <= 300; length++) {
        const bytes = randomTestBytes(length);
        expect(codec.toB64(bytes)).toBe(sodium.to_base64(bytes, ORIGINAL));
        expect(codec.toB64URLSafe(bytes)).toBe(sodium.to_base64(bytes, URLSAFE));
        expect(codec.toB64URLSafeNoPadding(bytes)).toBe(
          sodium.to_base64(bytes, URLSAFE_NO_PADDING),
        );
        expect(codec.fromB64(sodium.to_base64(bytes, ORIGINAL))).toEqual(bytes);
      }
    });

    it("round-trips a large buffer", () => {
      const bytes = randomTestBytes(3 * 1024 * 1024 + 1);
      expect(sameBytes(codec.fromB64(codec.toB64(bytes)), bytes)).toBe(true);
    });

    describe("rejects malformed input with InvalidBase64Error", () => {
      it.each([
        ["missing padding", codec.fromB64, "Zg"],
        ["one padding char too few", codec.fromB64, "Zg="],
        ["padding in the middle", codec.fromB64, "Zg==Zg=="],
        ["three padding chars", codec.fromB64, "Z==="],
        ["whitespace", codec.fromB64, "Zm9v Yg=="],
        ["newline", codec.fromB64, "Zm9v\nYmFy"],
        ["URL-safe chars in standard", codec.fromB64, "-_-_"],
        ["standard chars in URL-safe", codec.fromB64URLSafe, "+/+/"],
        ["non-zero trailing bits (1 byte)", codec.fromB64, "Zh=="],
        ["non-zero trailing bits (2 bytes)", codec.fromB64, "Zm9="],
        ["non-ASCII", codec.fromB64, "Zm9é"],
        ["padding where none is allowed", codec.fromB64URLSafeNoPadding, "Zg=="],
        ["impossible unpadded length", codec.fromB64URLSafeNoPadding, "Zm9vY"],
        ["garbage", codec.fromB64, "!!!!"],
      ])("%s", (_label, decode, input) => {
        expect(() => decode(input)).toThrow(InvalidBase64Error);
      });

      it("agrees with libsodium on which padded inputs are valid", () => {
        // Every 4-character string over a small alphabet that mixes valid and
        // invalid characters: our decoder accepts exactly what libsodium accepts.
        const chars = ["A", "g", "h", "/", "=", "-"];
        for (const a of chars)
          for (const b of chars)
            for (const c of chars)
              for (const d of chars) {
                const input = a + b + c + d;
                let expected: Uint8Array | undefined;
                try {
                  expected = sodium.from_base64(input, sodium.base64_variants.ORIGINAL);
                } catch {
                  expected = undefined;
                }
                if (expected === undefined)
                  expect(() => codec.fromB64(input), input).toThrow(InvalidBase64Error);
                else expect(codec.fromB64(input), input).toEqual(expected);
              }
      });
    });
  });
};
