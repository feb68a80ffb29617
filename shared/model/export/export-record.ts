// The export record, `export_status.json` in the export folder (spec §3):
// what has been exported under which name, and where the last run stopped.
// Pure: the schema, the stages and the keys. Reading and writing it is the
// export engine's (`workers/export`).

import { z } from "zod";

/** The record's file name in the export folder (spec §9). */
export const exportRecordFileName = "export_status.json";

/** The version this client writes (spec §3). */
export const latestExportRecordVersion = 5;

/** Spec §4 "Export stage", with the spec's numbers (the order a run takes differs). */
export const ExportStage = {
  init: 0,
  migration: 1,
  starting: 2,
  exportingFiles: 3,
  trashingDeletedFiles: 4,
  renamingCollectionFolders: 5,
  trashingDeletedCollections: 6,
  finished: 7,
} as const;
export type ExportStage = (typeof ExportStage)[keyof typeof ExportStage];

/** A stage strictly between init and finished at startup: the last run was interrupted (spec §4). */
export const wasInterrupted = (stage: ExportStage): boolean =>
  stage > ExportStage.init && stage < ExportStage.finished;

/** The names a live photo was exported under: its image and its video, each a file of its own. */
export interface LivePhotoExportNames {
  image: string;
  video: string;
}

/** The name (or names, for a live photo) a file was exported under. */
export type FileExportName = string | LivePhotoExportNames;

/**
 * The key of one file in one collection at one version (spec §3):
 * `<fileID>_<collectionID>_<updationTime>`. A file in two albums has two
 * keys; an edit gives it a new key (its old one then reads as deleted).
 */
export const fileExportKey = (file: {
  id: number;
  collectionID: number;
  updationTime: number;
}): string => `${String(file.id)}_${String(file.collectionID)}_${String(file.updationTime)}`;

/** The parts of a file export key; undefined when the key is not one. */
export const parseFileExportKey = (
  key: string,
): { fileID: number; collectionID: number; updationTime: number } | undefined => {
  const match = /^(\d+)_(\d+)_(\d+)$/.exec(key);
  if (match === null) return undefined;
  return {
    fileID: Number(match[1]),
    collectionID: Number(match[2]),
    updationTime: Number(match[3]),
  };
};

// [Note: A live photo's export name is a JSON object in the record]
//
// The reference stores a live photo's two names as a JSON string inside the
// string map, `"{\"image\":…,\"video\":…}"`, and tells the two apart by
// whether `JSON.parse` succeeds, so a file exported as `2024` reads back as
// the number 2024. We write the same string (records stay readable by the
// reference) but read it as a live photo only when it parses to an object
// with string `image` and `video`; anything else is a plain name.

/** The record's stored form of an export name. */
export const encodeFileExportName = (name: FileExportName): string =>
  typeof name === "string" ? name : JSON.stringify({ image: name.image, video: name.video });

/** An export name from its stored form. See: [Note: A live photo's export name is a JSON object in the record] */
export const decodeFileExportName = (stored: string): FileExportName => {
  if (!stored.startsWith("{")) return stored;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "image" in parsed &&
      "video" in parsed &&
      typeof parsed.image === "string" &&
      typeof parsed.video === "string"
    ) {
      return { image: parsed.image, video: parsed.video };
    }
  } catch {
    // A name that starts with a brace.
  }
  return stored;
};

const stageSchema = z
  .number()
  .int()
  .min(ExportStage.init)
  .max(ExportStage.finished)
  .transform((stage) => stage as ExportStage);

/** The record as this client writes it (version 5); unknown fields are kept. */
export const exportRecordSchema = z.looseObject({
  version: z.literal(latestExportRecordVersion),
  stage: stageSchema.catch(ExportStage.init),
  /** ms since the epoch; null before the first finished run. */
  lastAttemptTimestamp: z.number().nullable().catch(null),
  /** Collection ID → its folder's name in the export folder. */
  collectionExportNames: z.record(z.string(), z.string()),
  /** File export key → the stored export name. See: [Note: A live photo's export name is a JSON object in the record] */
  fileExportNames: z.record(z.string(), z.string()),
});
export type ExportRecord = z.output<typeof exportRecordSchema>;

/** The record of an export folder that has never been exported to. */
export const freshExportRecord = (): ExportRecord => ({
  version: latestExportRecordVersion,
  stage: ExportStage.init,
  lastAttemptTimestamp: null,
  collectionExportNames: {},
  fileExportNames: {},
});
