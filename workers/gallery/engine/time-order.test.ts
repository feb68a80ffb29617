import { describe, expect, it } from "vitest";
import { orderByTimeDesc } from "./time-order";

/** The reference order: a comparison sort. */
const expectedOrder = (times: number[], ids: number[]) =>
  times
    .map((_, i) => i)
    .sort((a, b) => (times[b] ?? 0) - (times[a] ?? 0) || (ids[b] ?? 0) - (ids[a] ?? 0) || a - b);

const order = (times: number[], ids: number[]) => [
  ...orderByTimeDesc(Float64Array.from(times), Float64Array.from(ids), times.length),
];

/** A small deterministic generator (tests must not depend on Math.random). */
const generator = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

describe("orderByTimeDesc", () => {
  it.each([
    ["newest first", [1, 3, 2], [1, 2, 3], [1, 2, 0]],
    ["higher ID first on equal times", [5, 5, 5], [7, 9, 8], [1, 2, 0]],
    ["stable on equal time and ID", [5, 5, 5], [7, 7, 7], [0, 1, 2]],
    [
      "negative times (before 1970) after positive ones",
      [-10, 10, -20, 0],
      [1, 2, 3, 4],
      [1, 3, 0, 2],
    ],
    ["empty", [], [], []],
  ])("small inputs: %s", (_, times, ids, expected) => {
    expect(order(times, ids)).toEqual(expected);
  });

  it.each([
    ["random µs times", 50_000, 1e15],
    ["many equal times", 20_000, 10],
    ["times around zero", 10_000, 0],
  ])("the radix sort agrees with a comparison sort: %s", (_, count, spanUs) => {
    const random = generator(count);
    const times = Array.from({ length: count }, () =>
      spanUs === 0
        ? Math.round((random() - 0.5) * 1e12)
        : 1_500_000_000_000_000 + Math.floor(random() * spanUs),
    );
    const ids = Array.from({ length: count }, () => Math.floor(random() * count * 4));
    expect(order(times, ids)).toEqual(expectedOrder(times, ids));
  });

  it("orders 1,000,000 entries (prints the time)", () => {
    const count = 1_000_000;
    const random = generator(7);
    const times = new Float64Array(count);
    const ids = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      times[i] = 1_500_000_000_000_000 + Math.floor(random() * 3e14);
      ids[i] = i + 1;
    }
    const startedMs = performance.now();
    const result = orderByTimeDesc(times, ids, count);
    const elapsedMs = performance.now() - startedMs;
    console.log(`orderByTimeDesc: 1,000,000 entries in ${elapsedMs.toFixed(1)} ms`);
    let outOfOrder = 0;
    for (let i = 1; i < count; i++) {
      if ((times[result[i - 1] ?? 0] ?? 0) < (times[result[i] ?? 0] ?? 0)) outOfOrder += 1;
    }
    expect(outOfOrder).toBe(0);
    expect(new Set(result).size).toBe(count);
  });
});
