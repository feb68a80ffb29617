import { describe, expect, it } from "vitest";
import type { BlobStore } from "../../blobs/blob-store";
import { sizeReadBackoffMs, uploadedObjectSize } from "./object-sizes";

/** A store whose size reads answer the given values in turn (an Error is thrown). */
const storeAnswering = (answers: (number | undefined | Error)[]) => {
  const reads: string[] = [];
  const store = {
    sizeBytes: (key: string) => {
      reads.push(key);
      const answer = answers.shift();
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  } as Pick<BlobStore, "sizeBytes"> as BlobStore;
  return { store, reads };
};

const recordingSleep = () => {
  const pauses: number[] = [];
  return {
    pauses,
    wait: (ms: number) => {
      pauses.push(ms);
      return Promise.resolve();
    },
  };
};

describe("uploadedObjectSize", () => {
  it("answers the size at once when the object is there", async () => {
    const { store, reads } = storeAnswering([1234]);
    const { pauses, wait } = recordingSleep();
    expect(await uploadedObjectSize(store, "1/a", wait)).toBe(1234);
    expect(reads).toEqual(["1/a"]);
    expect(pauses).toEqual([]);
  });

  it("retries a missing object and a failed read, then answers", async () => {
    const { store, reads } = storeAnswering([undefined, new Error("timeout"), 0]);
    const { pauses, wait } = recordingSleep();
    expect(await uploadedObjectSize(store, "1/a", wait)).toBe(0);
    expect(reads).toHaveLength(3);
    expect(pauses).toEqual([...sizeReadBackoffMs]);
  });

  it("answers 503 OBJECT_SIZE_FETCH_FAILED after three tries", async () => {
    const { store, reads } = storeAnswering([undefined, undefined, undefined, 5]);
    const { pauses, wait } = recordingSleep();
    await expect(uploadedObjectSize(store, "1/a", wait)).rejects.toMatchObject({
      status: 503,
      code: "OBJECT_SIZE_FETCH_FAILED",
    });
    expect(reads).toHaveLength(3);
    expect(pauses).toEqual([500, 1000]);
  });
});
