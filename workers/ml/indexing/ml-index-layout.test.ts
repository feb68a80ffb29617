import { describe, expect, it } from "vitest";
import { type MLIndexChunk, type MLIndexEntry, maxEntriesPerChunk } from "./ml-index-chunks";
import { MLIndexLayout, maxSmallChunks } from "./ml-index-layout";

// See: [Note: The ML indexes are kept as sealed chunks]

const sequentialIDs = () => {
  let next = 0;
  return () => `chunk-${String(++next)}`;
};

const things = (fileID: number, ...labels: string[]): MLIndexEntry => ({ fileID, things: labels });

/** Changes over a memory holding `live` (every file in the library unless `gone`). */
const changesOf = (changed: number[], live: number[], gone: ReadonlySet<number> = new Set()) => ({
  changed: new Set(changed),
  fileIDs: () => live,
  inLibrary: (fileID: number) => !gone.has(fileID),
});

/** Here an entry without things is a tombstone. */
const hasThings = (entry: MLIndexEntry) => entry.things !== undefined;

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe("reading chunks back", () => {
  it.each<[string, { id: string; chunk: MLIndexChunk }[], Record<number, string[] | undefined>]>([
    [
      "a later chunk's entry wins, whatever the order the rows come in",
      [
        { id: "b", chunk: { seq: 2, entries: [things(1, "cat")] } },
        { id: "a", chunk: { seq: 1, entries: [things(1, "dog"), things(2, "kite")] } },
      ],
      { 1: ["cat"], 2: ["kite"] },
    ],
    [
      "a tombstone removes the file's earlier entries",
      [
        { id: "a", chunk: { seq: 1, entries: [things(1, "dog"), things(2, "kite")] } },
        { id: "b", chunk: { seq: 5, entries: [{ fileID: 2 }] } },
      ],
      { 1: ["dog"], 2: undefined },
    ],
    [
      "an entry after a tombstone brings the file back",
      [
        { id: "a", chunk: { seq: 1, entries: [{ fileID: 1 }] } },
        { id: "b", chunk: { seq: 2, entries: [things(1, "dog")] } },
      ],
      { 1: ["dog"] },
    ],
  ])("%s", (_, chunks, expected) => {
    const { entries } = MLIndexLayout.fromChunks(chunks, sequentialIDs(), hasThings);
    for (const [fileID, labels] of Object.entries(expected)) {
      expect(entries.get(Number(fileID))?.things).toEqual(labels);
    }
    expect(entries.size).toBe(Object.values(expected).filter((v) => v !== undefined).length);
  });

  it("numbers new chunks after every stored one", () => {
    const { layout } = MLIndexLayout.fromChunks(
      [
        { id: "a", chunk: { seq: 7, entries: [things(1)] } },
        { id: "b", chunk: { seq: 3, entries: [things(2)] } },
      ],
      sequentialIDs(),
      hasThings,
    );
    const plan = layout.plan(changesOf([3], [1, 2, 3]));
    expect(plan.writes.map(({ seq }) => seq)).toEqual([8]);
  });
});

