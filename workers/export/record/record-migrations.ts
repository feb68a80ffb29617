// The steps that bring an export record from one version to the next (spec
// §4 "migration"), each with the disk work its version change needs. Each
// takes the record as parsed JSON and returns the next version's.

import {
  ExportStage,
  type ExportRecord,
  exportRecordSchema,
  parseFileExportKey,
} from "../../../shared/model/export/export-record";
import { exportMetadataFolderName } from "../../../shared/model/export/export-names";
import { type ExportFS, joinExportPath } from "../export-fs";
import {
  isSingleFolderEntryName,
  lastPathSegment,
  stageOfLegacyStage,
} from "./legacy-export-names";
import { carryOutLegacyRenames, planLegacyRenames } from "./legacy-rename-plan";
import type { MigrationLibrary } from "./migration-library";
import { rebuildFileExportNames } from "./rebuild-export-names";
import {
  exportRecordV0Schema,
  exportRecordV1Schema,
  exportRecordV2Schema,
  exportRecordV3Schema,
  exportRecordV4Schema,
  legacyRenamePlanField,
  renamedFileNamesField,
} from "./record-versions";

/** What a step may use. */
export interface MigrationStepContext {
  fs: ExportFS;
  /** The library, loaded on first use (only versions 0 and 2 need it). */
  library: () => Promise<MigrationLibrary>;
  /** Writes a record of the version being migrated (a step's progress within it). */
  writeRecord: (record: object) => Promise<void>;
}

export interface MigrationStep {
  /** The version the step reads; it returns version `from + 1`. */
  from: number;
  migrate: (record: unknown, context: MigrationStepContext) => Promise<object>;
}

/** Folder names from a map of names or paths; entries that name no single folder are left out. */
const folderNamesOf = (
  pathsOrNames: Readonly<Record<string, string>> | undefined,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(pathsOrNames ?? {})
      .map(([id, pathOrName]) => [id, lastPathSegment(pathOrName)] as const)
      .filter(([, name]) => isSingleFolderEntryName(name)),
  );

/**
 * 0 → 1: `<collectionID>_<name>` folders and `<fileID>_<title>` files are
 * renamed to today's names. See: [Note: Version 0 folders are renamed from a written plan]
 */
const migrateV0ToV1: MigrationStep["migrate"] = async (parsed, { fs, library, writeRecord }) => {
  const record = exportRecordV0Schema.parse(parsed);
  const { [legacyRenamePlanField]: writtenPlan, version: _version, ...rest } = record;
  let plan = writtenPlan;
  if (plan === undefined) {
    const exportedKeys = new Set(record.exportedFiles ?? []);
    // Nothing was exported, so nothing on disk is the export's (the reference's rule).
    if (exportedKeys.size === 0) return { ...rest, version: 1 };
    plan = await planLegacyRenames(fs, await library(), exportedKeys);
    await writeRecord({ ...record, [legacyRenamePlanField]: plan });
  }
  const outcome = await carryOutLegacyRenames(fs, plan);
  return {
    ...rest,
    version: 1,
    exportedCollectionPaths: outcome.collectionFolderNames,
    [renamedFileNamesField]: outcome.fileExportNames,
  };
};

/** 1 → 2: the queued and failed lists and the progress are dropped (the record only says what is exported). */
const migrateV1ToV2: MigrationStep["migrate"] = (parsed) => {
  const {
    queuedFiles: _queuedFiles,
    failedFiles: _failedFiles,
    progress: _progress,
    ...rest
  } = exportRecordV1Schema.parse(parsed);
  return Promise.resolve({ ...rest, version: 2 });
};

/**
 * 2 → 3: the list of exported files and the folders' paths become the maps
 * of names. See: [Note: Export names are rebuilt by replaying the numbering]
 */
const migrateV2ToV3: MigrationStep["migrate"] = async (parsed, { fs, library }) => {
  const {
    exportedFiles,
    exportedCollectionPaths,
    [renamedFileNamesField]: knownFileNames,
    stage,
    lastAttemptTimestamp,
    version: _version,
    ...rest
  } = exportRecordV2Schema.parse(parsed);
  const collectionExportNames = folderNamesOf(exportedCollectionPaths);
  const exportedKeys = new Set(exportedFiles ?? []);
  const fileExportNames =
    exportedKeys.size === 0 || Object.keys(collectionExportNames).length === 0
      ? {}
      : await rebuildFileExportNames({
          fs,
          library: await library(),
          exportedKeys,
          collectionFolderNames: collectionExportNames,
          knownFileNames: knownFileNames ?? {},
        });
  return {
    ...rest,
    version: 3,
    stage: stageOfLegacyStage(stage),
    lastAttemptTimestamp: lastAttemptTimestamp ?? null,
    collectionExportNames,
    fileExportNames,
  };
};

/** 3 → 4: folders recorded by their path are recorded by their name. */
const migrateV3ToV4: MigrationStep["migrate"] = (parsed) => {
  const record = exportRecordV3Schema.parse(parsed);
  return Promise.resolve({
    ...record,
    version: 4,
    collectionExportNames: folderNamesOf(record.collectionExportNames),
    fileExportNames: record.fileExportNames ?? {},
  });
};

// [Note: A recorded folder without its metadata folder is forgotten]
//
// Every collection folder an export wrote has a `metadata` folder for its
// sidecars. Some reference versions recorded a folder before (or without)
// making it; version 5 forgets each collection whose `metadata` folder is
// missing, with its files, so the next run exports them again into a
// folder it makes whole. Nothing is removed from the disk.

/** 4 → 5. See: [Note: A recorded folder without its metadata folder is forgotten] */
const migrateV4ToV5: MigrationStep["migrate"] = async (parsed, { fs }) => {
  const record = exportRecordV4Schema.parse(parsed);
  const collectionExportNames: Record<string, string> = {};
  for (const [id, name] of Object.entries(record.collectionExportNames ?? {})) {
    if (!isSingleFolderEntryName(name)) continue;
    if ((await fs.kindOf(joinExportPath(name, exportMetadataFolderName))) !== "directory") continue;
    collectionExportNames[id] = name;
  }
  const fileExportNames = Object.fromEntries(
    Object.entries(record.fileExportNames ?? {}).filter(([key]) => {
      const collectionID = parseFileExportKey(key)?.collectionID;
      return collectionID !== undefined && String(collectionID) in collectionExportNames;
    }),
  );
  const latest: ExportRecord = exportRecordSchema.parse({
    ...record,
    version: 5,
    stage: record.stage ?? ExportStage.init,
    lastAttemptTimestamp: record.lastAttemptTimestamp ?? null,
    collectionExportNames,
    fileExportNames,
  });
  return latest;
};

/** The steps, by the version each reads. */
export const exportRecordMigrationSteps: readonly MigrationStep[] = [
  { from: 0, migrate: migrateV0ToV1 },
  { from: 1, migrate: migrateV1ToV2 },
  { from: 2, migrate: migrateV2ToV3 },
  { from: 3, migrate: migrateV3ToV4 },
  { from: 4, migrate: migrateV4ToV5 },
];
