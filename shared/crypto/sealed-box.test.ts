import { describe, expect, it } from "vitest";
import { fromB64 } from "./base64";
import { DecryptionError, InvalidLengthError } from "./errors";
import { generateKeyPair, generateKeyPairB64 } from "./keys";
import { boxSeal, boxSealB64, boxSealOpen, boxSealOpenB64 } from "./sealed-box";
import { bytesToUTF8, utf8ToBytes } from "./utf8";

// Made once with libsodium: the key pair of seed 32 33 … 51, and a message sealed to it.
const katPublicKey = fromB64("lZazDqJeKueYaWoqaICQq6Odn5viN+6LyVCohcTSzHc=");
const katSecretKey = fromB64("mj6sfWVAjOnP7VcFutTo4KgPcAEWqqwqvazdncsX9eo=");
const katSealed = fromB64(
  "sHzqDYKCJxSrKoOkHRGwxgt+0UyFr9QGLlWZH2FJ1Aw7q42JSjkrh35xHGPIT37PmCpiIe0yx0/OCqWua6nlEQ+7yZaJReSxGXMNTaoKnSKsYZE=",
);

describe("sealed box", () => {
  it("opens a stored sealed box with its fixed key pair", async () => {
    const opened = await boxSealOpen(katSealed, katPublicKey, katSecretKey);
    expect(bytesToUTF8(opened)).toBe("Cairn known-answer test: sealed box");
  });

  it("round-trips a 32-byte token (bytes and base64 forms)", async () => {
    const { publicKey, secretKey } = await generateKeyPair();
    const token = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
    const sealed = await boxSeal(token, publicKey);
    expect(sealed).toHaveLength(32 + 48);
    expect(await boxSealOpen(sealed, publicKey, secretKey)).toEqual(token);

    const pair = await generateKeyPairB64();
    const sealedB64 = await boxSealB64(utf8ToBytes("collection key"), pair.publicKeyB64);
    const openedB64 = await boxSealOpenB64(sealedB64, pair.publicKeyB64, pair.secretKeyB64);
    expect(bytesToUTF8(openedB64)).toBe("collection key");
  });

  it("does not open for another key pair, or when tampered or too short", async () => {
    const other = await generateKeyPair();
    await expect(boxSealOpen(katSealed, other.publicKey, other.secretKey)).rejects.toThrow(
      DecryptionError,
    );
    const tampered = katSealed.slice();
    tampered[50] = (tampered[50] ?? 0) ^ 4;
    await expect(boxSealOpen(tampered, katPublicKey, katSecretKey)).rejects.toThrow(
      DecryptionError,
    );
    await expect(
      boxSealOpen(katSealed.subarray(0, 47), katPublicKey, katSecretKey),
    ).rejects.toThrow(DecryptionError);
  });

  it("rejects wrong key sizes", async () => {
    await expect(boxSeal(new Uint8Array(1), new Uint8Array(31))).rejects.toThrow(
      InvalidLengthError,
    );
    await expect(
      boxSealOpen(katSealed, katPublicKey, katSecretKey.subarray(0, 16)),
    ).rejects.toThrow(InvalidLengthError);
  });
});
