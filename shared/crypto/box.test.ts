import { describe, expect, it } from "vitest";
import { fromB64, toB64 } from "./base64";
import { decryptBox, decryptBoxB64, encryptBox, encryptBoxB64, encryptBoxWithNonce } from "./box";
import { DecryptionError, InvalidBase64Error, InvalidLengthError } from "./errors";
import { generateKey, generateKeyB64 } from "./keys";
import { bytesToUTF8, utf8ToBytes } from "./utf8";

const sequence = (length: number, start = 0) =>
  Uint8Array.from({ length }, (_, i) => (start + i) & 255);

// Made once with libsodium: key = 00 01 … 1f, nonce = 64 65 … 7b.
const katKey = sequence(32);
const katNonce = sequence(24, 100);
const katPlaintext = "Cairn known-answer test: box";
const katCiphertextB64 = "77Kvoasf6eU452aPpa7BxkHY8LtUlqWH34pNuVbq0G9b2BjTgdU/IYZuLew=";

describe("Box", () => {
  it("gives the known ciphertext for a fixed key and nonce, and decrypts it", async () => {
    const encrypted = await encryptBoxWithNonce(utf8ToBytes(katPlaintext), katNonce, katKey);
    expect(toB64(encrypted)).toBe(katCiphertextB64);
    const decrypted = await decryptBox(
      { encryptedData: fromB64(katCiphertextB64), nonce: katNonce },
      katKey,
    );
    expect(bytesToUTF8(decrypted)).toBe(katPlaintext);
  });

  it.each([0, 1, 32, 1000])("round-trips %i bytes with a fresh nonce each time", async (length) => {
    const key = await generateKey();
    const data = sequence(length, 7);
    const first = await encryptBox(data, key);
    const second = await encryptBox(data, key);
    expect(first.nonce).toHaveLength(24);
    expect(first.encryptedData).toHaveLength(length + 16);
    expect(first.nonce).not.toEqual(second.nonce);
    expect(await decryptBox(first, key)).toEqual(data);
  });

  it("round-trips in base64 form", async () => {
    const keyB64 = await generateKeyB64();
    const box = await encryptBoxB64(utf8ToBytes("Holidays 2024"), keyB64);
    expect(bytesToUTF8(await decryptBoxB64(box, keyB64))).toBe("Holidays 2024");
  });

  it("rejects a wrong key, a tampered byte, a wrong nonce and a short ciphertext", async () => {
    const key = await generateKey();
    const box = await encryptBox(utf8ToBytes("secret"), key);
    await expect(decryptBox(box, await generateKey())).rejects.toThrow(DecryptionError);
    const tampered = box.encryptedData.slice();
    tampered[3] = (tampered[3] ?? 0) ^ 1;
    await expect(decryptBox({ ...box, encryptedData: tampered }, key)).rejects.toThrow(
      DecryptionError,
    );
    await expect(decryptBox({ ...box, nonce: sequence(24) }, key)).rejects.toThrow(DecryptionError);
    await expect(
      decryptBox({ encryptedData: new Uint8Array(15), nonce: box.nonce }, key),
    ).rejects.toThrow(DecryptionError);
  });

  it("rejects wrong key and nonce sizes before calling libsodium", async () => {
    const key = await generateKey();
    const box = await encryptBox(utf8ToBytes("secret"), key);
    await expect(encryptBox(new Uint8Array(1), new Uint8Array(31))).rejects.toThrow(
      InvalidLengthError,
    );
    await expect(decryptBox(box, new Uint8Array(33))).rejects.toThrow(InvalidLengthError);
    await expect(decryptBox({ ...box, nonce: new Uint8Array(12) }, key)).rejects.toThrow(
      InvalidLengthError,
    );
  });

  it("rejects bad base64 with InvalidBase64Error", async () => {
    const keyB64 = await generateKeyB64();
    const box = await encryptBoxB64(utf8ToBytes("secret"), keyB64);
    await expect(decryptBoxB64({ ...box, nonceB64: "not base64!" }, keyB64)).rejects.toThrow(
      InvalidBase64Error,
    );
    await expect(decryptBoxB64(box, keyB64.slice(1))).rejects.toThrow(InvalidBase64Error);
  });
});
