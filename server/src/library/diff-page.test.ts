import { describe, expect, it } from "vitest";
import { readDiffPage, type DiffPageSource } from "./diff-page";

interface Row {
  id: number;
  version: number;
}

const sourceOf = (versions: number[]): DiffPageSource<Row> => {
  const rows = versions.map((version, id) => ({ id, version }));
  return {
    rowsAfter: (sinceTime, count) =>
      Promise.resolve(rows.filter((row) => row.version > sinceTime).slice(0, count)),
    rowsAt: (version) => Promise.resolve(rows.filter((row) => row.version === version)),
    versionOf: (row) => row.version,
  };
};

/** Every row a client gets by paging from 0 while `hasMore`. */
const pageThrough = async (source: DiffPageSource<Row>, limit: number) => {
  const seen: Row[] = [];
  const pageSizes: number[] = [];
  let sinceTime = 0;
  for (;;) {
    const page = await readDiffPage(source, sinceTime, limit);
    seen.push(...page.rows);
    pageSizes.push(page.rows.length);
    if (!page.hasMore) return { seen, pageSizes };
    sinceTime = Math.max(...page.rows.map((row) => row.version));
  }
};

describe("readDiffPage", () => {
  it.each([
    { name: "fewer rows than the limit", versions: [1, 2, 3], limit: 5, pages: [3] },
    { name: "exactly the limit", versions: [1, 2, 3], limit: 3, pages: [3] },
    { name: "distinct versions over pages", versions: [1, 2, 3, 4, 5], limit: 2, pages: [2, 2, 1] },
    {
      name: "a version across the boundary moves whole",
      versions: [1, 2, 2, 3],
      limit: 2,
      pages: [1, 2, 1],
    },
    {
      name: "a version larger than a page travels in one page",
      versions: [5, 5, 5, 5, 6],
      limit: 2,
      pages: [4, 1],
    },
    { name: "nothing new", versions: [], limit: 2, pages: [0] },
  ])("$name", async ({ versions, limit, pages }) => {
    const { seen, pageSizes } = await pageThrough(sourceOf(versions), limit);
    expect(pageSizes).toEqual(pages);
    expect(seen.map((row) => row.id)).toEqual(versions.map((_, id) => id));
  });

  it("never loses or repeats a row, whatever the ties", async () => {
    const versions = Array.from({ length: 500 }, (_, i) => 1 + Math.floor(i / (1 + (i % 7))));
    versions.sort((a, b) => a - b);
    for (const limit of [1, 3, 10, 64]) {
      const { seen } = await pageThrough(sourceOf(versions), limit);
      expect(seen.map((row) => row.id)).toEqual(versions.map((_, id) => id));
    }
  });
});
