import { describe, expect, it } from "vitest";
import { RecencyMap } from "./recency-map";

const filled = (...keys: string[]) => {
  const map = new RecencyMap<string, number>();
  keys.forEach((key, index) => {
    map.set(key, index);
  });
  return map;
};

const trimmed = (map: RecencyMap<string, number>, maxSize: number) => {
  const dropped: string[] = [];
  map.trimTo(maxSize, (key) => dropped.push(key));
  return dropped;
};

describe("RecencyMap", () => {
  it("drops the least recently set entries beyond its size", () => {
    const map = filled("a", "b", "c", "d");
    expect(trimmed(map, 2)).toEqual(["a", "b"]);
    expect([...map.entries()]).toEqual([
      ["c", 2],
      ["d", 3],
    ]);
  });

  it("keeps an entry that was used, and not one that was only peeked at", () => {
    const map = filled("a", "b", "c");
    expect(map.use("a")).toBe(0);
    expect(map.peek("b")).toBe(1);
    expect(trimmed(map, 2)).toEqual(["b"]);
    expect(map.peek("a")).toBe(0);
  });

  it("counts setting a key again as its newest use", () => {
    const map = filled("a", "b");
    map.set("a", 9);
    expect(trimmed(map, 1)).toEqual(["b"]);
    expect(map.size).toBe(1);
    expect(map.use("missing")).toBeUndefined();
  });
});
