import { describe, expect, it } from "vitest";
import { ByteLRU } from "./byte-lru";

describe("ByteLRU", () => {
  it("evicts the least recently used entries to stay within its bytes", () => {
    const lru = new ByteLRU<string, string>({ maxBytes: 10 });
    lru.set("a", "A", 4);
    lru.set("b", "B", 4);
    expect(lru.get("a")).toBe("A"); // a is now the most recent
    lru.set("c", "C", 4); // 12 > 10: b goes
    expect([lru.get("a"), lru.get("b"), lru.get("c")]).toEqual(["A", undefined, "C"]);
    expect(lru.sizeBytes).toBe(8);
  });

  it("replaces a key's value and its size", () => {
    const lru = new ByteLRU<string, string>({ maxBytes: 10 });
    lru.set("a", "A", 6);
    lru.set("a", "A2", 3);
    expect([lru.get("a"), lru.sizeBytes, lru.size]).toEqual(["A2", 3, 1]);
  });

  it("does not keep an entry over its entry bound, nor let it evict others", () => {
    const lru = new ByteLRU<string, string>({ maxBytes: 10, maxEntryBytes: 5 });
    lru.set("a", "A", 5);
    lru.set("big", "B", 6);
    expect([lru.get("a"), lru.get("big"), lru.sizeBytes]).toEqual(["A", undefined, 5]);
  });

  it("deletes and clears", () => {
    const lru = new ByteLRU<number, string>({ maxBytes: 10 });
    lru.set(1, "one", 2);
    lru.set(2, "two", 2);
    lru.delete(1);
    expect([lru.get(1), lru.sizeBytes]).toEqual([undefined, 2]);
    lru.clear();
    expect([lru.get(2), lru.sizeBytes, lru.size]).toEqual([undefined, 0, 0]);
  });
});
