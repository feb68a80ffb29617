// The `export` scenario (performance.md): 10,000 seeded files in 20 albums
// exported by the export engine to a local folder, against a bare copy of
// the same files (download, decrypt, write) in the same Node process and
// run; then one large video exported by a process of its own, its memory
// sampled.

import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type NodeCairn, startNodeCairn } from "../../tests/test-support/node-cairn";
import { createNodeCryptoPool } from "../../workers/crypto/node-pool";
import { type ExportProgress, runExport } from "../../workers/export/export-run";
import { createNodeExportFS } from "../../workers/export/node-export-fs";
import { nodeExportSource } from "../../workers/export/node-export-source";
import { createNodeLibraryClient } from "../../workers/library/node-library-client";
import type { Figure, Ratio, Scenario } from "../scenario";
import { seedCairn } from "../seed/seed-cairn";
import { type BareCopy, bareCopy } from "./export/bare-copy";
import { type LargeExportPass, runLargeExportPass } from "./export/large-export-pass";
import {
  EXPORT_OVER_BARE_AT_MOST,
  LARGE_VIDEO_MEMORY_AT_MOST_MB,
  LAST_OVER_FIRST_AT_MOST,
  exportAlbumCount,
  exportFileCount,
  largeVideoBytes,
  stretchFileCount,
} from "./export/parameters";

const MB = 1e6;

interface ExportPass {
  elapsedMs: number;
  progress: ExportProgress;
  /** performance.now() when each file was done, in order. */
  doneAtMs: number[];
}

/** How long the files of a stretch took, per file: from the file before it to its last one. */
const msPerFile = (doneAtMs: readonly number[], from: number, to: number): number =>
  ((doneAtMs[to - 1] ?? 0) - (doneAtMs[from - 1] ?? doneAtMs[0] ?? 0)) / (to - from);

export const exportScenario: Scenario = {
  name: "export",
  description: `${String(exportFileCount)} files in ${String(exportAlbumCount)} albums exported to a local folder, against a bare copy; then a ${String(Math.round(largeVideoBytes / 1024 ** 2))} MiB video's memory`,
  run: async ({ log }) => {
    let node: NodeCairn | undefined;
    const work = await mkdtemp(path.join(os.tmpdir(), "cairn-bench-export-"));
    try {
      node = await startNodeCairn();
      const account = await node.signUp("export");
      log(`seeding ${String(exportFileCount)} files`);
      const pool = await createNodeCryptoPool();
      try {
        await seedCairn({
          cairn: node.cairn,
          userID: account.userID,
          accountKeys: account.accountKeys,
          pool,
          fileCount: exportFileCount,
          albumCount: exportAlbumCount,
        });
      } finally {
        await pool.terminate();
      }
      const client = await createNodeLibraryClient({
        apiOrigin: node.apiOrigin,
        token: account.token,
        userID: account.userID,
        accountKeys: account.accountKeys,
      });
      const bares: BareCopy[] = [];
      let pass: ExportPass;
      try {
        const source = nodeExportSource(client);
        log("bare copy");
        bares.push(await bareCopy(source, path.join(work, "bare-1")));
        log("export");
        const doneAtMs: number[] = [];
        const started = performance.now();
        let lastSuccess = 0;
        const folder = path.join(work, "Cairn Photos");
        await mkdir(folder);
        const result = await runExport(
          {
            fs: createNodeExportFS(folder),
            source,
            nowMs: () => Date.now(),
            sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
            onStage: () => undefined,
            onProgress: (progress) => {
              const now = performance.now();
              for (; lastSuccess < progress.success; lastSuccess += 1) doneAtMs.push(now);
            },
            onFileFailed: (fileID, error) => {
              log(`file ${String(fileID)} failed: ${String(error)}`);
            },
          },
          { signal: new AbortController().signal },
        );
        pass = { elapsedMs: performance.now() - started, progress: result.progress, doneAtMs };
        if (result.progress.success !== exportFileCount) {
          throw new Error(
            `${String(result.progress.success)} of ${String(exportFileCount)} files exported`,
          );
        }
        log("bare copy again");
        bares.push(await bareCopy(source, path.join(work, "bare-2")));
      } finally {
        await client.close();
      }

      const large: LargeExportPass | undefined =
        largeVideoBytes === 0 ? undefined : await runLargeExportPass(node, largeVideoBytes, log);

      const bareMs = bares.reduce((sum, bare) => sum + bare.elapsedMs, 0) / bares.length;
      const first = msPerFile(pass.doneAtMs, 1, stretchFileCount);
      const last = msPerFile(pass.doneAtMs, exportFileCount - stretchFileCount, exportFileCount);
      const figures: Figure[] = [
        {
          name: "export: files/s",
          value: exportFileCount / (pass.elapsedMs / 1000),
          unit: "files/s",
        },
        { name: "export: total", value: pass.elapsedMs / 1000, unit: "s" },
        { name: "bare copy: files/s", value: exportFileCount / (bareMs / 1000), unit: "files/s" },
        { name: `first ${String(stretchFileCount)} files, per file`, value: first, unit: "ms" },
        { name: `last ${String(stretchFileCount)} files, per file`, value: last, unit: "ms" },
      ];
      const ratios: Ratio[] = [
        {
          name: "last / first stretch, per file",
          value: last / first,
          atMost: LAST_OVER_FIRST_AT_MOST,
        },
        {
          name: "export / bare copy, time",
          value: pass.elapsedMs / bareMs,
          atMost: EXPORT_OVER_BARE_AT_MOST,
        },
      ];
      if (large !== undefined) {
        const addedMB = (large.peakRssBytes - large.baselineRssBytes) / MB;
        figures.push(
          { name: "large video: memory added", value: addedMB, unit: "MB" },
          {
            name: "large video: MB/s",
            value: large.videoBytes / MB / (large.elapsedMs / 1000),
            unit: "MB/s",
          },
        );
        ratios.push({
          name: `large video memory added / ${String(LARGE_VIDEO_MEMORY_AT_MOST_MB)} MB`,
          value: addedMB / LARGE_VIDEO_MEMORY_AT_MOST_MB,
          atMost: 1,
        });
      }
      return {
        figures,
        ratios,
        raw: { bares, export: { elapsedMs: pass.elapsedMs, progress: pass.progress }, large },
      };
    } finally {
      await node?.close();
      await rm(work, { recursive: true, force: true });
    }
  },
};
