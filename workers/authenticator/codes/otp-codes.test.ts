// The codes against the RFCs' test vectors, published Steam Guard values and
// an independent HMAC computation with node:crypto.

import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type OtpAlgorithm, type OtpParameters, secretBase32Of } from "./entry";
import { STEAM_ALPHABET, codesAt, hotpCode, timedCodesAt, truncatedHmac } from "./otp-codes";

const ascii = (text: string) => new TextEncoder().encode(text);

const otpOf = (overrides: Partial<OtpParameters>): OtpParameters => ({
  kind: "totp",
  issuer: "Example",
  account: "alice",
  secretBase32: secretBase32Of(ascii("12345678901234567890")),
  algorithm: "sha1",
  digits: 6,
  periodSeconds: 30,
  counter: 0,
  ...overrides,
});

describe("HOTP (RFC 4226 Appendix D)", () => {
  const expected = [
    "755224",
    "287082",
    "359152",
    "969429",
    "338314",
    "254676",
    "287922",
    "162583",
    "399871",
    "520489",
  ];
  it.each(expected.map((code, counter) => [counter, code] as const))(
    "counter %i gives %s",
    async (counter, code) => {
      const otp = otpOf({ kind: "hotp", counter });
      expect(await hotpCode(otp)).toBe(code);
      expect(await codesAt(otp, 1_700_000_000_000)).toEqual({ kind: "hotp", code });
    },
  );
});

describe("TOTP (RFC 6238 Appendix B, 8 digits)", () => {
  const seeds: Record<OtpAlgorithm, string> = {
    sha1: "12345678901234567890",
    sha256: "12345678901234567890123456789012",
    sha512: "1234567890123456789012345678901234567890123456789012345678901234",
  };
  const table: [timeSeconds: number, sha1: string, sha256: string, sha512: string][] = [
    [59, "94287082", "46119246", "90693936"],
    [1111111109, "07081804", "68084774", "25091201"],
    [1111111111, "14050471", "67062674", "99943326"],
    [1234567890, "89005924", "91819424", "93441116"],
    [2000000000, "69279037", "90698825", "38618901"],
    [20000000000, "65353130", "77737706", "47863826"],
  ];
  const cases = table.flatMap(([time, sha1, sha256, sha512]) =>
    (
      [
        ["sha1", sha1],
        ["sha256", sha256],
        ["sha512", sha512],
      ] as const
    ).map(([algorithm, code]) => [time, algorithm, code] as const),
  );
  it.each(cases)("T = %i with %s gives %s", async (time, algorithm, code) => {
    const otp = otpOf({
      secretBase32: secretBase32Of(ascii(seeds[algorithm])),
      algorithm,
      digits: 8,
    });
    const codes = await timedCodesAt(otp, time * 1000);
    expect(codes.code).toBe(code);
    // The next code is the code 30 s later.
    expect(codes.nextCode).toBe((await timedCodesAt(otp, (time + 30) * 1000)).code);
  });

  it("gives the period's bounds", async () => {
    const codes = await timedCodesAt(otpOf({ periodSeconds: 60 }), 1_000_059_999);
    expect(codes.periodStartMs).toBe(1_000_020_000);
    expect(codes.periodEndMs).toBe(1_000_080_000);
  });

  it("pads 6-digit codes with leading zeros", async () => {
    // 1111111109 s gives 07081804 in 8 digits, so 081804 in 6.
    const codes = await codesAt(otpOf({}), 1111111109 * 1000);
    expect(codes.code).toBe("081804");
  });
});

/** An independent HOTP truncation with node:crypto, to cross-check ours. */
const nodeTruncated = (key: Uint8Array, algorithm: OtpAlgorithm, counter: bigint) => {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(counter);
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return mac.readUInt32BE(offset) & 0x7fffffff;
};

describe("the truncated HMAC", () => {
  it.each(["sha1", "sha256", "sha512"] as const)(
    "matches node:crypto with %s, large counters included",
    async (algorithm) => {
      for (const counter of [0, 1, 2 ** 32 - 1, 2 ** 32, 2 ** 40 + 12345, 2 ** 53 - 1]) {
        const key = randomBytes(20);
        expect(await truncatedHmac(key, algorithm, counter)).toBe(
          nodeTruncated(key, algorithm, BigInt(counter)),
        );
      }
    },
  );
});

describe("Steam Guard codes", () => {
  it("match KeePassXC's published values", async () => {
    // From KeePassXC's tests/TestTotp.cpp (also used by Authenticator Pro).
    const otp = otpOf({
      kind: "steam",
      secretBase32: "63BEDWCQZKTQWPESARIERL5DTTQFCJTK",
      digits: 5,
    });
    expect((await codesAt(otp, 1511200518 * 1000)).code).toBe("FR8RV");
    expect((await codesAt(otp, 1511200714 * 1000)).code).toBe("9P3VP");
  });

  it("match the published values of an all-zero secret", async () => {
    const otp = otpOf({ kind: "steam", secretBase32: secretBase32Of(new Uint8Array(20)) });
    const codes = await codesAt(otp, 0);
    expect(codes).toMatchObject({ code: "RYH4D", nextCode: "DR2DK", periodEndMs: 30_000 });
  });

  it("match an independent computation, whatever the entry's algorithm, digits and period say", async () => {
    const steamOf = (value: number) => {
      let code = "";
      for (let i = 0, rest = value; i < 5; i++, rest = Math.floor(rest / 26)) {
        code += STEAM_ALPHABET.charAt(rest % 26);
      }
      return code;
    };
    const key = randomBytes(20);
    const otp = otpOf({
      kind: "steam",
      secretBase32: secretBase32Of(key),
      algorithm: "sha512",
      digits: 8,
      periodSeconds: 60,
    });
    for (const nowMs of [1_700_000_000_000, 1_700_000_029_999, 1_700_000_030_000]) {
      const step = BigInt(Math.floor(nowMs / 30_000));
      const codes = await codesAt(otp, nowMs);
      expect(codes.code).toMatch(/^[23456789BCDFGHJKMNPQRTVWXY]{5}$/);
      expect(codes.code).toBe(steamOf(nodeTruncated(key, "sha1", step)));
      expect(codes).toMatchObject({ nextCode: steamOf(nodeTruncated(key, "sha1", step + 1n)) });
    }
  });
});
