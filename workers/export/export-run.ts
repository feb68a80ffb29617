// One export run (spec §4): migration, starting, then renaming folders,
// trashing deleted files, exporting new files, removing deleted collections,
// and finished, each stage persisted as it begins.

import {
  uniqueFileName,
  uniqueFolderName,
  exportMetadataFolderName,
  exportTrashFolderName,
} from "../../shared/model/export/export-names";
import {
  type ExportRecord,
  ExportStage,
  type FileExportName,
  decodeFileExportName,
  parseFileExportKey,
} from "../../shared/model/export/export-record";
import { exportSidecarFileName } from "../../shared/model/export/export-sidecar";
import { ExportRunStoppedError, stopReasonOfFSError } from "./export-errors";
import {
  type ExportedCopy,
  exportedPaths,
  undoUnfinishedWrite,
  writeExportFile,
} from "./export-file-writer";
import { type ExportFS, type ExportPath, joinExportPath } from "./export-fs";
import type { ExportCollection, ExportLibrary, ExportLibrarySource } from "./export-library";
import { ExportNameClaims } from "./export-name-claims";
import { type ExportPlan, type FileToExport, planExport } from "./export-plan";
import { ExportRecordStore } from "./export-record-store";
import { migrateExportRecord } from "./record/migrate-record";
import { migrationLibraryOf } from "./record/migration-library";

/** Spec §3 "Export progress": the files of this run. */
export interface ExportProgress {
  total: number;
  success: number;
  failed: number;
}

export interface ExportRunDeps {
  fs: ExportFS;
  source: ExportLibrarySource;
  nowMs: () => number;
  sleep: (ms: number) => Promise<void>;
  onStage: (stage: ExportStage) => void;
  onProgress: (progress: ExportProgress) => void;
  /** A file that failed (the run goes on). */
  onFileFailed: (fileID: number, error: unknown) => void;
  /** The locale of the sidecars' formatted times. */
  sidecarLocale?: string;
}

export interface ExportRunOptions {
  signal: AbortSignal;
  /** Files exported and recorded but gone from the disk are written again (the "Resync" button). */
  resync?: boolean;
  /** A file in several albums is written once and linked (or copied) into the others. */
  keepEachFileOnce?: boolean;
  /** How many files are downloaded and written at once. */
  concurrency?: number;
}

export interface ExportRunResult {
  progress: ExportProgress;
  /** ms; when the run finished. */
  lastAttemptTimestampMs: number;
  /** The run was stopped by the user before the end (it still ends as finished). */
  stopped: boolean;
}

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

const isStoppedByUser = (signal: AbortSignal, error: unknown): boolean =>
  signal.aborted && !(error instanceof ExportRunStoppedError && error.reason !== "stopped");

/** The stop an error means for the run, or undefined when only its file failed. */
const runStopOf = (error: unknown): ExportRunStoppedError | undefined => {
  if (error instanceof ExportRunStoppedError) return error;
  const reason = stopReasonOfFSError(error);
  return reason === undefined ? undefined : new ExportRunStoppedError(reason, { cause: error });
};

/** The record's names in each collection folder, for the naming rules. */
const recordedNamesByFolder = (record: Readonly<ExportRecord>): Map<ExportPath, string[]> => {
  const names = new Map<ExportPath, string[]>();
  names.set("", Object.values(record.collectionExportNames));
  for (const [key, stored] of Object.entries(record.fileExportNames)) {
    const folder = record.collectionExportNames[String(parseFileExportKey(key)?.collectionID)];
    if (folder === undefined) continue;
    const name = decodeFileExportName(stored);
    const list = names.get(folder) ?? [];
    list.push(...(typeof name === "string" ? [name] : [name.image, name.video]));
    names.set(folder, list);
  }
  return names;
};

