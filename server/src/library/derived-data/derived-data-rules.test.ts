import { describe, expect, it } from "vitest";
import { ApiError } from "../../../../shared/model/errors";
import {
  ensureFileDataSize,
  ensureWrittenOverStored,
  previewRegistration,
  readEmbeddingsPage,
  sortFetchedFileData,
} from "./derived-data-rules";

/** A source over rows that are just their versions. */
const sourceOf = (versions: readonly number[]) => ({
  rowsAfter: (after: number, count: number) =>
    Promise.resolve(versions.filter((v) => v > after).slice(0, count)),
  rowsAt: (at: number) => Promise.resolve(versions.filter((v) => v === at)),
  versionOf: (v: number) => v,
});

const statusOf = (run: () => void): number | undefined => {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.status;
    throw error;
  }
};

describe("readEmbeddingsPage", () => {
  // See: [Note: An embeddings page is never shorter than its limit while more follow]
  it.each([
    { versions: [], since: 0, limit: 2, page: [] },
    { versions: [1, 2, 3], since: 0, limit: 5, page: [1, 2, 3] },
    { versions: [1, 2, 3], since: 0, limit: 3, page: [1, 2, 3] },
    { versions: [1, 2, 3], since: 0, limit: 2, page: [1, 2] },
    { versions: [1, 2, 3], since: 2, limit: 2, page: [3] },
    // The row after the page shares the last one's version: the version comes whole.
    { versions: [1, 2, 2, 3], since: 0, limit: 2, page: [1, 2, 2] },
    { versions: [1, 2, 2, 2, 2, 3], since: 0, limit: 2, page: [1, 2, 2, 2, 2] },
    // More rows of one version than the limit: all of them.
    { versions: [5, 5, 5, 6], since: 0, limit: 1, page: [5, 5, 5] },
    { versions: [5, 5, 5, 6], since: 0, limit: 2, page: [5, 5, 5] },
    // A version that ends exactly at the limit stays as it is.
    { versions: [1, 2, 2, 3], since: 0, limit: 3, page: [1, 2, 2] },
  ])("$versions after $since, limit $limit → $page", async ({ versions, since, limit, page }) => {
    expect(await readEmbeddingsPage(sourceOf(versions), since, limit)).toEqual(page);
  });

  it("lets a client that stops at a short page get every row exactly once", async () => {
    const versions = [1, 1, 2, 3, 3, 3, 4, 5, 5, 6];
    for (const limit of [1, 2, 3, 4]) {
      const seen: number[] = [];
      let since = 0;
      for (;;) {
        const page = await readEmbeddingsPage(sourceOf(versions), since, limit);
        seen.push(...page);
        since = Math.max(since, ...page);
        if (page.length < limit) break;
      }
      expect(seen, `limit ${String(limit)}`).toEqual(versions);
    }
  });
});

describe("ensureWrittenOverStored", () => {
  it.each([
    { stored: undefined, given: undefined, status: undefined },
    { stored: 100, given: undefined, status: undefined },
    { stored: undefined, given: 0, status: undefined },
    { stored: 100, given: 100, status: undefined },
    { stored: undefined, given: 100, status: 409 },
    { stored: 100, given: 0, status: 409 },
    { stored: 100, given: 99, status: 409 },
    { stored: 100, given: 101, status: 409 },
  ])("stored $stored, lastUpdatedAt $given → $status", ({ stored, given, status }) => {
    expect(
      statusOf(() => {
        ensureWrittenOverStored(stored, given);
      }),
    ).toBe(status);
  });

  it("names the conflict INVALID_VERSION", () => {
    expect(() => {
      ensureWrittenOverStored(5, 4);
    }).toThrow(expect.objectContaining({ code: "INVALID_VERSION" }));
  });
});

describe("ensureFileDataSize", () => {
  it.each([
    { bytes: 0, status: 400 },
    { bytes: 16, status: 400 },
    { bytes: 17, status: undefined },
    { bytes: 40_000, status: undefined },
    { bytes: 1024 * 1024, status: undefined },
    { bytes: 1024 * 1024 + 1, status: 413 },
  ])("$bytes bytes → $status", ({ bytes, status }) => {
    expect(
      statusOf(() => {
        ensureFileDataSize(bytes);
      }),
    ).toBe(status);
  });
});

describe("sortFetchedFileData", () => {
  it("puts each asked ID in one list, in the order asked", () => {
    const rows = [{ fileID: 3 }, { fileID: 1 }];
    expect(sortFetchedFileData([1, 2, 3, 4, 1, 5], new Set([1, 2, 3, 5]), rows)).toEqual({
      data: [{ fileID: 1 }, { fileID: 3 }],
      pendingIndexFileIDs: [2, 5],
      errFileIDs: [4],
    });
  });

  it("answers a row of a file the caller may not see as an error, not as data", () => {
    expect(sortFetchedFileData([7], new Set(), [{ fileID: 7 }])).toEqual({
      data: [],
      pendingIndexFileIDs: [],
      errFileIDs: [7],
    });
  });
});

describe("previewRegistration", () => {
  // See: [Note: A video preview replaces the one before]
  const id = "pv_0123456789abcdefABCDEF";
  const other = "pv_ABCDEF0123456789abcdef";
  it.each([
    ["a minted key, nothing registered", true, undefined, "register"],
    [
      "a minted key over another preview",
      true,
      { objectID: other, objectSizeBytes: 10 },
      "register",
    ],
    ["the registered object again", false, { objectID: id, objectSizeBytes: 10 }, "repeat"],
    [
      "the registered object with another size",
      false,
      { objectID: id, objectSizeBytes: 11 },
      "refuse",
    ],
    ["a key never minted, nothing registered", false, undefined, "refuse"],
    [
      "a key never minted over another preview",
      false,
      { objectID: other, objectSizeBytes: 10 },
      "refuse",
    ],
    ["a deleted row's leftovers", false, { objectID: null, objectSizeBytes: null }, "refuse"],
  ] as const)("%s: %s", (_, isMinted, registered, expected) => {
    expect(previewRegistration({ isMinted, registered, objectID: id, objectSizeBytes: 10 })).toBe(
      expected,
    );
  });
});
