// What the migrations of old export records read of the library: the
// migration from version 0 renames folders and files after their names, and
// the one from version 2 rebuilds the names files were exported under.

import { fileExportKey } from "../../../shared/model/export/export-record";
import { type ExportLibrary, isLivePhoto, wantedExportName } from "../export-library";

export interface MigrationCollection {
  id: number;
  /** The collection's name as the user sees it. */
  name: string;
}

export interface MigrationFile {
  id: number;
  collectionID: number;
  /** The version of the file's entry in its collection: part of its export key. */
  updationTime: number;
  /** The name it is exported under before being made unique: its edited name, else its title. */
  title: string;
  isLivePhoto: boolean;
}

/** The user's own collections, and the files they own in them (spec §6). */
export interface MigrationLibrary {
  collections: readonly MigrationCollection[];
  files: readonly MigrationFile[];
}

/** The migrations' view of the library the export engine loaded. */
export const migrationLibraryOf = (library: ExportLibrary): MigrationLibrary => ({
  collections: library.collections.map(({ id, name }) => ({ id, name })),
  files: library.files.map((file) => ({
    id: file.id,
    collectionID: file.collectionID,
    updationTime: file.updationTime,
    title: wantedExportName(file),
    isLivePhoto: isLivePhoto(file),
  })),
});

/** A file of the library with its export key. */
export interface KeyedMigrationFile extends MigrationFile {
  key: string;
}

/**
 * The files whose export key is in `exportedKeys`, in the order the old
 * clients exported them: by file ID (then collection, for a stable order).
 * A file edited since it was exported has another key now, so it is not
 * among them: its old export is left where it is, and the next run exports
 * it again.
 */
export const exportedFilesInIDOrder = (
  library: MigrationLibrary,
  exportedKeys: ReadonlySet<string>,
): KeyedMigrationFile[] =>
  library.files
    .map((file) => ({ ...file, key: fileExportKey(file) }))
    .filter((file) => exportedKeys.has(file.key))
    .sort((a, b) => a.id - b.id || a.collectionID - b.collectionID);
