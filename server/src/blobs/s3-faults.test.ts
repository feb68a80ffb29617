import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3BlobStoreOn } from "../../test-support/blob-stores";
import { startFakeS3, type FakeS3 } from "../../test-support/s3-server";
import type { BlobStore } from "./blob-store";

// The server's own S3 calls against injected failures.
// See: [Note: The server's own S3 calls retry and time out]

let fake: FakeS3;
let store: BlobStore;
beforeAll(async () => {
  fake = await startFakeS3();
  // A stall is given up after half a second here, not thirty.
  store = createS3BlobStoreOn(fake, {
    maxAttempts: 4,
    connectionTimeoutMs: 2_000,
    idleTimeoutMs: 500,
  });
});
afterAll(async () => {
  await store.close();
  await fake.close();
});

const put = async (key: string, bytes: Uint8Array) => {
  const url = await store.presignPut(key, { validForMs: 60_000, contentLengthBytes: bytes.length });
  const answer = await fetch(url, { method: "PUT", body: new Uint8Array(bytes) });
  expect(answer.status).toBe(200);
};

describe("S3 calls of the server, on a flaky S3", () => {
  it("size, read, list and delete all succeed through a 503, a reset and a stall", async () => {
    const bytes = new TextEncoder().encode("ciphertext of a small object");
    await put("1/faults/object", bytes);

    fake.injectFaults(["slow down", "reset", "stall"]);
    expect(await store.sizeBytes("1/faults/object")).toBe(bytes.length);

    fake.injectFaults(["stall", "slow down"]);
    expect(await store.readSmall("1/faults/object", 1024)).toEqual(bytes);

    fake.injectFaults(["reset"]);
    expect(await store.listKeys("1/faults/")).toEqual(["1/faults/object"]);

    fake.injectFaults(["slow down", "stall"]);
    await store.delete("1/faults/object");
    expect(await store.sizeBytes("1/faults/object")).toBeUndefined();
  });

  it("gives up with an error, not a hang, when S3 stays down", async () => {
    await put("1/faults/down", new Uint8Array(3));
    const before = fake.requestCount();
    fake.injectFaults(["stall", "slow down", "reset", "stall"]);
    await expect(store.sizeBytes("1/faults/down")).rejects.toThrow();
    expect(fake.requestCount() - before).toBe(4);
    expect(await store.sizeBytes("1/faults/down")).toBe(3);
  });
});
