// How the old clients named things in the export folder, and how their
// records' values read today: pure rules the migrations share.

import { ExportStage } from "../../../shared/model/export/export-record";
import { LegacyExportStage } from "./record-versions";

/** The first clients' sanitising: only `/` and spaces became `_`. */
export const legacySanitizeName = (name: string): string => name.replaceAll(/[/ ]/g, "_");

/** A collection's folder at version 0: `<collectionID>_<name>`. */
export const legacyCollectionFolderName = (collectionID: number, name: string): string =>
  `${String(collectionID)}_${legacySanitizeName(name)}`;

/** A file at version 0: `<fileID>_<title>`. */
export const legacyFileName = (fileID: number, title: string): string =>
  `${String(fileID)}_${legacySanitizeName(title)}`;

/** A title without what follows its last dot, as the old clients cut it (`IMG_1.HEIC` → `IMG_1`). */
export const legacyStem = (title: string): string => {
  const dot = title.lastIndexOf(".");
  return dot === -1 ? title : title.slice(0, dot);
};

/**
 * The names of a live photo's parts at version 0: the old clients unzipped
 * it and named each part `<fileID>_<stem>.<extension of the part in the
 * zip>`. Returns, for each part found among `fileNames`, its name and
 * extension (without the dot); the image is the part whose extension is not
 * a video's.
 */
export const legacyLivePhotoParts = (
  fileID: number,
  title: string,
  fileNames: Iterable<string>,
  isVideoExtension: (extension: string) => boolean,
): { image?: LegacyPart; video?: LegacyPart } => {
  const prefix = `${legacyFileName(fileID, legacyStem(title))}.`;
  const parts = [...fileNames]
    .filter((name) => name.startsWith(prefix))
    .map((name) => ({ name, extension: name.slice(prefix.length) }))
    .filter(({ extension }) => extension !== "" && !extension.includes("."))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const image = parts.find(({ extension }) => !isVideoExtension(extension));
  const video = parts.find(({ extension }) => isVideoExtension(extension));
  return { ...(image && { image }), ...(video && { video }) };
};

export interface LegacyPart {
  name: string;
  extension: string;
}

/**
 * The last part of a path, with either separator: the reference recorded
 * folders as absolute paths (`/Users/ada/ente Photos/Trip`, or on Windows
 * `C:\Users\ada\ente Photos/Trip`), later as names. Names were sanitised,
 * so they hold neither separator. "" when there is no part.
 */
export const lastPathSegment = (path: string): string =>
  path
    .split(/[/\\]/)
    .filter((part) => part !== "")
    .at(-1) ?? "";

/** Whether `name` can only be one entry of the export folder (not empty, `.`, `..` or a path). */
export const isSingleFolderEntryName = (name: string): boolean =>
  name !== "" && name !== "." && name !== ".." && !/[/\\]/.test(name);

// [Note: Old export stages are renumbered]
//
// Until version 3 the stages were init 0, in progress 1, paused 2 and
// finished 3; version 3 brought today's (spec §4), where 3 is "exporting
// files", and the reference carried the old number over as it was, so a
// finished old export read as interrupted. We read the old numbers for
// what they meant: an export in progress was interrupted, so it resumes
// (the next run exports what is missing); a paused one was stopped by its
// user, which is "finished" today (stopping ends in finished, spec §4).

/** Today's stage for a stage of versions 0 to 2. See: [Note: Old export stages are renumbered] */
export const stageOfLegacyStage = (legacyStage: number | undefined): ExportStage => {
  switch (legacyStage) {
    case LegacyExportStage.inProgress:
      return ExportStage.exportingFiles;
    case LegacyExportStage.paused:
    case LegacyExportStage.finished:
      return ExportStage.finished;
    default:
      return ExportStage.init;
  }
};