/** Recorded files whose contents are not all on disk. */
const recordedFilesMissingOnDisk = async (
  fs: ExportFS,
  record: Readonly<ExportRecord>,
): Promise<Set<string>> => {
  const listings = new Map<string, Promise<Set<string>>>();
  const namesIn = (folder: string): Promise<Set<string>> => {
    let listing = listings.get(folder);
    if (listing === undefined) {
      listing = fs
        .list(folder)
        .then((entries) => new Set(entries.filter((e) => e.kind === "file").map((e) => e.name)));
      listings.set(folder, listing);
    }
    return listing;
  };
  const missing = new Set<string>();
  for (const [key, stored] of Object.entries(record.fileExportNames)) {
    const folder = record.collectionExportNames[String(parseFileExportKey(key)?.collectionID)];
    if (folder === undefined) continue;
    const onDisk = await namesIn(folder);
    const name = decodeFileExportName(stored);
    const parts = typeof name === "string" ? [name] : [name.image, name.video];
    if (parts.some((part) => !onDisk.has(part))) missing.add(key);
  }
  return missing;
};

/** Runs one export into the folder of `deps.fs`. Throws `ExportRunStoppedError` when it cannot go on. */
export const runExport = async (
  deps: ExportRunDeps,
  options: ExportRunOptions,
): Promise<ExportRunResult> => {
  const { fs } = deps;
  const ensureFolder = async (): Promise<void> => {
    if (!(await fs.rootExists())) throw new ExportRunStoppedError("folder-missing");
  };
  await ensureFolder();

  let libraryLoad: Promise<ExportLibrary> | undefined;
  const library = (): Promise<ExportLibrary> => (libraryLoad ??= deps.source.load());
  const store = await ExportRecordStore.open({
    fs,
    migrate: (parsed) =>
      migrateExportRecord({ fs, loadLibrary: () => library().then(migrationLibraryOf) }, parsed),
    nowMs: deps.nowMs,
    sleep: deps.sleep,
  });
  const enterStage = async (stage: ExportStage): Promise<void> => {
    await store.setStage(stage);
    deps.onStage(stage);
  };

  await enterStage(ExportStage.migration);
  await enterStage(ExportStage.starting);
  await finishInterruptedWork(fs, store);
  const missing =
    options.resync === true ? await recordedFilesMissingOnDisk(fs, store.record) : undefined;
  const current = await library();
  const plan = planExport(store.record, current, missing);
  const claims = new ExportNameClaims(fs, recordedNamesByFolder(store.record));
  const progress: ExportProgress = { total: plan.filesToExport.length, success: 0, failed: 0 };
  deps.onProgress({ ...progress });

  let stopped = false;
  try {
    await enterStage(ExportStage.renamingCollectionFolders);
    await renameCollectionFolders(fs, store, claims, plan, options.signal);
    await enterStage(ExportStage.trashingDeletedFiles);
    await trashDeletedFiles(fs, store, claims, plan, options.signal, ensureFolder);
    await enterStage(ExportStage.exportingFiles);
    await exportFiles(
      deps,
      store,
      claims,
      plan,
      current.collections,
      options,
      progress,
      ensureFolder,
    );
    await enterStage(ExportStage.trashingDeletedCollections);
    await removeDeletedCollections(fs, store, plan, options.signal);
  } catch (error) {
    if (!isStoppedByUser(options.signal, error)) throw error;
    // Spec §4: a stopped run ends as finished.
    stopped = true;
  }
  const lastAttemptTimestampMs = deps.nowMs();
  await store.setStage(ExportStage.finished, lastAttemptTimestampMs);
  deps.onStage(ExportStage.finished);
  return { progress, lastAttemptTimestampMs, stopped };
};

const throwIfStopped = (signal: AbortSignal): void => {
  if (signal.aborted) throw new ExportRunStoppedError("stopped");
};

/** Cleans up after writes and renames a crash interrupted. See: [Note: A file appears under its name only when complete] */
const finishInterruptedWork = async (fs: ExportFS, store: ExportRecordStore): Promise<void> => {
  for (const { key, ...paths } of store.interruptedFiles()) {
    await undoUnfinishedWrite(fs, paths);
    await store.fileAbandoned(key);
  }
  for (const { collectionID, from, to } of store.interruptedRenames()) {
    // The rename happened when the old name is gone and the new one is there.
    const renamed = (await fs.kindOf(from)) === undefined && (await fs.kindOf(to)) === "directory";
    await store.collectionNamed(collectionID, renamed ? to : from);
  }
};

