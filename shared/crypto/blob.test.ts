import { describe, expect, it } from "vitest";
import { fromB64 } from "./base64";
import {
  decryptBlob,
  decryptBlobB64,
  decryptBlobJSON,
  encryptBlob,
  encryptBlobB64,
  encryptBlobJSON,
} from "./blob";
import {
  DecryptionError,
  InvalidJSONError,
  InvalidLengthError,
  TruncatedStreamError,
} from "./errors";
import { generateBlobOrStreamKey, generateBlobOrStreamKeyB64 } from "./keys";
import { initStreamEncryption } from "./stream";
import { bytesToUTF8, utf8ToBytes } from "./utf8";

// Made once with libsodium: key = 00 01 … 1f.
const katKey = Uint8Array.from({ length: 32 }, (_, i) => i);
const katPlaintext = "Cairn known-answer test: blob";
const katBlob = {
  encryptedData: fromB64("8A5PVNc0lQAU/WRNR+8UbNeou0nwL1INqaPAQdrFsPAS7Hp2d/7j18ce4Num2A=="),
  decryptionHeader: fromB64("DDGeQ2mO0J0RTEvdZeBR6U7cHGrPQpQQ"),
};

describe("Blob", () => {
  it("decrypts a stored ciphertext with its fixed key", async () => {
    expect(bytesToUTF8(await decryptBlob(katBlob, katKey))).toBe(katPlaintext);
  });

  it.each([0, 1, 100_000])("round-trips %i bytes as one FINAL message", async (length) => {
    const key = await generateBlobOrStreamKey();
    const data = Uint8Array.from({ length }, (_, i) => i % 251);
    const blob = await encryptBlob(data, key);
    expect(blob.decryptionHeader).toHaveLength(24);
    expect(blob.encryptedData).toHaveLength(length + 17);
    expect(await decryptBlob(blob, key)).toEqual(data);
  });

  it("round-trips base64 and JSON forms", async () => {
    const keyB64 = await generateBlobOrStreamKeyB64();
    const blob = await encryptBlobB64(utf8ToBytes("thumbnail"), keyB64);
    expect(bytesToUTF8(await decryptBlobB64(blob, keyB64))).toBe("thumbnail");
    const metadata = { title: "IMG_0001.jpg", creationTime: 1_700_000_000_000_000, fileType: 0 };
    expect(await decryptBlobJSON(await encryptBlobJSON(metadata, keyB64), keyB64)).toEqual(
      metadata,
    );
  });

  it("rejects a wrong key, tampering and a wrong header", async () => {
    const key = await generateBlobOrStreamKey();
    const blob = await encryptBlob(utf8ToBytes("metadata"), key);
    await expect(decryptBlob(blob, await generateBlobOrStreamKey())).rejects.toThrow(
      DecryptionError,
    );
    const tampered = blob.encryptedData.slice();
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 0x80;
    await expect(decryptBlob({ ...blob, encryptedData: tampered }, key)).rejects.toThrow(
      DecryptionError,
    );
    const otherHeader = (await encryptBlob(utf8ToBytes("x"), key)).decryptionHeader;
    await expect(decryptBlob({ ...blob, decryptionHeader: otherHeader }, key)).rejects.toThrow(
      DecryptionError,
    );
    await expect(decryptBlob({ ...blob, encryptedData: new Uint8Array(16) }, key)).rejects.toThrow(
      DecryptionError,
    );
  });

  it("rejects a message that is not tagged FINAL", async () => {
    const key = await generateBlobOrStreamKey();
    const encryptor = await initStreamEncryption(key);
    const notFinal = encryptor.push(utf8ToBytes("first chunk of a stream"), false);
    encryptor.dispose();
    await expect(
      decryptBlob({ encryptedData: notFinal, decryptionHeader: encryptor.decryptionHeader }, key),
    ).rejects.toThrow(TruncatedStreamError);
  });

  it("rejects wrong key and header sizes", async () => {
    const key = await generateBlobOrStreamKey();
    const blob = await encryptBlob(utf8ToBytes("x"), key);
    await expect(encryptBlob(utf8ToBytes("x"), new Uint8Array(16))).rejects.toThrow(
      InvalidLengthError,
    );
    await expect(
      decryptBlob({ ...blob, decryptionHeader: blob.decryptionHeader.subarray(1) }, key),
    ).rejects.toThrow(InvalidLengthError);
  });

  it("rejects a Blob whose plaintext is not JSON", async () => {
    const keyB64 = await generateBlobOrStreamKeyB64();
    const blob = await encryptBlobB64(utf8ToBytes("{not json"), keyB64);
    await expect(decryptBlobJSON(blob, keyB64)).rejects.toThrow(InvalidJSONError);
  });
});
