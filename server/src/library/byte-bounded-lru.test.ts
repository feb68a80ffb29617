import { describe, expect, it } from "vitest";
import { ByteBoundedLRU } from "./byte-bounded-lru";

const lruOf = (maxBytes: number) =>
  new ByteBoundedLRU<string>(maxBytes, (_key, value) => value.length);

describe("ByteBoundedLRU", () => {
  it("keeps what fits and answers it", () => {
    const lru = lruOf(10);
    lru.set("a", "aaaa");
    lru.set("b", "bbbb");
    expect(lru.get("a")).toBe("aaaa");
    expect(lru.get("b")).toBe("bbbb");
    expect(lru.get("c")).toBeUndefined();
    expect(lru.sizeBytes).toBe(8);
  });

  it("forgets the least recently used entries once the bytes pass the bound", () => {
    const lru = lruOf(10);
    lru.set("a", "aaaa");
    lru.set("b", "bbbb");
    expect(lru.get("a")).toBe("aaaa"); // b is now the oldest
    lru.set("c", "cccc");
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("aaaa");
    expect(lru.get("c")).toBe("cccc");
    expect(lru.sizeBytes).toBeLessThanOrEqual(10);
    expect(lru.size).toBe(2);
  });

  it("forgets as many as it takes for a large entry", () => {
    const lru = lruOf(10);
    for (const key of ["a", "b", "c", "d", "e"]) lru.set(key, key.repeat(2));
    lru.set("big", "x".repeat(9));
    expect(lru.size).toBe(1);
    expect(lru.get("big")).toBe("x".repeat(9));
  });

  it("does not keep an entry larger than the whole bound, nor drop others for it", () => {
    const lru = lruOf(10);
    lru.set("a", "aaaa");
    lru.set("huge", "x".repeat(11));
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.get("a")).toBe("aaaa");
  });

  it("replaces an entry under the same key, counting its bytes once", () => {
    const lru = lruOf(10);
    lru.set("a", "aaaa");
    lru.set("a", "aaaaaa");
    expect(lru.get("a")).toBe("aaaaaa");
    expect(lru.sizeBytes).toBe(6);
    lru.delete("a");
    expect(lru.sizeBytes).toBe(0);
    expect(lru.get("a")).toBeUndefined();
  });
});