const renameCollectionFolders = async (
  fs: ExportFS,
  store: ExportRecordStore,
  claims: ExportNameClaims,
  plan: ExportPlan,
  signal: AbortSignal,
): Promise<void> => {
  for (const { collection, folderName } of plan.renamedCollections) {
    throwIfStopped(signal);
    const newName = await claims.claim("", (isTaken) => uniqueFolderName(collection.name, isTaken));
    await store.beginRename(collection.id, folderName, newName);
    if ((await fs.kindOf(folderName)) === "directory") await fs.rename(folderName, newName);
    await store.collectionNamed(collection.id, newName);
  }
};

/** Moves a file exported as `name` in `folder` into `Trash/<folder>/`, with its sidecars. */
const moveToTrash = async (
  fs: ExportFS,
  claims: ExportNameClaims,
  folder: string,
  name: FileExportName,
): Promise<void> => {
  const trashFolder = joinExportPath(exportTrashFolderName, folder);
  for (const part of typeof name === "string" ? [name] : [name.image, name.video]) {
    const from = joinExportPath(folder, part);
    if ((await fs.kindOf(from)) !== "file") continue;
    const trashName = await claims.claim(trashFolder, (isTaken) => uniqueFileName(part, isTaken));
    await fs.makeFolder(joinExportPath(trashFolder, exportMetadataFolderName));
    await fs.rename(from, joinExportPath(trashFolder, trashName));
    const sidecar = joinExportPath(folder, exportMetadataFolderName, exportSidecarFileName(part));
    if ((await fs.kindOf(sidecar)) === "file") {
      await fs.rename(
        sidecar,
        joinExportPath(trashFolder, exportMetadataFolderName, exportSidecarFileName(trashName)),
      );
    }
  }
};

const trashDeletedFiles = async (
  fs: ExportFS,
  store: ExportRecordStore,
  claims: ExportNameClaims,
  plan: ExportPlan,
  signal: AbortSignal,
  ensureFolder: () => Promise<void>,
): Promise<void> => {
  for (const recorded of plan.deletedFiles) {
    throwIfStopped(signal);
    await ensureFolder();
    const folder = store.collectionExportName(recorded.collectionID);
    if (folder !== undefined) await moveToTrash(fs, claims, folder, recorded.name);
    await store.fileForgotten(recorded.key);
  }
  for (const { older, current } of plan.supersededFiles) {
    throwIfStopped(signal);
    const folder = store.collectionExportName(older.collectionID);
    if (folder !== undefined) {
      const kept = new Set(exportedPaths(folder, current));
      for (const path of exportedPaths(folder, older.name)) {
        if (!kept.has(path)) await fs.removeFile(path);
      }
    }
    await store.fileForgotten(older.key);
  }
};

const exportFiles = async (
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

const removeDeletedCollections = async (
  fs: ExportFS,
  store: ExportRecordStore,
  plan: ExportPlan,
  signal: AbortSignal,
): Promise<void> => {
  const collectionsWithFiles = new Set(
    Object.keys(store.record.fileExportNames).map((key) => parseFileExportKey(key)?.collectionID),
  );
  for (const { collectionID, folderName } of plan.deletedCollections) {
    throwIfStopped(signal);
    if (collectionsWithFiles.has(collectionID)) continue;
    await fs.removeEmptyFolder(joinExportPath(folderName, exportMetadataFolderName));
    // Spec §5: a folder is removed only when it exists and is empty; one
    // that holds something of the user's stays, and so does its entry.
    if ((await fs.kindOf(folderName)) === undefined || (await fs.removeEmptyFolder(folderName))) {
      await store.collectionForgotten(collectionID);
    }
  }
};
