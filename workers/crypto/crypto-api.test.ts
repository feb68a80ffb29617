// The worker's surface called directly (no worker): what each function returns
// and how batches settle. Worker threads and the pool are in pool.test.ts.

import { SRP, SrpServer } from "fast-srp-hap";
import { describe, expect, it } from "vitest";
import {
  STREAM_CHUNK_BYTES,
  decryptStreamBytes,
  fromB64,
  generateKeyB64,
  toB64,
  utf8ToBytes,
} from "../../shared/crypto";
import { randomTestBytes, sameBytes } from "../../shared/crypto/test-support/test-bytes";
import * as api from "./crypto-api";

describe("crypto API batches", () => {
  it("decrypts boxes per item, reporting each failure by name", async () => {
    const keyB64 = await generateKeyB64();
    const [good, other] = await api.encryptBoxes([
      { data: utf8ToBytes("Holidays"), keyB64 },
      { data: utf8ToBytes("Family"), keyB64 },
    ]);
    if (good === undefined || other === undefined) throw new Error("missing boxes");
    const wrongKeyB64 = await generateKeyB64();
    const results = await api.decryptBoxesToUTF8([
      { ...good, keyB64 },
      { ...other, keyB64: wrongKeyB64 },
      { ...other, nonceB64: "###", keyB64 },
      { ...other, keyB64 },
    ]);
    expect(results).toEqual([
      { ok: true, value: "Holidays" },
      { ok: false, errorName: "DecryptionError", message: expect.any(String) as string },
      { ok: false, errorName: "InvalidBase64Error", message: expect.any(String) as string },
      { ok: true, value: "Family" },
    ]);
    const asBytes = await api.decryptBoxes([{ ...good, keyB64 }]);
    expect(asBytes).toEqual([{ ok: true, value: utf8ToBytes("Holidays") }]);
  });

  it("decrypts wrapped keys to base64", async () => {
    const collectionKeyB64 = await generateKeyB64();
    const fileKeyB64 = await api.generateBlobOrStreamKeyB64();
    const [wrapped] = await api.encryptBoxes([
      { data: fromB64(fileKeyB64), keyB64: collectionKeyB64 },
    ]);
    if (wrapped === undefined) throw new Error("missing box");
    expect(await api.decryptBoxesToB64([{ ...wrapped, keyB64: collectionKeyB64 }])).toEqual([
      { ok: true, value: fileKeyB64 },
    ]);
  });

  it("round-trips binary and JSON blobs", async () => {
    const keyB64 = await api.generateBlobOrStreamKeyB64();
    const thumbnail = randomTestBytes(20_000);
    const [encrypted] = await api.encryptBlobs([{ data: thumbnail.slice(), keyB64 }]);
    if (encrypted === undefined) throw new Error("missing blob");
    const [decrypted] = await api.decryptBlobs([{ ...encrypted, keyB64 }]);
    expect(decrypted?.ok && sameBytes(decrypted.value, thumbnail)).toBe(true);

    const metadata = { title: "IMG_0001.HEIC", creationTime: 1_600_000_000_000_000 };
    const [encryptedJSON] = await api.encryptBlobsFromJSON([{ value: metadata, keyB64 }]);
    if (encryptedJSON === undefined) throw new Error("missing blob");
    expect(
      await api.decryptBlobsToJSON([
        { ...encryptedJSON, keyB64 },
        { ...encryptedJSON, keyB64: await api.generateBlobOrStreamKeyB64() },
      ]),
    ).toEqual([
      { ok: true, value: metadata },
      { ok: false, errorName: "DecryptionError", message: expect.any(String) as string },
    ]);
  });

  it("seals and opens sealed boxes", async () => {
    const { publicKeyB64, secretKeyB64 } = await api.generateKeyPairB64();
    const token = randomTestBytes(32);
    const encryptedDataB64 = await api.sealBox(token, publicKeyB64);
    expect(await api.openSealedBoxes([{ encryptedDataB64, publicKeyB64, secretKeyB64 }])).toEqual([
      { ok: true, value: token },
    ]);
  });
});

