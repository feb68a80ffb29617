import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashBytesB64 } from "../../shared/crypto";
import { randomTestBytes } from "../../shared/crypto/test-support/test-bytes";
import { type NodeCryptoPool, createNodeCryptoPool } from "../crypto/node-pool";
import { contentHashB64, hashSliceBytes } from "./content-hash";

let pool: NodeCryptoPool;
beforeAll(async () => {
  pool = await createNodeCryptoPool({ size: 1 });
});
afterAll(async () => {
  await pool.terminate();
});

describe("contentHashB64", () => {
  it.each([
    ["an empty file", 0],
    ["a small photo", 300_000],
    ["exactly one slice", hashSliceBytes],
    ["two slices and a bit", 2 * hashSliceBytes + 12_345],
  ])(
    "hashes %s like hashing its bytes at once, reporting bytes as it goes",
    async (_name, sizeBytes) => {
      const bytes = randomTestBytes(sizeBytes);
      const progress: number[] = [];
      const hashB64 = await contentHashB64(pool, new Blob([bytes]), undefined, (hashed) =>
        progress.push(hashed),
      );
      expect(hashB64).toBe(await hashBytesB64(bytes));
      expect(progress.at(-1) ?? 0).toBe(sizeBytes);
      expect(progress.length).toBe(Math.ceil(sizeBytes / hashSliceBytes));
    },
  );

  it("stops with 'upload cancelled' when the upload is cancelled", async () => {
    const cancel = new AbortController();
    cancel.abort();
    await expect(
      contentHashB64(pool, new Blob([randomTestBytes(1000)]), cancel.signal),
    ).rejects.toMatchObject({ key: "uploadCancelled" });
  });
});
