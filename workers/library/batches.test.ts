import { describe, expect, it } from "vitest";
import { inBatches, sendInBatches } from "./batches";

describe("inBatches", () => {
  it.each([
    { length: 0, size: 1000, sizes: [] },
    { length: 1, size: 1000, sizes: [1] },
    { length: 1000, size: 1000, sizes: [1000] },
    { length: 1001, size: 1000, sizes: [1000, 1] },
    { length: 5000, size: 2500, sizes: [2500, 2500] },
    { length: 7, size: 3, sizes: [3, 3, 1] },
  ])("cuts $length items into batches of $size: $sizes", ({ length, size, sizes }) => {
    const items = Array.from({ length }, (_, i) => i);
    const batches = inBatches(items, size);
    expect(batches.map((batch) => batch.length)).toEqual(sizes);
    expect(batches.flat()).toEqual(items);
  });

  it.each([0, -1, 1.5])("refuses a batch size of %d", (size) => {
    expect(() => inBatches([1], size)).toThrow(RangeError);
  });
});

describe("sendInBatches", () => {
  it("sends one batch after the other", async () => {
    const sent: number[][] = [];
    let inFlight = 0;
    await sendInBatches([1, 2, 3, 4, 5], 2, async (batch) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 1));
      sent.push(batch);
      inFlight -= 1;
    });
    expect(sent).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("stops at the first failed batch", async () => {
    const sent: number[][] = [];
    await expect(
      sendInBatches([1, 2, 3], 1, (batch) => {
        sent.push(batch);
        return batch[0] === 2 ? Promise.reject(new Error("refused")) : Promise.resolve();
      }),
    ).rejects.toThrow("refused");
    expect(sent).toEqual([[1], [2]]);
  });
});
