// What a run has to do to bring the export folder to the library: pure,
// from the record and the library.

import {
  type FileExportName,
  decodeFileExportName,
  fileExportKey,
  parseFileExportKey,
} from "../../shared/model/export/export-record";
import type { ExportRecord } from "../../shared/model/export/export-record";
import { isCollectionRenamed } from "../../shared/model/export/export-names";
import type { ExportCollection, ExportFile, ExportLibrary } from "./export-library";

/** A file exported earlier whose entry is gone from the library. */
export interface RecordedFile {
  key: string;
  collectionID: number;
  name: FileExportName;
}

/** A file to write, and the earlier version of it that it replaces, if any. */
export interface FileToExport {
  file: ExportFile;
  key: string;
  /** The same file in the same collection at an older version (an edit): replaced, not trashed. */
  replaces?: RecordedFile | undefined;
}

export interface ExportPlan {
  /** Collections whose folder is named after an older name. */
  renamedCollections: { collection: ExportCollection; folderName: string }[];
  /** Files exported earlier that are no longer in the library: moved to the export's Trash. */
  deletedFiles: RecordedFile[];
  /**
   * Older versions of files whose current version is exported already (a
   * run stopped between writing the new one and forgetting the old): their
   * entries are forgotten, and their files removed where the new one took
   * another name.
   */
  supersededFiles: { older: RecordedFile; current: FileExportName }[];
  /** Files not exported yet (or at an older version). */
  filesToExport: FileToExport[];
  /** Collections with a folder that are no longer in the library. */
  deletedCollections: { collectionID: number; folderName: string }[];
}

// [Note: An edited file replaces its export]
//
// A file's export key holds the version of its collection entry, so an edit
// (a caption, a new date) gives it a new key, and its old key no longer
// matches anything. The reference then moves the old export to Trash and
// downloads the file again as if new, so every edit leaves a stale copy in
// Trash. Here the old key of a file that is still in the same collection is
// not a deletion: the new version is written first (under the same name
// when it is still wanted, replacing the old one in one rename), and the old
// one is removed after, so at no moment is the file missing from the folder.

const entryOf = (fileID: number, collectionID: number): string =>
  `${String(fileID)}_${String(collectionID)}`;

/** The plan for one run. `missingKeys`: recorded files no longer on disk (a resync writes them again). */
export const planExport = (
  record: Pick<ExportRecord, "collectionExportNames" | "fileExportNames">,
  library: ExportLibrary,
  missingKeys: ReadonlySet<string> = new Set(),
): ExportPlan => {
  const collectionsByID = new Map(library.collections.map((c) => [c.id, c]));
  const folders = Object.entries(record.collectionExportNames).map(
    ([id, folderName]) => [Number(id), folderName] as const,
  );

  const renamedCollections = folders.flatMap(([id, folderName]) => {
    const collection = collectionsByID.get(id);
    return collection !== undefined && isCollectionRenamed(folderName, collection.name)
      ? [{ collection, folderName }]
      : [];
  });
  const deletedCollections = folders.flatMap(([collectionID, folderName]) =>
    collectionsByID.has(collectionID) ? [] : [{ collectionID, folderName }],
  );

  const isExported = (key: string): boolean =>
    record.fileExportNames[key] !== undefined && !missingKeys.has(key);
  const currentByEntry = new Map(
    library.files.map((file) => [entryOf(file.id, file.collectionID), file]),
  );

  const deletedFiles: RecordedFile[] = [];
  const supersededFiles: ExportPlan["supersededFiles"] = [];
  const replacedBy = new Map<string, RecordedFile>();
  for (const [key, stored] of Object.entries(record.fileExportNames)) {
    const parts = parseFileExportKey(key);
    if (parts === undefined) continue;
    const current = currentByEntry.get(entryOf(parts.fileID, parts.collectionID));
    const recorded = { key, collectionID: parts.collectionID, name: decodeFileExportName(stored) };
    if (current === undefined) {
      deletedFiles.push(recorded);
      continue;
    }
    const currentKey = fileExportKey(current);
    if (currentKey === key) {
      if (missingKeys.has(key)) replacedBy.set(key, recorded);
    } else if (isExported(currentKey)) {
      const currentStored = record.fileExportNames[currentKey];
      if (currentStored !== undefined) {
        supersededFiles.push({ older: recorded, current: decodeFileExportName(currentStored) });
      }
    } else {
      replacedBy.set(currentKey, recorded);
    }
  }

  const filesToExport: FileToExport[] = [];
  for (const file of library.files) {
    const key = fileExportKey(file);
    if (isExported(key)) continue;
    const replaces = replacedBy.get(key);
    filesToExport.push({ file, key, ...(replaces === undefined ? {} : { replaces }) });
  }

  return { renamedCollections, deletedFiles, supersededFiles, filesToExport, deletedCollections };
};
