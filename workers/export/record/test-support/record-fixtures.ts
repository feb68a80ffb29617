// The fixture export folders (one per record version, fixtures/) in real
// temporary folders, and the migration run over them.

import { readFile } from "node:fs/promises";
import { afterEach } from "vitest";
import { exportRecordFileName } from "../../../../shared/model/export/export-record";
import type { ExportFS } from "../../export-fs";
import { type FolderTree, fixtureFolderTrees } from "../fixtures/folder-trees";
import { migrateExportRecord } from "../migrate-record";
import type { MigrationLibrary } from "../migration-library";
import { type TempExportFolder, makeTempExportFolder } from "./temp-export-folder";

export type FixtureVersion = 0 | 1 | 2 | 3 | 4;
export const fixtureVersions: readonly FixtureVersion[] = [0, 1, 2, 3, 4];

const fixtureText = (name: string): Promise<string> =>
  readFile(new URL(`../fixtures/${name}`, import.meta.url), "utf8");

/** The library every fixture folder was exported from. */
export const fixtureLibrary = async (): Promise<MigrationLibrary> =>
  JSON.parse(await fixtureText("library.json")) as MigrationLibrary;

/**
 * Temporary export folders for one test file, removed after each test.
 * Call at the top of the file (it registers the `afterEach`).
 */
export const useTempExportFolders = () => {
  const folders: TempExportFolder[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => folder.remove()));
  });

  const kept = (folder: TempExportFolder): TempExportFolder => {
    folders.push(folder);
    return folder;
  };

  return {
    /** A folder holding `tree` and, when given, `record` as its record. */
    folderWith: async (tree: FolderTree, record?: unknown): Promise<TempExportFolder> =>
      kept(
        await makeTempExportFolder({
          ...tree,
          ...(record === undefined
            ? {}
            : { [exportRecordFileName]: JSON.stringify(record, null, 2) }),
        }),
      ),
    /** The fixture folder of `version`, with its record as the reference wrote it. */
    fixtureFolder: async (version: FixtureVersion): Promise<TempExportFolder> =>
      kept(
        await makeTempExportFolder({
          ...fixtureFolderTrees[version],
          [exportRecordFileName]: await fixtureText(`export_status.v${String(version)}.json`),
        }),
      ),
  };
};

/** The record the folder holds, parsed. */
export const recordOnDisk = async (folder: TempExportFolder): Promise<unknown> =>
  JSON.parse(await folder.fs.readText(exportRecordFileName));

/** Migrates the folder's record through `fs` (the folder's own by default); counts the library loads. */
export const migrateFolder = async (
  folder: TempExportFolder,
  library: MigrationLibrary,
  fs: ExportFS = folder.fs,
) => {
  let libraryLoads = 0;
  const record = await migrateExportRecord(
    {
      fs,
      loadLibrary: () => {
        libraryLoads += 1;
        return Promise.resolve(library);
      },
    },
    await recordOnDisk(folder),
  );
  return { record, libraryLoads };
};
