import { describe, expect, it } from "vitest";
import { decryptBlob, encryptBlob } from "./blob";
import { SodiumNotReadyError } from "./errors";
import { generateBlobOrStreamKey } from "./keys";
import { freeSecretstreamState, loadSodium, readySodium } from "./sodium";
import { initStreamDecryption, initStreamEncryption } from "./stream";

describe("libsodium loading", () => {
  it("readySodium refuses before loadSodium, and works after", async () => {
    // This test file runs in its own module graph, so nothing has loaded libsodium yet.
    expect(() => readySodium()).toThrow(SodiumNotReadyError);
    const sodium = await loadSodium();
    expect(readySodium()).toBe(sodium);
    expect(await loadSodium()).toBe(sodium);
  });
});

describe("secretstream states", () => {
  /** The heap address the next secretstream state gets (freed again at once). */
  const nextStateAddress = async (): Promise<unknown> => {
    const sodium = await loadSodium();
    const { state } = sodium.crypto_secretstream_xchacha20poly1305_init_push(
      sodium.crypto_secretstream_xchacha20poly1305_keygen(),
    );
    freeSecretstreamState(state);
    return state;
  };

  it("are freed: the allocator hands the same address out again", async () => {
    const first = await nextStateAddress();
    expect(typeof first).toBe("number");
    expect(await nextStateAddress()).toBe(first);
  });

  it("are freed by Blobs and finished, failed or disposed streams", async () => {
    const key = await generateBlobOrStreamKey();
    const before = await nextStateAddress();
    for (let i = 0; i < 200; i++) {
      await decryptBlob(await encryptBlob(Uint8Array.of(i), key), key);
      const encryptor = await initStreamEncryption(key);
      const chunk = encryptor.push(Uint8Array.of(i), false);
      encryptor.dispose();
      const decryptor = await initStreamDecryption(encryptor.decryptionHeader, key);
      expect(() => decryptor.pull(chunk.subarray(1))).toThrow();
    }
    // Had any of those 800 states leaked, the first would occupy this address.
    expect(await nextStateAddress()).toBe(before);
  });
});
