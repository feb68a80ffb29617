import sodium from "libsodium-wrappers-sumo";
import { beforeAll, describe, expect, it } from "vitest";
import { fromB64 } from "./base64";
import {
  DataAfterFinalError,
  DecryptionError,
  InvalidLengthError,
  StreamClosedError,
  TruncatedStreamError,
} from "./errors";
import { generateBlobOrStreamKey } from "./keys";
import { STREAM_CHUNK_BYTES, STREAM_CIPHERTEXT_CHUNK_BYTES } from "./sizes";
import {
  decryptStreamBytes,
  encryptStreamBytes,
  initStreamDecryption,
  initStreamEncryption,
  streamChunkCount,
} from "./stream";
import { randomTestBytes, sameBytes } from "./test-support/test-bytes";

const MiB = 1024 * 1024;

beforeAll(async () => {
  await sodium.ready;
});

// Made once with libsodium: key = 00 01 … 1f, plaintext byte i = 7i mod 256.
const katKey = Uint8Array.from({ length: 32 }, (_, i) => i);
const katPlaintext = Uint8Array.from({ length: 100 }, (_, i) => (i * 7) & 255);
const katStream = {
  encryptedData: fromB64(
    "Jpxye3+HMOKMkXbKaZ/EANYd7RrKhCfXwZe0al3AsZTbX1bpwazKQariq8iTcj4o/6E5APlCgRckeqJsA/h7Ok/yrC+cZxfQZamPEurTW5HFCZdrDKUOygUqlunXT/SwA293/cTejclgH3jP4WQKpHR+LkxS",
  ),
  decryptionHeader: fromB64("QAGSXIEG4zq1aNYelSrLumo5FVg5Ni7/"),
};

/**
 * An independent reader of the wire format: cuts the ciphertext at 4 MiB + 17
 * bytes with raw libsodium calls and returns each chunk's tag.
 */
const rawChunkTags = (encryptedData: Uint8Array, header: Uint8Array, key: Uint8Array) => {
  const state = sodium.crypto_secretstream_xchacha20poly1305_init_pull(header, key);
  const tags: number[] = [];
  for (let offset = 0; offset < encryptedData.length; offset += 4 * MiB + 17) {
    const result = sodium.crypto_secretstream_xchacha20poly1305_pull(
      state,
      encryptedData.subarray(offset, offset + 4 * MiB + 17),
      null,
    );
    if (result === false) throw new Error(`chunk at ${offset} failed`);
    tags.push(result.tag);
  }
  return tags;
};

const { TAG_FINAL, TAG_MESSAGE } = {
  TAG_FINAL: 3, // crypto_secretstream_xchacha20poly1305_TAG_FINAL
  TAG_MESSAGE: 0, // crypto_secretstream_xchacha20poly1305_TAG_MESSAGE
};

