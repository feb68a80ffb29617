// One export run (spec §4): migration, starting, then renaming folders,
// trashing deleted files, exporting new files, removing deleted collections,
// and finished, each stage persisted as it begins.

import {
  type ExportRecord,
  ExportStage,
  decodeFileExportName,
  parseFileExportKey,
} from "../../shared/model/export/export-record";
import { ExportRunStoppedError, isStoppedByUser } from "./export-errors";
import { exportFiles } from "./export-files-stage";
import {
  finishInterruptedWork,
  removeDeletedCollections,
  renameCollectionFolders,
  trashDeletedFiles,
} from "./export-folder-stages";
import type { ExportFS, ExportPath } from "./export-fs";
import type { ExportLibrary, ExportLibrarySource } from "./export-library";
import { ExportNameClaims } from "./export-name-claims";
import { planExport } from "./export-plan";
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
