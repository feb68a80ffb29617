import { describe, expect, it } from "vitest";
import { EncodedJSON } from "../../http/encoded-json";
import { createDiffPageCache, type DiffPageKey } from "./diff-page-cache";

// The cache alone: what its callers notice is which builds run and which
// answers come back. See: [Note: Encoded diff pages are cached by collection version]

const key: DiffPageKey = {
  collectionID: 7,
  collectionVersionUs: 1000,
  sinceTimeUs: 0,
  viewerID: 3,
  coding: "gzip",
};

/** A build that counts its calls and answers `bytes` bytes named after the call. */
const countingBuild = (bytes = 100) => {
  const calls: number[] = [];
  const build = () => {
    calls.push(calls.length);
    return Promise.resolve(new EncodedJSON(Buffer.alloc(bytes, String(calls.length)), "identity"));
  };
  return { calls, build };
};

describe("the diff page cache", () => {
  it("builds a page once and answers the same bytes to later requests", async () => {
    const cache = createDiffPageCache(1024 * 1024);
    const { calls, build } = countingBuild();
    const first = await cache.page(key, build);
    const second = await cache.page(key, build);
    expect(calls).toHaveLength(1);
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  it("lets requests for a page being built wait for that build", async () => {
    const cache = createDiffPageCache(1024 * 1024);
    const { calls, build } = countingBuild();
    const answers = await Promise.all([cache.page(key, build), cache.page(key, build)]);
    expect(calls).toHaveLength(1);
    expect(answers[1]).toBe(answers[0]);
  });

  it.each([
    { field: "collectionID", other: { ...key, collectionID: 8 } },
    { field: "collectionVersionUs", other: { ...key, collectionVersionUs: 1001 } },
    { field: "sinceTimeUs", other: { ...key, sinceTimeUs: 1 } },
    { field: "viewerID", other: { ...key, viewerID: 4 } },
    { field: "coding", other: { ...key, coding: "br" as const } },
  ])("keeps pages differing in $field apart", async ({ other }) => {
    const cache = createDiffPageCache(1024 * 1024);
    const { calls, build } = countingBuild();
    const mine = await cache.page(key, build);
    const theirs = await cache.page(other, build);
    expect(calls).toHaveLength(2);
    expect(theirs.bytes.equals(mine.bytes)).toBe(false);
  });

  it("keeps no failed build: the next request builds again", async () => {
    const cache = createDiffPageCache(1024 * 1024);
    const failing = () => Promise.reject(new Error("database gone"));
    const waiting = [cache.page(key, failing), cache.page(key, failing)];
    for (const answer of waiting) await expect(answer).rejects.toThrow("database gone");
    const { calls, build } = countingBuild();
    await cache.page(key, build);
    expect(calls).toHaveLength(1);
  });

  it("forgets the least recently used pages beyond its byte bound", async () => {
    // Room for two pages of 1,000 bytes with their bookkeeping, not three.
    const cache = createDiffPageCache(2 * 1500);
    const { calls, build } = countingBuild(1000);
    const keyAt = (sinceTimeUs: number): DiffPageKey => ({ ...key, sinceTimeUs });
    await cache.page(keyAt(1), build);
    await cache.page(keyAt(2), build);
    await cache.page(keyAt(1), build); // 2 is now the oldest
    await cache.page(keyAt(3), build);
    expect(calls).toHaveLength(3);
    await cache.page(keyAt(1), build);
    await cache.page(keyAt(3), build);
    expect(calls).toHaveLength(3);
    await cache.page(keyAt(2), build);
    expect(calls).toHaveLength(4);
  });

  it("keeps nothing with a bound of zero", async () => {
    const cache = createDiffPageCache(0);
    const { calls, build } = countingBuild();
    await cache.page(key, build);
    await cache.page(key, build);
    expect(calls).toHaveLength(2);
  });
});
