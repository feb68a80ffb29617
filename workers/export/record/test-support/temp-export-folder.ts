// Real export folders for the record migration tests: a temporary folder
// filled from a tree of paths and texts, the ExportFS over it, a snapshot of
// what it holds, and an ExportFS that fails at a chosen write (a crash).

import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import type { ExportFS } from "../../export-fs";
import { createNodeExportFS } from "../../node-export-fs";

export interface TempExportFolder {
  rootPath: string;
  fs: ExportFS;
  /** Every file (path → text) and every folder (`path/` → "") in it. */
  snapshot: () => Promise<Record<string, string>>;
  remove: () => Promise<void>;
}

/** A new export folder holding `tree` (path relative to it → text). */
export const makeTempExportFolder = async (
  tree: Readonly<Record<string, string>>,
): Promise<TempExportFolder> => {
  const rootPath = await mkdtemp(path.join(tmpdir(), "cairn-export-record-"));
  for (const [relativePath, text] of Object.entries(tree)) {
    const absolute = path.join(rootPath, ...relativePath.split("/"));
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, text);
  }
  return {
    rootPath,
    fs: createNodeExportFS(rootPath),
    snapshot: () => snapshotOf(rootPath),
    remove: () => rm(rootPath, { recursive: true, force: true }),
  };
};

const snapshotOf = async (rootPath: string): Promise<Record<string, string>> => {
  const snapshot: Record<string, string> = {};
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(rootPath, relative), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const entryPath = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        snapshot[`${entryPath}/`] = "";
        await walk(entryPath);
      } else {
        snapshot[entryPath] = await readFile(path.join(rootPath, entryPath), "utf8");
      }
    }
  };
  await walk("");
  return snapshot;
};

/** A stand-in for a crash: the write that was to happen did not, nor any after it. */
export class SimulatedCrashError extends Error {
  override name = "SimulatedCrashError";
}

/** The methods of ExportFS that change the disk. */
const writingMethods = [
  "makeFolder",
  "replaceText",
  "appendText",
  "writeChunks",
  "rename",
  "link",
  "copy",
  "removeFile",
  "removeEmptyFolder",
] as const satisfies readonly (keyof ExportFS)[];

/**
 * `fs`, counting its writes; with `crashBeforeWrite`, the write of that
 * index (0 for the first) throws `SimulatedCrashError` without happening.
 */
export const countingExportFS = (
  fs: ExportFS,
  crashBeforeWrite?: number,
): { fs: ExportFS; writes: () => number } => {
  let writes = 0;
  type Method = (...args: unknown[]) => Promise<unknown>;
  const methods = fs as unknown as Record<string, Method>;
  const wrapped: Record<string, Method> = { ...methods };
  for (const method of writingMethods) {
    wrapped[method] = (...args) => {
      if (writes === crashBeforeWrite) return Promise.reject(new SimulatedCrashError());
      writes += 1;
      return methods[method]?.(...args) ?? Promise.resolve();
    };
  }
  return { fs: wrapped as unknown as ExportFS, writes: () => writes };
};
