import { describe, expect, it } from "vitest";
import { batchedWrites } from "./batched-writes";

/** A write that records its batches and finishes when told. */
const heldWrites = () => {
  const batches: number[][] = [];
  const finish: ((error?: Error) => void)[] = [];
  const write = (items: readonly number[]) => {
    batches.push([...items]);
    return new Promise<void>((resolve, reject) => {
      finish.push((error) => {
        if (error === undefined) resolve();
        else reject(error);
      });
    });
  };
  return { write, batches, finish };
};

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("batchedWrites", () => {
  it("writes a lone item at once, and those that come during a write together in the next", async () => {
    const { write, batches, finish } = heldWrites();
    const store = batchedWrites(write);

    const first = store(1);
    await settled();
    expect(batches).toEqual([[1]]);
    const later = [store(2), store(3), store(4)];
    await settled();
    expect(batches).toEqual([[1]]);

    finish[0]?.();
    await first;
    await settled();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    let laterDone = false;
    void Promise.all(later).then(() => {
      laterDone = true;
    });
    await settled();
    expect(laterDone).toBe(false);
    finish[1]?.();
    await Promise.all(later);
  });

  it("fails only the callers of a failed write, and goes on with the next", async () => {
    const { write, batches, finish } = heldWrites();
    const store = batchedWrites(write);

    const first = store(1);
    await settled();
    const second = store(2);
    finish[0]?.(new Error("disk full"));
    await expect(first).rejects.toThrow("disk full");
    await settled();
    finish[1]?.();
    await second;
    expect(batches).toEqual([[1], [2]]);
  });
});