describe("Stream", () => {
  it("uses 4 MiB plaintext chunks and 4 MiB + 17 byte ciphertext chunks", () => {
    expect(STREAM_CHUNK_BYTES).toBe(4 * MiB);
    expect(STREAM_CIPHERTEXT_CHUNK_BYTES).toBe(4 * MiB + 17);
    expect(TAG_FINAL).toBe(sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL);
    expect(TAG_MESSAGE).toBe(sodium.crypto_secretstream_xchacha20poly1305_TAG_MESSAGE);
  });

  it("decrypts a stored ciphertext with its fixed key", async () => {
    expect(await decryptStreamBytes(katStream, katKey)).toEqual(katPlaintext);
  });

  it.each([
    ["empty", 0, 1],
    ["one byte", 1, 1],
    ["exactly 4 MiB", 4 * MiB, 1],
    ["4 MiB + 1", 4 * MiB + 1, 2],
    ["exactly 2 × 4 MiB", 8 * MiB, 2],
  ])(
    "round-trips %s (%i bytes) in %i chunk(s), the last tagged FINAL",
    async (_label, length, chunks) => {
      expect(streamChunkCount(length)).toBe(chunks);
      const key = await generateBlobOrStreamKey();
      const data = randomTestBytes(length);
      const stream = await encryptStreamBytes(data, key);
      expect(stream.encryptedData).toHaveLength(length + chunks * 17);
      const tags = rawChunkTags(stream.encryptedData, stream.decryptionHeader, key);
      expect(tags).toEqual([...Array<number>(chunks - 1).fill(TAG_MESSAGE), TAG_FINAL]);
      expect(sameBytes(await decryptStreamBytes(stream, key), data)).toBe(true);
    },
  );

  describe("rejects damaged streams with typed errors", () => {
    const length = 4 * MiB + 1000; // two chunks: a full one and a short FINAL one
    let key: Uint8Array;
    let stream: Awaited<ReturnType<typeof encryptStreamBytes>>;

    beforeAll(async () => {
      key = await generateBlobOrStreamKey();
      stream = await encryptStreamBytes(randomTestBytes(length), key);
    });

    const decryptWith = (encryptedData: Uint8Array) =>
      decryptStreamBytes({ ...stream, encryptedData }, key);

    it("a tampered byte in either chunk → DecryptionError", async () => {
      for (const offset of [10, STREAM_CIPHERTEXT_CHUNK_BYTES + 10]) {
        const tampered = stream.encryptedData.slice();
        tampered[offset] = (tampered[offset] ?? 0) ^ 1;
        await expect(decryptWith(tampered)).rejects.toThrow(DecryptionError);
      }
    });

    it("a truncated last chunk → DecryptionError", async () => {
      await expect(decryptWith(stream.encryptedData.subarray(0, -1))).rejects.toThrow(
        DecryptionError,
      );
      const leavingTooFewBytes = STREAM_CIPHERTEXT_CHUNK_BYTES + 5;
      await expect(
        decryptWith(stream.encryptedData.subarray(0, leavingTooFewBytes)),
      ).rejects.toThrow(DecryptionError);
    });

    it("a dropped final chunk → TruncatedStreamError", async () => {
      await expect(
        decryptWith(stream.encryptedData.subarray(0, STREAM_CIPHERTEXT_CHUNK_BYTES)),
      ).rejects.toThrow(TruncatedStreamError);
      await expect(decryptWith(new Uint8Array(0))).rejects.toThrow(TruncatedStreamError);
    });

    it("a whole chunk after FINAL → DataAfterFinalError", async () => {
      const exact = await encryptStreamBytes(randomTestBytes(4 * MiB), key);
      const extended = new Uint8Array(exact.encryptedData.length + 20);
      extended.set(exact.encryptedData);
      await expect(decryptStreamBytes({ ...exact, encryptedData: extended }, key)).rejects.toThrow(
        DataAfterFinalError,
      );
    });

    it("a wrong key or header → DecryptionError", async () => {
      await expect(decryptStreamBytes(stream, await generateBlobOrStreamKey())).rejects.toThrow(
        DecryptionError,
      );
      const otherHeader = (await initStreamEncryption(key)).decryptionHeader;
      await expect(
        decryptStreamBytes({ ...stream, decryptionHeader: otherHeader }, key),
      ).rejects.toThrow(DecryptionError);
    });

    it("a wrong key or header size → InvalidLengthError", async () => {
      await expect(decryptStreamBytes(stream, key.subarray(1))).rejects.toThrow(InvalidLengthError);
      await expect(
        decryptStreamBytes({ ...stream, decryptionHeader: new Uint8Array(23) }, key),
      ).rejects.toThrow(InvalidLengthError);
    });
  });

  describe("incremental", () => {
    it("pushes and pulls chunk by chunk, reporting FINAL", async () => {
      const key = await generateBlobOrStreamKey();
      const encryptor = await initStreamEncryption(key);
      const first = encryptor.push(Uint8Array.from([1, 2, 3]), false);
      expect(encryptor.isFinished).toBe(false);
      const last = encryptor.push(Uint8Array.from([4]), true);
      expect(encryptor.isFinished).toBe(true);

      const decryptor = await initStreamDecryption(encryptor.decryptionHeader, key);
      expect(decryptor.pull(first)).toEqual({
        plaintext: Uint8Array.from([1, 2, 3]),
        isFinal: false,
      });
      expect(decryptor.pull(last)).toEqual({ plaintext: Uint8Array.from([4]), isFinal: true });
      expect(() => {
        decryptor.finish();
      }).not.toThrow();
    });

    it("refuses to push after FINAL or dispose, and to pull after FINAL", async () => {
      const key = await generateBlobOrStreamKey();
      const encryptor = await initStreamEncryption(key);
      const only = encryptor.push(new Uint8Array(0), true);
      expect(() => encryptor.push(new Uint8Array(1), false)).toThrow(StreamClosedError);
      const other = await initStreamEncryption(key);
      other.dispose();
      expect(() => other.push(new Uint8Array(1), true)).toThrow(StreamClosedError);

      const decryptor = await initStreamDecryption(encryptor.decryptionHeader, key);
      expect(decryptor.pull(only).isFinal).toBe(true);
      expect(() => decryptor.pull(only)).toThrow(DataAfterFinalError);
    });

    it("finish() before FINAL → TruncatedStreamError; a failed decryptor stays closed", async () => {
      const key = await generateBlobOrStreamKey();
      const encryptor = await initStreamEncryption(key);
      const first = encryptor.push(new Uint8Array(10), false);
      encryptor.dispose();
      const decryptor = await initStreamDecryption(encryptor.decryptionHeader, key);
      decryptor.pull(first);
      expect(() => {
        decryptor.finish();
      }).toThrow(TruncatedStreamError);

      const failing = await initStreamDecryption(encryptor.decryptionHeader, key);
      const tampered = first.slice();
      tampered[0] = (tampered[0] ?? 0) ^ 1;
      expect(() => failing.pull(tampered)).toThrow(DecryptionError);
      expect(() => failing.pull(first)).toThrow(StreamClosedError);
    });
  });
});
