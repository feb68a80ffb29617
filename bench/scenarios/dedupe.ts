// The `dedupe` scenario (performance.md): the scans of /deduplicate over a
// library of 100,000 files in 50 albums, as the library's worker runs them
// (the same functions, over a reader of the same shape: collections, their
// files, the hidden set). A twentieth of the files are copies of another
// (one to three more), a tenth are also in a second album, a thirtieth are
// 10 MiB and up. The exact duplicates' scan and the large files' are each
// run seven times; the median is the figure. Bar: the exact scan ≤ 2 s.
// `CAIRN_BENCH_QUICK=1`: 10,000 files.

import { performance } from "node:perf_hooks";
import { exactDuplicateGroups } from "../../workers/dedupe/exact-duplicates";
import { largeFilesOf } from "../../workers/dedupe/large-files";
import { MemoryReader } from "../../workers/gallery/engine/test-support/reader";
import type { DecryptedFile } from "../../workers/library/decrypted-records";
import { testCollection, testFile, testUserID } from "../../workers/sync/test-support/sync-store";
import type { Scenario, ScenarioResult } from "../scenario";

const quick = process.env.CAIRN_BENCH_QUICK === "1";
/** performance.md: the sync scenario's library size. */
const fileCount = quick ? 10_000 : 100_000;
const albumCount = 50;
const runs = 7;
/** performance.md: a dedupe scan of 100,000 files within 2 s (exact duplicates). */
const exactScanWithinMs = 2000;

/** A seeded generator (mulberry32): the same library on every run. */
const seededRandom = (seed: number) => {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** The library: its reader, and how many copies it holds (to check the scan's answer). */
const seededLibrary = () => {
  const random = seededRandom(20_261_201);
  const reader = new MemoryReader(testUserID);
  for (let album = 1; album <= albumCount; album++) reader.putCollection(testCollection(album));
  const entries: DecryptedFile[] = [];
  let copies = 0;
  let id = 1;
  while (id <= fileCount) {
    const hash = `content-${String(id)}`;
    // A twentieth of the contents have 1-3 more copies.
    const extra = random() < 0.05 ? 1 + Math.floor(random() * 3) : 0;
    for (let copy = 0; copy <= extra && id <= fileCount; copy++, id++) {
      if (copy > 0) copies++;
      const album = 1 + Math.floor(random() * albumCount);
      const fileSize =
        random() < 1 / 30
          ? 10_485_760 + Math.floor(random() * 1e9)
          : 50_000 + Math.floor(random() * 5e6);
      const file = testFile(id, album, {
        metadata: { title: `IMG_${String(id)}.jpg`, creationTime: 1e15 + id, fileType: 0, hash },
        info: { fileSize, thumbSize: 20_000 },
      });
      entries.push(file);
      // A tenth are in a second album too: one file, not a copy.
      if (random() < 0.1) entries.push({ ...file, collectionID: 1 + ((album + 7) % albumCount) });
    }
  }
  reader.putFiles(entries);
  return { reader, copies };
};

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export const dedupeScenario: Scenario = {
  name: "dedupe",
  description: `/deduplicate's scans over ${String(fileCount)} files (exact duplicates, large files)`,
  run: ({ log }): Promise<ScenarioResult> => {
    log(`seeding ${String(fileCount)} files in ${String(albumCount)} albums`);
    const { reader, copies } = seededLibrary();
    const exactMs: number[] = [];
    const largeMs: number[] = [];
    let groupCount = 0;
    let largeCount = 0;
    for (let run = 0; run < runs; run++) {
      let started = performance.now();
      const groups = exactDuplicateGroups(reader);
      exactMs.push(performance.now() - started);
      started = performance.now();
      largeCount = largeFilesOf(reader).length;
      largeMs.push(performance.now() - started);
      groupCount = groups.length;
      const found = groups.reduce((sum, { files }) => sum + files.length - 1, 0);
      if (found !== copies)
        throw new Error(`The scan found ${String(found)} copies, not ${String(copies)}`);
    }
    log(
      `exact: ${String(groupCount)} groups, median ${median(exactMs).toFixed(0)} ms; large: ${String(largeCount)} files, median ${median(largeMs).toFixed(0)} ms`,
    );
    return Promise.resolve({
      figures: [
        { name: "exact duplicates scan (median)", value: median(exactMs), unit: "ms" },
        { name: "large files scan (median)", value: median(largeMs), unit: "ms" },
        { name: "duplicate groups found", value: groupCount, unit: "groups" },
      ],
      ratios: [
        {
          name: "exact scan time / 2 s bar",
          value: median(exactMs) / exactScanWithinMs,
          atMost: 1,
        },
      ],
      raw: { fileCount, albumCount, copies, exactMs, largeMs, groupCount, largeCount },
    });
  },
};