describe("crypto API sessions", () => {
  it("encrypts a stream chunk by chunk and closes the session at FINAL", async () => {
    const opened = await api.openEncryptionStream();
    expect(fromB64(opened.keyB64)).toHaveLength(32);
    const data = randomTestBytes(STREAM_CHUNK_BYTES + 10);
    const before = api.openStreamCount();
    const first = api.encryptStreamChunk(opened.streamID, data.slice(0, STREAM_CHUNK_BYTES), false);
    const last = api.encryptStreamChunk(opened.streamID, data.slice(STREAM_CHUNK_BYTES), true);
    expect(api.openStreamCount()).toBe(before - 1);
    expect(() => api.encryptStreamChunk(opened.streamID, data, true)).toThrow(
      expect.objectContaining({ name: "UnknownCryptoSessionError" }),
    );

    const encryptedData = new Uint8Array(first.length + last.length);
    encryptedData.set(first);
    encryptedData.set(last, first.length);
    const decrypted = await decryptStreamBytes(
      { encryptedData, decryptionHeader: fromB64(opened.decryptionHeaderB64) },
      fromB64(opened.keyB64),
    );
    expect(sameBytes(decrypted, data)).toBe(true);

    const streamID = await api.openDecryptionStream(opened.decryptionHeaderB64, opened.keyB64);
    expect(api.decryptStreamChunk(streamID, first).isFinal).toBe(false);
    expect(api.decryptStreamChunk(streamID, last).isFinal).toBe(true);
    expect(api.openStreamCount()).toBe(before - 1);
  });

  it("closes a decryption session on the first failure, and closeStream is idempotent", async () => {
    const keyB64 = await api.generateBlobOrStreamKeyB64();
    const opened = await api.openEncryptionStream(keyB64);
    expect(opened.keyB64).toBe(keyB64);
    const chunk = api.encryptStreamChunk(opened.streamID, utf8ToBytes("abc"), true);
    const streamID = await api.openDecryptionStream(opened.decryptionHeaderB64, keyB64);
    const tampered = chunk.slice();
    tampered[0] = (tampered[0] ?? 0) ^ 1;
    expect(() => api.decryptStreamChunk(streamID, tampered)).toThrow(
      expect.objectContaining({ name: "DecryptionError" }),
    );
    expect(() => api.decryptStreamChunk(streamID, chunk)).toThrow(
      expect.objectContaining({ name: "UnknownCryptoSessionError" }),
    );
    expect(() => {
      api.closeStream(streamID);
      api.closeStream(streamID);
    }).not.toThrow();
  });

  it("does not let an encryption session be used for decryption", async () => {
    const opened = await api.openEncryptionStream();
    expect(() => api.decryptStreamChunk(opened.streamID, new Uint8Array(20))).toThrow(
      expect.objectContaining({ name: "UnknownCryptoSessionError" }),
    );
    api.closeStream(opened.streamID);
  });

  it("hashes incrementally like in one go", async () => {
    const data = randomTestBytes(100_000);
    const hashID = await api.openHash();
    api.updateHash(hashID, data.subarray(0, 40_000));
    api.updateHash(hashID, data.subarray(40_000));
    expect(api.finalizeHashB64(hashID)).toBe(await api.hashBytesB64(data));
    expect(() => {
      api.updateHash(hashID, data);
    }).toThrow(expect.objectContaining({ name: "UnknownCryptoSessionError" }));
  });

  it("logs in with SRP, keeping the session in the worker", async () => {
    const kekB64 = (await api.deriveInteractiveKeyB64("password")).keyB64;
    const loginSubKeyB64 = await api.deriveSRPLoginSubKeyB64(kekB64);
    expect(fromB64(loginSubKeyB64)).toHaveLength(16);
    const { srpUserID, srpSaltB64, srpVerifierB64 } =
      await api.generateSRPSetupAttributes(loginSubKeyB64);
    expect(await api.srpVerifierB64(srpUserID, srpSaltB64, loginSubKeyB64)).toBe(srpVerifierB64);

    const server = new SrpServer(
      SRP.params["4096"],
      Buffer.from(fromB64(srpVerifierB64)),
      Buffer.from(randomTestBytes(32)),
    );
    const { srpSessionID, srpAB64 } = await api.openSRPSession(
      srpUserID,
      srpSaltB64,
      loginSubKeyB64,
    );
    server.setA(Buffer.from(fromB64(srpAB64)));
    const m1B64 = api.computeSRPM1B64(srpSessionID, toB64(server.computeB()));
    server.checkM1(Buffer.from(fromB64(m1B64)));
    expect(() => {
      api.verifySRPM2(srpSessionID, toB64(server.computeM2()));
    }).not.toThrow();
    expect(() => api.computeSRPM1B64(srpSessionID, toB64(server.computeB()))).toThrow(
      expect.objectContaining({ name: "UnknownCryptoSessionError" }),
    );
  });
});

describe("crypto API keys", () => {
  it("converts recovery keys both ways", () => {
    const keyB64 = toB64(new Uint8Array(32));
    const mnemonic = api.recoveryKeyToMnemonic(keyB64);
    expect(mnemonic.split(" ")).toHaveLength(24);
    expect(api.recoveryKeyB64FromMnemonicOrHex(mnemonic.toUpperCase())).toBe(keyB64);
    expect(() => api.recoveryKeyB64FromMnemonicOrHex("not a key")).toThrow(
      expect.objectContaining({ name: "InvalidRecoveryKeyError" }),
    );
  });

  it("derives keys in base64, reproducibly from the salt", async () => {
    const derived = await api.deriveInteractiveKeyB64("correct horse");
    expect(derived).toMatchObject({ opsLimit: 2, memLimitBytes: 64 * 1024 * 1024 });
    expect(
      await api.deriveKeyB64(
        "correct horse",
        derived.saltB64,
        derived.opsLimit,
        derived.memLimitBytes,
      ),
    ).toBe(derived.keyB64);
    expect(await api.deriveSubKeyB64(derived.keyB64, 32, 1, "loginctx")).toHaveLength(44);
  });
});
