// The pool over real worker threads (the same module the browser runs).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DataAfterFinalError,
  DecryptionError,
  InvalidRecoveryKeyError,
  STREAM_CHUNK_BYTES,
  TruncatedStreamError,
  UnknownCryptoSessionError,
  decryptBoxB64,
  encryptBoxB64,
  encryptStreamBytes,
  fromB64,
  generateKeyB64,
  hashBytesB64,
  toB64,
  utf8ToBytes,
} from "../../shared/crypto";
import { randomTestBytes, sameBytes } from "../../shared/crypto/test-support/test-bytes";
import { type NodeCryptoWorkers, spawnNodeCryptoWorkers } from "./node-pool";
import { type CryptoPool, type CryptoRemote, createCryptoPool } from "./pool";
import { decryptThroughStream, encryptThroughStream } from "./stream-pipeline";

const MiB = 1024 * 1024;

/** Wraps a remote so that every API function fetched from it is recorded. */
const counting = (remote: CryptoRemote, calls: string[]): CryptoRemote =>
  new Proxy(remote, {
    get(target, property, receiver) {
      if (typeof property === "string") calls.push(property);
      return Reflect.get(target, property, receiver) as unknown;
    },
  });

const collect = async (source: AsyncIterable<Uint8Array>): Promise<Uint8Array> => {
  const parts: Uint8Array[] = [];
  for await (const part of source) parts.push(part);
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

let workers: NodeCryptoWorkers;
let calls: [string[], string[]];
let pool: CryptoPool;

beforeAll(async () => {
  workers = await spawnNodeCryptoWorkers(2);
  calls = [[], []];
  pool = createCryptoPool({
    workers: workers.remotes.map((remote, i) => counting(remote, calls[i as 0 | 1])),
  });
});

afterAll(async () => {
  await workers.terminate();
});

const resetCalls = () => {
  calls[0].length = 0;
  calls[1].length = 0;
};

describe("crypto pool over worker threads", () => {
  it("decrypts 1,000 boxes in one call, using each worker once", async () => {
    const keyB64 = await generateKeyB64();
    const names = Array.from({ length: 1000 }, (_, i) => `Album ${i}`);
    const boxes = await Promise.all(names.map((name) => encryptBoxB64(utf8ToBytes(name), keyB64)));
    resetCalls();

    const results = await pool.decryptBoxesToUTF8(boxes.map((box) => ({ ...box, keyB64 })));

    expect(results.map((result) => (result.ok ? result.value : result.error))).toEqual(names);
    expect(calls[0]).toEqual(["decryptBoxesToUTF8"]);
    expect(calls[1]).toEqual(["decryptBoxesToUTF8"]);
  });

  it("grows: a pool started with one worker spreads batches over the workers added later", async () => {
    const keyB64 = await generateKeyB64();
    const names = Array.from({ length: 1000 }, (_, i) => `Photo ${i}`);
    const boxes = await Promise.all(names.map((name) => encryptBoxB64(utf8ToBytes(name), keyB64)));
    const [first, second] = workers.remotes;
    if (first === undefined || second === undefined) throw new Error("two workers expected");
    const firstCalls: string[] = [];
    const secondCalls: string[] = [];
    const growing = createCryptoPool({ workers: [counting(first, firstCalls)] });

    const alone = await growing.decryptBoxesToUTF8(boxes.map((box) => ({ ...box, keyB64 })));
    expect(alone.map((result) => result.ok && result.value)).toEqual(names);
    expect(firstCalls).toEqual(["decryptBoxesToUTF8"]);
    expect(growing.size).toBe(1);

    growing.addWorkers([counting(second, secondCalls)]);
    const spread = await growing.decryptBoxesToUTF8(boxes.map((box) => ({ ...box, keyB64 })));
    expect(spread.map((result) => result.ok && result.value)).toEqual(names);
    expect(growing.size).toBe(2);
    expect(firstCalls).toEqual(["decryptBoxesToUTF8", "decryptBoxesToUTF8"]);
    expect(secondCalls).toEqual(["decryptBoxesToUTF8"]);
  });

  it("sends a small batch to one worker", async () => {
    const keyB64 = await generateKeyB64();
    const boxes = await Promise.all(
      [1, 2, 3].map((i) => encryptBoxB64(utf8ToBytes(`${i}`), keyB64)),
    );
    resetCalls();
    const results = await pool.decryptBoxesToUTF8(boxes.map((box) => ({ ...box, keyB64 })));
    expect(results).toEqual(["1", "2", "3"].map((value) => ({ ok: true, value })));
    expect([...calls[0], ...calls[1]]).toEqual(["decryptBoxesToUTF8"]);
  });

  it("reports a failed item as a typed error and keeps the others", async () => {
    const keyB64 = await generateKeyB64();
    const box = await encryptBoxB64(utf8ToBytes("kept"), keyB64);
    const [kept, failed] = await pool.decryptBoxesToUTF8([
      { ...box, keyB64 },
      { ...box, keyB64: await generateKeyB64() },
    ]);
    expect(kept).toEqual({ ok: true, value: "kept" });
    expect(failed?.ok === false && failed.error).toBeInstanceOf(DecryptionError);
  });

  it("encrypts boxes across workers that the caller can decrypt", async () => {
    const keyB64 = await generateKeyB64();
    const data = Array.from({ length: 300 }, (_, i) => utf8ToBytes(`key ${i}`));
    resetCalls();
    const boxes = await pool.encryptBoxes(data.map((bytes) => ({ data: bytes, keyB64 })));
    expect(calls[0]).toEqual(["encryptBoxes"]);
    expect(calls[1]).toEqual(["encryptBoxes"]);
    const first = boxes[0];
    if (first === undefined) throw new Error("no boxes");
    expect(await decryptBoxB64(first, keyB64)).toEqual(utf8ToBytes("key 0"));
    expect(boxes).toHaveLength(300);
  });

  it("transfers the bytes it is given (the sender's buffers are detached)", async () => {
    const keyB64 = await pool.generateBlobOrStreamKeyB64();
    const thumbnail = randomTestBytes(50_000);
    const expected = thumbnail.slice();
    const [encrypted] = await pool.encryptBlobs([{ data: thumbnail, keyB64 }]);
    expect(thumbnail.byteLength).toBe(0);
    expect(thumbnail.buffer.byteLength).toBe(0);
    if (encrypted === undefined) throw new Error("no blob");
    const ciphertext = encrypted.encryptedData;
    const [decrypted] = await pool.decryptBlobs([{ ...encrypted, keyB64 }]);
    expect(ciphertext.byteLength).toBe(0);
    expect(decrypted?.ok === true && sameBytes(decrypted.value, expected)).toBe(true);
  });

  it("copies, rather than detaches, a view into a larger buffer", async () => {
    const backing = randomTestBytes(1000);
    const view = backing.subarray(100, 200);
    await pool.hashBytesB64(view);
    expect(backing.byteLength).toBe(1000);
    expect(await pool.hashBytesB64(backing.slice(100, 200))).toBe(await hashBytesB64(view));
  });

  it("keeps a streaming session on the worker that opened it", async () => {
    const stream = await pool.openEncryptionStream();
    const home = stream.workerIndex;
    const away = 1 - home;
    resetCalls();
    const data = randomTestBytes(2 * STREAM_CHUNK_BYTES + 5);
    const encrypted = await collect(encryptThroughStream(stream, [data.slice()]));
    expect(calls[home]).toEqual(["encryptStreamChunk", "encryptStreamChunk", "encryptStreamChunk"]);
    expect(calls[away]).toEqual([]);

    const decryption = await pool.openDecryptionStream(stream.decryptionHeaderB64, stream.keyB64);
    const decrypted = await collect(decryptThroughStream(decryption, [encrypted]));
    expect(sameBytes(decrypted, data)).toBe(true);
  });

  it("opens concurrent streams on different workers", async () => {
    const [a, b] = await Promise.all([pool.openEncryptionStream(), pool.openEncryptionStream()]);
    expect(new Set([a.workerIndex, b.workerIndex])).toEqual(new Set([0, 1]));
    await Promise.all([a.close(), b.close()]);
  });

  it("streams interoperate with the one-shot format and detach the chunks sent", async () => {
    const keyB64 = await pool.generateBlobOrStreamKeyB64();
    const data = randomTestBytes(4 * MiB + 1);
    const oneShot = await encryptStreamBytes(data, fromB64(keyB64));
    const decryption = await pool.openDecryptionStream(toB64(oneShot.decryptionHeader), keyB64);
    const firstChunk = oneShot.encryptedData.slice(0, 4 * MiB + 17);
    const result = await decryption.decryptChunk(firstChunk);
    expect(firstChunk.byteLength).toBe(0);
    expect(result.isFinal).toBe(false);
    const last = await decryption.decryptChunk(oneShot.encryptedData.slice(4 * MiB + 17));
    expect(last).toEqual({ plaintext: data.subarray(4 * MiB), isFinal: true });
    await decryption.finish();
  });

  it("delivers errors from inside a worker as typed errors", async () => {
    await expect(pool.recoveryKeyB64FromMnemonicOrHex("twelve words")).rejects.toThrow(
      InvalidRecoveryKeyError,
    );

    const stream = await pool.openEncryptionStream();
    const ciphertext = await stream.encryptChunk(utf8ToBytes("only chunk"), true);
    const tampered = ciphertext.slice();
    tampered[5] = (tampered[5] ?? 0) ^ 1;
    const decryption = await pool.openDecryptionStream(stream.decryptionHeaderB64, stream.keyB64);
    await expect(decryption.decryptChunk(tampered)).rejects.toThrow(DecryptionError);
    await expect(decryption.decryptChunk(ciphertext)).rejects.toThrow(UnknownCryptoSessionError);
  });

  it("reports truncation and data after FINAL through the pipeline", async () => {
    const stream = await pool.openEncryptionStream();
    const encrypted = await collect(encryptThroughStream(stream, [randomTestBytes(4 * MiB)]));
    const decryptFrom = async (ciphertext: Uint8Array) =>
      collect(
        decryptThroughStream(
          await pool.openDecryptionStream(stream.decryptionHeaderB64, stream.keyB64),
          [ciphertext],
        ),
      );
    const extended = new Uint8Array(encrypted.length + 100);
    extended.set(encrypted);
    await expect(decryptFrom(extended)).rejects.toThrow(DataAfterFinalError);
    await expect(decryptFrom(new Uint8Array(0))).rejects.toThrow(TruncatedStreamError);

    const twoChunks = await pool.openEncryptionStream(stream.keyB64);
    const header = twoChunks.decryptionHeaderB64;
    const first = await twoChunks.encryptChunk(randomTestBytes(STREAM_CHUNK_BYTES), false);
    await twoChunks.close();
    const decryption = await pool.openDecryptionStream(header, stream.keyB64);
    await expect(collect(decryptThroughStream(decryption, [first]))).rejects.toThrow(
      TruncatedStreamError,
    );
  });

  it("runs key derivation, hashing and SRP setup in the workers", async () => {
    const derived = await pool.deriveInteractiveKeyB64("password");
    expect(
      await pool.deriveKeyB64("password", derived.saltB64, derived.opsLimit, derived.memLimitBytes),
    ).toBe(derived.keyB64);
    const data = randomTestBytes(3 * MiB);
    const hash = await pool.openHash();
    await hash.update(data.slice(0, MiB));
    await hash.update(data.slice(MiB));
    expect(await hash.finalizeB64()).toBe(await hashBytesB64(data));
    const loginSubKeyB64 = await pool.deriveSRPLoginSubKeyB64(derived.keyB64);
    const attributes = await pool.generateSRPSetupAttributes(loginSubKeyB64);
    const session = await pool.openSRPSession(
      attributes.srpUserID,
      attributes.srpSaltB64,
      loginSubKeyB64,
    );
    expect(fromB64(session.srpAB64)).toHaveLength(512);
    await session.close();
  });
});
