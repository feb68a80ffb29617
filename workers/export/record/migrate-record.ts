// Brings an export record of any version, 0 to 5, to version 5 (spec §4
// "migration"), with the export folder where a version change needs it.

import {
  type ExportRecord,
  exportRecordFileName,
  exportRecordSchema,
  latestExportRecordVersion,
} from "../../../shared/model/export/export-record";
import type { ExportFS } from "../export-fs";
import type { MigrationLibrary } from "./migration-library";
import { ExportRecordUnreadableError } from "./record-errors";
import { exportRecordMigrationSteps } from "./record-migrations";
import { exportRecordVersionOf } from "./record-versions";

export interface ExportRecordMigrationDeps {
  /** The export folder the record is in. */
  fs: ExportFS;
  /**
   * The user's own collections and files in them. Asked at most once, and
   * only when a record older than version 3 has files (most records are
   * at version 5 and never need it).
   */
  loadLibrary: () => Promise<MigrationLibrary>;
}

// [Note: Each migration step is written as it completes]
//
// The record is rewritten after each version step, so a run stopped
// (crash, unplugged disk) midway starts again from the last version
// reached, and each step is safe to run again from its start: only the
// step from version 0 changes the disk, and it does so from a plan written
// first (see: [Note: Version 0 folders are renamed from a written plan]).
// A record at version 5 is returned as it is and nothing is written. A
// record newer than ours is refused before anything is touched: a newer
// client wrote it, and this one does not know its rules.

/**
 * The record `parsedJSON` (the parsed `export_status.json`) at version 5.
 * Throws `ExportRecordTooNewError` for a version above 5 and
 * `ExportRecordUnreadableError` for JSON that is not a record; the folder
 * is untouched then. See: [Note: Each migration step is written as it completes]
 */
export const migrateExportRecord = async (
  deps: ExportRecordMigrationDeps,
  parsedJSON: unknown,
): Promise<ExportRecord> => {
  const version = exportRecordVersionOf(parsedJSON);
  if (version === latestExportRecordVersion) return parseLatest(parsedJSON);

  let library: Promise<MigrationLibrary> | undefined;
  const writeRecord = (record: object): Promise<void> =>
    deps.fs.replaceText(exportRecordFileName, JSON.stringify(record, null, 2));
  const context = {
    fs: deps.fs,
    library: () => (library ??= deps.loadLibrary()),
    writeRecord,
  };

  let record: object = parsedJSON as object;
  for (const step of exportRecordMigrationSteps.filter((step) => step.from >= version)) {
    record = await step.migrate(record, context);
    await writeRecord(record);
  }
  return parseLatest(record);
};

const parseLatest = (record: unknown): ExportRecord => {
  const parsed = exportRecordSchema.safeParse(record);
  if (!parsed.success) {
    throw new ExportRecordUnreadableError("it does not have the fields of its version", {
      cause: parsed.error,
    });
  }
  return parsed.data;
};
