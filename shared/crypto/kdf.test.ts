import { describe, expect, it } from "vitest";
import { toB64 } from "./base64";
import { InvalidLengthError } from "./errors";
import { LOGIN_SUB_KEY_BYTES, deriveSRPLoginSubKey, deriveSubKey } from "./kdf";

const key = Uint8Array.from({ length: 32 }, (_, i) => i);

describe("KDF", () => {
  it("gives known sub-keys for a fixed key", async () => {
    // Made once with libsodium's crypto_kdf_derive_from_key.
    const subKey = await deriveSubKey(key, 32, 1, "loginctx");
    expect(toB64(subKey)).toBe("aXC100RC/RF4ioO0tX4eciTWJcOOKwN0yyIXqm+NkeE=");
  });

  it("the SRP login sub-key is the first 16 bytes of sub-key 1 in context loginctx", async () => {
    const loginSubKey = await deriveSRPLoginSubKey(key);
    expect(LOGIN_SUB_KEY_BYTES).toBe(16);
    expect(toB64(loginSubKey)).toBe("aXC100RC/RF4ioO0tX4ecg==");
    expect(loginSubKey).toEqual((await deriveSubKey(key, 32, 1, "loginctx")).subarray(0, 16));
  });

  it("different ids and contexts give different sub-keys", async () => {
    const a = await deriveSubKey(key, 32, 1, "loginctx");
    const b = await deriveSubKey(key, 32, 2, "loginctx");
    const c = await deriveSubKey(key, 32, 1, "otherctx");
    expect(a).not.toEqual(b);
    expect(a).not.toEqual(c);
  });

  it.each([
    ["a short key", new Uint8Array(16), 32, "loginctx"],
    ["a 7-byte context", key, 32, "loginct"],
    ["a 9-byte context", key, 32, "loginctxx"],
    ["a too short sub-key", key, 15, "loginctx"],
    ["a too long sub-key", key, 65, "loginctx"],
  ])("rejects %s with InvalidLengthError", async (_label, k, length, context) => {
    await expect(deriveSubKey(k, length, 1, context)).rejects.toThrow(InvalidLengthError);
  });
});
