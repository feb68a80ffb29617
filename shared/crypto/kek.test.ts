import { describe, expect, it } from "vitest";
import { toB64 } from "./base64";
import {
  CryptoError,
  InsufficientMemoryError,
  InvalidBase64Error,
  InvalidLengthError,
} from "./errors";
import {
  INTERACTIVE_LIMITS,
  type KEKLimits,
  deriveDownLadder,
  deriveInteractiveKey,
  deriveKey,
  deriveSensitiveKey,
  kekLimitsLadder,
} from "./kek";

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe("kekLimitsLadder", () => {
  it.each([
    [
      "the default (256 MiB × 16, floor 128 MiB)",
      undefined,
      undefined,
      [
        [16, 256 * MiB],
        [32, 128 * MiB],
      ],
    ],
    [
      "from 1 GiB × 4",
      { opsLimit: 4, memLimitBytes: GiB },
      128 * MiB,
      [
        [4, GiB],
        [8, 512 * MiB],
        [16, 256 * MiB],
        [32, 128 * MiB],
      ],
    ],
    ["a start below the floor", { opsLimit: 16, memLimitBytes: 64 * MiB }, 128 * MiB, []],
  ])("%s", (_label, start, floor, expected) => {
    const ladder = kekLimitsLadder(start, floor);
    expect(ladder.map(({ opsLimit, memLimitBytes }) => [opsLimit, memLimitBytes])).toEqual(
      expected,
    );
  });

  it("keeps memLimit × opsLimit at 4 GiB on every step (the server checks it)", () => {
    for (const { opsLimit, memLimitBytes } of kekLimitsLadder()) {
      expect(opsLimit * memLimitBytes).toBe(4 * GiB);
    }
  });
});

describe("deriveDownLadder", () => {
  const ladder = kekLimitsLadder({ opsLimit: 4, memLimitBytes: GiB }, 128 * MiB);
  const failAbove =
    (maxMemBytes: number, tried: KEKLimits[]) =>
    (limits: KEKLimits): Uint8Array => {
      tried.push(limits);
      if (limits.memLimitBytes > maxMemBytes) throw new Error("out of memory");
      return Uint8Array.of(limits.opsLimit);
    };

  it("halves memory and doubles passes until an allocation succeeds", async () => {
    const tried: KEKLimits[] = [];
    const result = await deriveDownLadder(ladder, failAbove(300 * MiB, tried));
    expect(result.limits).toEqual({ opsLimit: 16, memLimitBytes: 256 * MiB });
    expect(result.key).toEqual(Uint8Array.of(16));
    expect(tried.map((limits) => limits.memLimitBytes)).toEqual([GiB, 512 * MiB, 256 * MiB]);
  });

  it("fails with InsufficientMemoryError below the floor", async () => {
    const tried: KEKLimits[] = [];
    await expect(deriveDownLadder(ladder, failAbove(100 * MiB, tried))).rejects.toThrow(
      InsufficientMemoryError,
    );
    expect(tried).toHaveLength(4);
  });

  it("stops at once on a usage error instead of retrying", async () => {
    let calls = 0;
    const usageError = () => {
      calls++;
      throw new InvalidLengthError("bad salt");
    };
    await expect(deriveDownLadder(ladder, usageError)).rejects.toThrow(InvalidLengthError);
    expect(calls).toBe(1);
  });
});

describe("Argon2id key derivation", () => {
  const saltB64 = toB64(Uint8Array.from({ length: 16 }, (_, i) => 200 + i));

  it("gives the known key for a fixed password, salt and interactive limits", async () => {
    // Made once with libsodium's crypto_pwhash (Argon2id13, 2 passes, 64 MiB).
    const key = await deriveKey("correct horse battery staple", saltB64, 2, 64 * MiB);
    expect(toB64(key)).toBe("N4vC20zfYK1f3gXQ6tS16lLb8BobcBajskxeZ8AF7g8=");
  });

  it("deriveInteractiveKey uses a fresh salt and libsodium's interactive limits", async () => {
    const first = await deriveInteractiveKey("hunter2");
    const second = await deriveInteractiveKey("hunter2");
    expect(first).toMatchObject(INTERACTIVE_LIMITS);
    expect(first.salt).toHaveLength(16);
    expect(first.key).toHaveLength(32);
    expect(first.salt).not.toEqual(second.salt);
    const again = await deriveKey(
      "hunter2",
      toB64(first.salt),
      first.opsLimit,
      first.memLimitBytes,
    );
    expect(again).toEqual(first.key);
  });

  it("deriveSensitiveKey derives a 32-byte key with a fresh salt at 4 GiB of work", async () => {
    const derived = await deriveSensitiveKey("a long and sensitive passphrase");
    expect(derived.opsLimit * derived.memLimitBytes).toBe(4 * GiB);
    expect(derived.memLimitBytes).toBeGreaterThanOrEqual(128 * MiB);
    expect(derived.key).toHaveLength(32);
    expect(derived.salt).toHaveLength(16);
  }, 60_000);

  it("rejects a bad salt and impossible limits with typed errors", async () => {
    await expect(deriveKey("pw", "AAAA", 2, 64 * MiB)).rejects.toThrow(InvalidLengthError);
    await expect(deriveKey("pw", "%%%", 2, 64 * MiB)).rejects.toThrow(InvalidBase64Error);
    await expect(deriveKey("pw", saltB64, 0, 64 * MiB)).rejects.toThrow(CryptoError);
    await expect(deriveKey("pw", saltB64, 2, 4 * GiB)).rejects.toThrow(CryptoError);
  });
});
