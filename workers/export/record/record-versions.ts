// The export record as older clients wrote it, versions 0 to 4 (the
// reference's `export-migration.ts` and `types/export`, until 2025), read
// leniently: a field of the wrong type reads as absent, an entry of the
// wrong type is left out, and fields we do not know are kept as they are.

import { z } from "zod";
import { latestExportRecordVersion } from "../../../shared/model/export/export-record";
import { ExportRecordTooNewError, ExportRecordUnreadableError } from "./record-errors";

/** A list of strings; other items are left out. */
const stringList = z
  .array(z.unknown())
  .transform((items) => items.filter((item): item is string => typeof item === "string"));

/** A map of strings; entries whose value is not a string are left out. */
const stringMap = z
  .record(z.string(), z.unknown())
  .transform((entries): Record<string, string> =>
    Object.fromEntries(
      Object.entries(entries).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    ),
  );

const optionalStringList = stringList.optional().catch(undefined);
const optionalStringMap = stringMap.optional().catch(undefined);
const optionalNumber = z.number().optional().catch(undefined);
/** ms since the epoch; null (or absent) before the first finished run. */
const optionalTimestamp = z.number().nullable().optional().catch(undefined);

/**
 * The stages of versions 0 to 2, numbered differently from today's (spec
 * §4 has the new ones). See: [Note: Old export stages are renumbered]
 */
export const LegacyExportStage = {
  init: 0,
  inProgress: 1,
  paused: 2,
  finished: 3,
} as const;

/** One rename of a version 0 folder's migration: paths relative to the export folder. */
const legacyRenameSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The collection whose folder this renames. */
  collectionID: z.string().optional(),
  /** The file whose media (not sidecar) this renames. */
  fileExportKey: z.string().optional(),
});
export type LegacyRename = z.output<typeof legacyRenameSchema>;

/**
 * Our own field of a version 0 record whose migration to version 1 is
 * under way: the renames it decided, written before the first of them is
 * made. See: [Note: Version 0 folders are renamed from a written plan]
 */
export const legacyRenamePlanSchema = z.object({
  /** Collection ID → the name its folder is renamed to. */
  collectionFolderNames: stringMap,
  /** File export key → the stored export name its file is renamed to. */
  fileExportNames: stringMap,
  /** In order: every folder, then for each file its sidecar and its media. */
  renames: z.array(legacyRenameSchema),
});
export type LegacyRenamePlan = z.output<typeof legacyRenamePlanSchema>;

/** The field of a version 0 record holding its rename plan while the migration runs. */
export const legacyRenamePlanField = "legacyRenamePlan";

/**
 * Our own field of versions 1 and 2, carrying the names the migration from
 * version 0 gave each file to the rebuild of version 3, so that it need not
 * guess them. See: [Note: Export names are rebuilt by replaying the numbering]
 */
export const renamedFileNamesField = "renamedFileExportNames";

/**
 * Version 0: no `version` field. Files are listed by export key;
 * collection folders are `<collectionID>_<name>` and files
 * `<fileID>_<title>`, with only `/` and spaces replaced.
 */
export const exportRecordV0Schema = z.looseObject({
  version: z.literal(0).nullish(),
  /** A `LegacyExportStage`. */
  stage: optionalNumber,
  lastAttemptTimestamp: optionalTimestamp,
  /** Export keys of the files exported. */
  exportedFiles: optionalStringList,
  /** Export keys still to export, and those that failed: dropped by the migration to version 2. */
  queuedFiles: z.unknown().optional(),
  failedFiles: z.unknown().optional(),
  /** `{current, total}` or `{success, failed, total}`: dropped by the migration to version 2. */
  progress: z.unknown().optional(),
  [legacyRenamePlanField]: legacyRenamePlanSchema.optional().catch(undefined),
});
export type ExportRecordV0 = z.output<typeof exportRecordV0Schema>;

/**
 * Version 1: folders renamed to `name(n)`, files to `title(n).ext`. The
 * reference recorded each collection's folder as an absolute path.
 */
export const exportRecordV1Schema = z.looseObject({
  version: z.literal(1),
  stage: optionalNumber,
  lastAttemptTimestamp: optionalTimestamp,
  exportedFiles: optionalStringList,
  queuedFiles: z.unknown().optional(),
  failedFiles: z.unknown().optional(),
  progress: z.unknown().optional(),
  /** Collection ID → its folder's path (absolute when the reference wrote it). */
  exportedCollectionPaths: optionalStringMap,
  [renamedFileNamesField]: optionalStringMap,
});
export type ExportRecordV1 = z.output<typeof exportRecordV1Schema>;

/** Version 2: version 1 without the queued and failed lists and the progress. */
export const exportRecordV2Schema = z.looseObject({
  version: z.literal(2),
  stage: optionalNumber,
  lastAttemptTimestamp: optionalTimestamp,
  exportedFiles: optionalStringList,
  exportedCollectionPaths: optionalStringMap,
  [renamedFileNamesField]: optionalStringMap,
});
export type ExportRecordV2 = z.output<typeof exportRecordV2Schema>;

/**
 * Versions 3 and 4: today's maps and stages. A version 3 record may hold
 * paths (absolute, or relative to the export folder) where names belong;
 * version 4 holds names. The reference also wrote empty records (a fresh
 * folder) at version 3, and some version 3 records kept an
 * `exportFolderPath`, which is kept as an unknown field.
 */
const exportRecordV3OrV4Schema = <V extends 3 | 4>(version: V) =>
  z.looseObject({
    version: z.literal(version),
    stage: optionalNumber,
    lastAttemptTimestamp: optionalTimestamp,
    /** Collection ID → its folder's name (a path, at version 3). */
    collectionExportNames: optionalStringMap,
    /** File export key → the stored export name. */
    fileExportNames: optionalStringMap,
  });
export const exportRecordV3Schema = exportRecordV3OrV4Schema(3);
export type ExportRecordV3 = z.output<typeof exportRecordV3Schema>;
export const exportRecordV4Schema = exportRecordV3OrV4Schema(4);
export type ExportRecordV4 = z.output<typeof exportRecordV4Schema>;

/** The version of a parsed record: 0 when it has none; throws when it is not a record or is newer than ours. */
export const exportRecordVersionOf = (parsed: unknown): number => {
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new ExportRecordUnreadableError("it is not a JSON object");
  }
  const version = (parsed as { version?: unknown }).version;
  // The first records had no version; the reference read a missing one as 0.
  if (version === undefined || version === null) return 0;
  if (typeof version !== "number" || !Number.isInteger(version) || version < 0) {
    throw new ExportRecordUnreadableError(`its version ${JSON.stringify(version)} is not a count`);
  }
  if (version > latestExportRecordVersion) throw new ExportRecordTooNewError(version);
  return version;
};
