// The stages of an export run that tidy the folder (spec §4): finishing
// what a crash interrupted, renaming the folders of renamed albums, moving
// deleted files to Trash, and removing the folders of deleted albums.

import {
  exportMetadataFolderName,
  exportTrashFolderName,
  uniqueFileName,
  uniqueFolderName,
} from "../../shared/model/export/export-names";
import { type FileExportName, parseFileExportKey } from "../../shared/model/export/export-record";
import { exportSidecarFileName } from "../../shared/model/export/export-sidecar";
import { throwIfStopped } from "./export-errors";
import { exportedPaths, undoUnfinishedWrite } from "./export-file-writer";
import { type ExportFS, joinExportPath } from "./export-fs";
import type { ExportNameClaims } from "./export-name-claims";
import type { ExportPlan } from "./export-plan";
import type { ExportRecordStore } from "./export-record-store";

/** Cleans up after writes and renames a crash interrupted. See: [Note: A file appears under its name only when complete] */
export const finishInterruptedWork = async (
  fs: ExportFS,
  store: ExportRecordStore,
): Promise<void> => {
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

export const renameCollectionFolders = async (
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

export const trashDeletedFiles = async (
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

export const removeDeletedCollections = async (
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
