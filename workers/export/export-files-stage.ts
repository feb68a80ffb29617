// The stage that exports new files (spec §4 "exporting new files"): a few
// files in flight, each streamed from the download to its folder; a file
// that fails counts as failed, a stop ends the stage. See: [Note: An export run streams several files at once]

import { uniqueFolderName } from "../../shared/model/export/export-names";
import { decodeFileExportName, parseFileExportKey } from "../../shared/model/export/export-record";
import {
  type ExportRunStoppedError,
  isStoppedByUser,
  runStopOf,
  throwIfStopped,
} from "./export-errors";
import { type ExportedCopy, exportedPaths, writeExportFile } from "./export-file-writer";
import type { ExportCollection } from "./export-library";
import type { ExportNameClaims } from "./export-name-claims";
import type { ExportPlan, FileToExport } from "./export-plan";
import type { ExportRecordStore } from "./export-record-store";
import type { ExportProgress, ExportRunDeps, ExportRunOptions } from "./export-run";

/** Files downloaded and written at once: enough to overlap a download with a write, few enough to stay small. */
export const defaultExportConcurrency = 4;

// [Note: An export run streams several files at once]
//
// The reference exports one file at a time, so each file waits for its
// download to start, its decryption and its write in turn. A run keeps a
// few files in flight (`defaultExportConcurrency`); each streams from the
// download through decryption to its temporary file chunk by chunk, so
// memory stays a few chunks a file whatever its size. Files are taken in
// the plan's order, collection by collection, so a stopped run has
// finished whole albums first.

const isAborted = (signal: AbortSignal): boolean => signal.aborted;

/**
 * Exports the plan's new files into their collections' folders, naming and
 * recording each folder when its first file is written; throws what stops
 * the run (see: [Note: What stops an export run]).
 */
export const exportFiles = async (
  deps: ExportRunDeps,
  store: ExportRecordStore,
  claims: ExportNameClaims,
  plan: ExportPlan,
  collections: readonly ExportCollection[],
  options: ExportRunOptions,
  progress: ExportProgress,
  ensureFolder: () => Promise<void>,
): Promise<void> => {
  const { fs } = deps;
  const run = new AbortController();
  const stopRun = (): void => {
    run.abort();
  };
  options.signal.addEventListener("abort", stopRun);
  let runStop: ExportRunStoppedError | undefined;

  /** A collection's folder: named (and recorded) the first time a file of it is written. */
  const folders = new Map<number, Promise<string>>();
  const folderOf = (collectionID: number, collectionName: string): Promise<string> => {
    let folder = folders.get(collectionID);
    if (folder === undefined) {
      folder = (async () => {
        const recorded = store.collectionExportName(collectionID);
        const name =
          recorded ??
          (await claims.claim("", (isTaken) => uniqueFolderName(collectionName, isTaken)));
        // Recorded before it is made: a folder on disk that the record does
        // not name would be taken for the user's, and the album given `name(1)`.
        if (recorded === undefined) await store.collectionNamed(collectionID, name);
        await fs.makeFolder(name);
        return name;
      })();
      folders.set(collectionID, folder);
    }
    return folder;
  };

  /**
   * Exported copies by file ID, to link from (keep each file once): a
   * file's first write registers its copy as it starts, so the same file in
   * another album, in another lane, waits for it instead of downloading it
   * too; a copy that failed leaves the next one to write it.
   */
  const copies = new Map<number, Promise<ExportedCopy | undefined>>();
  if (options.keepEachFileOnce === true) {
    for (const [key, stored] of Object.entries(store.record.fileExportNames)) {
      const parts = parseFileExportKey(key);
      const folder = store.collectionExportName(parts?.collectionID ?? -1);
      if (parts !== undefined && folder !== undefined) {
        copies.set(parts.fileID, Promise.resolve({ folder, name: decodeFileExportName(stored) }));
      }
    }
  }
  /** The copy to link from (still whole on disk), or the function that registers this write as the copy. */
  const copyFor = async (
    fileID: number,
  ): Promise<{ copy?: ExportedCopy; register?: (copy: ExportedCopy | undefined) => void }> => {
    if (options.keepEachFileOnce !== true) return {};
    const copy = await copies.get(fileID);
    if (copy !== undefined) {
      const paths = exportedPaths(copy.folder, copy.name).filter((p) => !p.includes("/metadata/"));
      const whole = await Promise.all(paths.map(async (p) => (await fs.kindOf(p)) === "file"));
      if (whole.every(Boolean)) return { copy };
    }
    let register: (copy: ExportedCopy | undefined) => void = () => undefined;
    copies.set(fileID, new Promise((resolve) => (register = resolve)));
    return { register };
  };

  const queue: FileToExport[] = [...plan.filesToExport].sort(
    (a, b) => a.file.collectionID - b.file.collectionID || a.file.id - b.file.id,
  );
  const collectionNameOf = new Map(collections.map((c) => [c.id, c.name]));
  let next = 0;

  const lane = async (): Promise<void> => {
    while (next < queue.length && !run.signal.aborted) {
      const item = queue[next++] as FileToExport;
      const copying: { register?: ((copy: ExportedCopy | undefined) => void) | undefined } = {};
      try {
        await ensureFolder();
        const folder = await folderOf(
          item.file.collectionID,
          collectionNameOf.get(item.file.collectionID) ?? "",
        );
        const { copy, register } = await copyFor(item.file.id);
        copying.register = register;
        const name = await writeExportFile(
          {
            fs,
            store,
            claims,
            source: deps.source,
            ...(deps.sidecarLocale === undefined ? {} : { sidecarLocale: deps.sidecarLocale }),
          },
          item,
          folder,
          run.signal,
          copy,
        );
        copying.register?.({ folder, name });
        progress.success += 1;
      } catch (error) {
        copying.register?.(undefined);
        // Read afresh: the loop's condition checked it before this file's awaits.
        if (isAborted(run.signal) && isStoppedByUser(options.signal, error)) return;
        const stop = runStop ?? runStopOf(error);
        if (stop !== undefined) {
          runStop ??= stop;
          run.abort();
          return;
        }
        progress.failed += 1;
        deps.onFileFailed(item.file.id, error);
      }
      deps.onProgress({ ...progress });
    }
  };

  try {
    const lanes = Math.max(1, options.concurrency ?? defaultExportConcurrency);
    await Promise.all(Array.from({ length: lanes }, lane));
  } finally {
    options.signal.removeEventListener("abort", stopRun);
  }
  if (runStop !== undefined) throw runStop;
  throwIfStopped(options.signal);
};