describe("planning a save", () => {
  it("appends the changed files as a new chunk", () => {
    const layout = new MLIndexLayout(sequentialIDs());
    const plan = layout.plan(changesOf([1, 2, 3], [1, 2, 3]));
    expect(plan).toEqual({
      writes: [{ id: "chunk-1", seq: 1, fileIDs: [1, 2, 3] }],
      deletes: [],
      compaction: false,
    });
    layout.commit(plan);
    expect(layout.chunkCount).toBe(1);
    expect(layout.storedEntries).toBe(3);
  });

  it("splits a large change into chunks of at most the chunk size", () => {
    const layout = new MLIndexLayout(sequentialIDs());
    const files = range(1, maxEntriesPerChunk * 2 + 10);
    const plan = layout.plan(changesOf(files, files));
    expect(plan.writes.map(({ fileIDs }) => fileIDs.length)).toEqual([
      maxEntriesPerChunk,
      maxEntriesPerChunk,
      10,
    ]);
    expect(plan.writes.map(({ seq }) => seq)).toEqual([1, 2, 3]);
  });

  it("merges the small chunks into one when there would be more than the limit", () => {
    const layout = new MLIndexLayout(sequentialIDs());
    // A large library stored in full chunks, then one run's worth at a time.
    const base = range(1, maxEntriesPerChunk * 3);
    layout.commit(layout.plan(changesOf(base, base)));
    let live = [...base];
    for (let run = 0; run < maxSmallChunks; run++) {
      const batch = range(100_000 + run * 24, 24);
      live = [...live, ...batch];
      const plan = layout.plan(changesOf(batch, live));
      expect(plan.deletes).toEqual([]);
      layout.commit(plan);
    }
    expect(layout.chunkCount).toBe(3 + maxSmallChunks);
    const batch = range(200_000, 24);
    live = [...live, ...batch];
    const plan = layout.plan(changesOf(batch, live));
    expect(plan.compaction).toBe(false);
    // Only the small chunks go: the full ones stay as they are.
    expect(plan.deletes).toHaveLength(maxSmallChunks);
    expect(plan.writes).toHaveLength(1);
    expect(plan.writes[0]?.fileIDs).toHaveLength(24 * (maxSmallChunks + 1));
    layout.commit(plan);
    expect(layout.chunkCount).toBe(4);
    expect(layout.storedEntries).toBe(live.length);
  });

  it("keeps a tombstone when it merges, as an older chunk may still hold the file", () => {
    const layout = new MLIndexLayout(sequentialIDs());
    // A full chunk (not small: it stays when the small ones merge).
    const base = range(1, 3000);
    layout.commit(layout.plan(changesOf(base, base)));
    // File 1 goes (a tombstone), then small chunks pile up.
    const live = base.slice(1);
    layout.commit(layout.plan(changesOf([1], live)));
    for (let run = 0; run < maxSmallChunks - 1; run++) {
      layout.commit(layout.plan(changesOf([2], live)));
    }
    const plan = layout.plan(changesOf([3], live));
    expect(plan.compaction).toBe(false);
    expect(plan.deletes).not.toContain("chunk-1");
    expect(plan.writes[0]?.fileIDs.sort((a, b) => a - b)).toEqual([1, 2, 3]);
  });

  it("compacts once replaced entries pass a quarter of the live ones", () => {
    const layout = new MLIndexLayout(sequentialIDs());
    const files = range(1, 100);
    layout.commit(layout.plan(changesOf(files, files)));
    // 25 replacements: a quarter, not more.
    layout.commit(layout.plan(changesOf(range(1, 25), files)));
    expect(layout.chunkCount).toBe(2);
    const plan = layout.plan(changesOf([26], files));
    expect(plan.compaction).toBe(true);
    expect(plan.deletes.sort()).toEqual(["chunk-1", "chunk-2"]);
    expect(plan.writes.flatMap(({ fileIDs }) => fileIDs).sort((a, b) => a - b)).toEqual(files);
    layout.commit(plan);
    expect(layout.chunkCount).toBe(1);
    expect(layout.storedEntries).toBe(100);
  });

  it("drops tombstones and files gone from the library when it compacts", () => {
    const layout = new MLIndexLayout(sequentialIDs());
    const files = range(1, 100);
    layout.commit(layout.plan(changesOf(files, files)));
    // 40 files left the library (still in memory); 20 more had their indexes removed.
    const gone = new Set(range(1, 40));
    const inMemory = range(61, 40).concat(range(1, 40));
    const plan = layout.plan(changesOf(range(41, 20), inMemory, gone));
    expect(plan.compaction).toBe(true);
    const written = plan.writes.flatMap(({ fileIDs }) => fileIDs).sort((a, b) => a - b);
    expect(written).toEqual(range(61, 40));
  });

  it("counts entries the session did not load (files gone from the library) as waste", () => {
    const layout = new MLIndexLayout(sequentialIDs());
    const files = range(1, 100);
    layout.commit(layout.plan(changesOf(files, files)));
    // A new session loaded 70 of them: the others' files left the library.
    const loaded = range(31, 70);
    const plan = layout.plan(changesOf([200], [...loaded, 200], new Set(range(1, 30))));
    expect(plan.compaction).toBe(true);
    expect(plan.writes.flatMap(({ fileIDs }) => fileIDs)).toHaveLength(71);
  });

  it("compacts a store whose every file went to nothing", () => {
    const layout = new MLIndexLayout(sequentialIDs());
    layout.commit(layout.plan(changesOf([1, 2], [1, 2])));
    const plan = layout.plan(changesOf([1, 2], []));
    expect(plan).toEqual({ writes: [], deletes: ["chunk-1"], compaction: true });
  });
});
