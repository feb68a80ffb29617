import { describe, expect, it } from "vitest";
import { ChunkedGroup, maxRecordsPerChunk } from "./chunked-group";

interface Rec {
  id: number;
  v: string;
}

const ids = () => {
  let next = 0;
  return () => `chunk-${String(++next)}`;
};

const group = (records: readonly Rec[] = []) => {
  const g = new ChunkedGroup<Rec>((r) => r.id, ids());
  if (records.length > 0) g.plan(records, []).commit();
  return g;
};

const recs = (from: number, count: number, v = "a"): Rec[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, v }));

describe("ChunkedGroup", () => {
  it("fills a chunk up to the maximum before starting the next", () => {
    const g = group();
    const plan = g.plan(recs(1, maxRecordsPerChunk + 10), []);
    expect(plan.writes.map((w) => w.records.length)).toEqual([maxRecordsPerChunk, 10]);
    expect(plan.deletes).toEqual([]);
    plan.commit();
    expect(g.size).toBe(maxRecordsPerChunk + 10);
    expect(g.chunkIDs).toHaveLength(2);
  });

  it("changes nothing until commit", () => {
    const g = group(recs(1, 3));
    const plan = g.plan(recs(10, 2), [1]);
    expect(g.size).toBe(3);
    expect(g.has(1)).toBe(true);
    plan.commit();
    expect(g.size).toBe(4);
    expect(g.has(1)).toBe(false);
  });

  it.each([
    {
      name: "an update rewrites only the chunk holding the record",
      upserts: [{ id: 5, v: "b" }],
      removals: [],
      writes: [["chunk-1", 2000]],
      deletes: [],
    },
    {
      name: "an update in the second chunk rewrites only that one",
      upserts: [{ id: 2005, v: "b" }],
      removals: [],
      writes: [["chunk-2", 500]],
      deletes: [],
    },
    {
      name: "new records go to the chunk with room",
      upserts: recs(9000, 3),
      removals: [],
      writes: [["chunk-2", 503]],
      deletes: [],
    },
    {
      name: "a removal rewrites its chunk without the record",
      upserts: [],
      removals: [7],
      writes: [["chunk-1", 1999]],
      deletes: [],
    },
    {
      name: "unknown removals touch nothing",
      upserts: [],
      removals: [123_456],
      writes: [],
      deletes: [],
    },
    {
      name: "emptying a chunk deletes it",
      upserts: [],
      removals: recs(2001, 500).map((r) => r.id),
      writes: [],
      deletes: ["chunk-2"],
    },
  ])("$name", ({ upserts, removals, writes, deletes }) => {
    const g = group(recs(1, 2500));
    const plan = g.plan(upserts, removals);
    expect(plan.writes.map((w) => [w.id, w.records.length])).toEqual(writes);
    expect(plan.deletes).toEqual(deletes);
  });

  it("stores the new version of an updated record", () => {
    const g = group(recs(1, 3));
    const plan = g.plan([{ id: 2, v: "new" }], []);
    expect(plan.writes[0]?.records).toContainEqual({ id: 2, v: "new" });
    plan.commit();
    expect(g.get(2)).toEqual({ id: 2, v: "new" });
  });

  it("keeps a record removed and re-added in one page", () => {
    const g = group(recs(1, 3));
    g.plan([{ id: 2, v: "again" }], [2]).commit();
    expect(g.get(2)).toEqual({ id: 2, v: "again" });
    expect(g.size).toBe(3);
  });

  it("rebuilds from stored chunks and appends to the smallest chunk with room", () => {
    const g = ChunkedGroup.fromChunks<Rec>(
      [
        { id: "x", records: recs(1, maxRecordsPerChunk) },
        { id: "y", records: recs(5000, 10) },
      ],
      (r) => r.id,
      ids(),
    );
    expect(g.size).toBe(maxRecordsPerChunk + 10);
    const plan = g.plan(recs(9000, 1), []);
    expect(plan.writes.map((w) => w.id)).toEqual(["y"]);
  });

  it("keeps a record found in two stored chunks once", () => {
    const g = ChunkedGroup.fromChunks<Rec>(
      [
        { id: "x", records: [{ id: 1, v: "a" }] },
        { id: "y", records: [{ id: 1, v: "b" }] },
      ],
      (r) => r.id,
      ids(),
    );
    expect(g.size).toBe(1);
  });
});
