// The metadata sidecar the export writes beside each exported file (spec
// §9): `<collection folder>/metadata/<export name>.json`, a JSON file in
// the shape of Google Takeout's, so that tools which import a Takeout (and
// our own upload, `shared/model/media/takeout-sidecars.ts`) read it. Pure.

import type { FileMetadata, FilePublicMagicMetadata } from "../library/file-metadata";
import { exportMetadataFolderName } from "./export-names";

/** What a sidecar tells about one file. Times are µs since the epoch. */
export interface ExportSidecarInput {
  /** The file's name as people see it: its edited name, else its title. */
  title: string;
  caption?: string;
  /** When the photo was taken: the time the user set, else the file's. */
  creationTimeUs: number;
  /** The file's modification time; the creation time when absent. */
  modificationTimeUs?: number;
  latitude?: number;
  longitude?: number;
  /** Coordinates the user set; they win over the file's when both are present. */
  editedLatitude?: number;
  editedLongitude?: number;
}

/** A time in a sidecar: seconds since the epoch as a decimal string, and the same for people. */
export interface ExportSidecarTime {
  timestamp: string;
  formatted: string;
}

/** The sidecar's JSON. Key order is the reference's (see `exportSidecar`). */
export interface ExportSidecar {
  title: string;
  photoTakenTime: ExportSidecarTime;
  /** The same as `photoTakenTime`; older readers of the reference's exports read this one. */
  creationTime: ExportSidecarTime;
  modificationTime: ExportSidecarTime;
  caption?: string;
  geoData?: { latitude: number; longitude: number };
}

/** The locale a sidecar's formatted times are written in when none is given. */
export const defaultExportSidecarLocale = "en-US";

/** The sidecar input of a file, from its decrypted metadata and public magic metadata. */
export const exportSidecarInputOf = (
  metadata: Pick<
    FileMetadata,
    "title" | "creationTime" | "modificationTime" | "latitude" | "longitude"
  >,
  publicMagicMetadata?: Pick<FilePublicMagicMetadata, "editedName" | "editedTime" | "caption">,
): ExportSidecarInput => ({
  title: publicMagicMetadata?.editedName ?? metadata.title,
  caption: publicMagicMetadata?.caption,
  creationTimeUs: publicMagicMetadata?.editedTime ?? metadata.creationTime,
  modificationTimeUs: metadata.modificationTime,
  latitude: metadata.latitude,
  longitude: metadata.longitude,
});

/** Milliseconds a JavaScript Date can hold either side of the epoch. */
const maxDateMs = 8.64e15;

/**
 * Whole seconds since the epoch of a time in µs, rounded down (the
 * reference's `Math.floor(µs / 1e6)`). A time no date can hold (not a
 * number, or beyond the year 275,000) reads as 0: a reader of the sidecar
 * then sees "no time" rather than a date it cannot parse.
 */
const secondsOf = (timeUs: number): number => {
  const seconds = Math.floor(timeUs / 1e6);
  return Number.isFinite(seconds) && Math.abs(seconds * 1000) <= maxDateMs ? seconds : 0;
};

const formatters = new Map<string, Intl.DateTimeFormat>();

// [Note: Sidecar times are formatted like Takeout's, in UTC]
//
// Google does not document `formatted`; its exports read like
// `Sep 20, 2020, 10:12:07 AM UTC` in English and follow the account's
// language otherwise. The reference builds the same with month short, day,
// year, hour, minute, second and a short time zone name, in UTC, in the
// app's language; so do we, with the locale a parameter. The time is UTC
// (the text says so), never the computer's zone, so an export made in two
// places is the same. Readers use `timestamp`; `formatted` is for people.

/** The formatter of a locale; an unknown locale falls back to the default. See: [Note: Sidecar times are formatted like Takeout's, in UTC] */
const formatterFor = (locale: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(locale);
  if (formatter === undefined) {
    const options: Intl.DateTimeFormatOptions = {
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      timeZoneName: "short",
      timeZone: "UTC",
    };
    try {
      formatter = new Intl.DateTimeFormat(locale, options);
    } catch {
      // A malformed locale tag (RangeError).
      formatter = new Intl.DateTimeFormat(defaultExportSidecarLocale, options);
    }
    formatters.set(locale, formatter);
  }
  return formatter;
};

const sidecarTime = (timeUs: number, formatter: Intl.DateTimeFormat): ExportSidecarTime => {
  const seconds = secondsOf(timeUs);
  return { timestamp: String(seconds), formatted: formatter.format(seconds * 1000) };
};

const isCoordinate = (value: number | undefined): value is number =>
  value !== undefined && Number.isFinite(value);

/**
 * The location to write: the edited coordinates when both are numbers and
 * not 0, 0, else the file's; none when the pair is incomplete or 0, 0
 * (what cameras without a fix and Google write for "no location").
 */
const locationOf = (input: ExportSidecarInput): ExportSidecar["geoData"] => {
  const pairs: [number | undefined, number | undefined][] = [
    [input.editedLatitude, input.editedLongitude],
    [input.latitude, input.longitude],
  ];
  for (const [latitude, longitude] of pairs) {
    if (isCoordinate(latitude) && isCoordinate(longitude) && (latitude !== 0 || longitude !== 0)) {
      return { latitude, longitude };
    }
  }
  return undefined;
};

/**
 * The sidecar of a file: `title`; `photoTakenTime`, with `creationTime` the
 * same (the reference writes both, the latter deprecated); `modificationTime`;
 * `caption` when there is one; `geoData` when there is a location. The keys
 * come in the reference's order. See: [Note: Sidecar times are formatted like Takeout's, in UTC]
 */
export const exportSidecar = (
  input: ExportSidecarInput,
  locale: string = defaultExportSidecarLocale,
): ExportSidecar => {
  const formatter = formatterFor(locale);
  const taken = sidecarTime(input.creationTimeUs, formatter);
  const sidecar: ExportSidecar = {
    title: input.title,
    photoTakenTime: taken,
    creationTime: { ...taken },
    modificationTime: sidecarTime(input.modificationTimeUs ?? input.creationTimeUs, formatter),
  };
  if (input.caption !== undefined && input.caption !== "") sidecar.caption = input.caption;
  const geoData = locationOf(input);
  if (geoData !== undefined) sidecar.geoData = geoData;
  return sidecar;
};

/** The sidecar's text: pretty JSON, two spaces, as the reference writes it. */
export const exportSidecarText = (
  input: ExportSidecarInput,
  locale: string = defaultExportSidecarLocale,
): string => JSON.stringify(exportSidecar(input, locale), null, 2);

/** The sidecar's file name for a file exported as `exportName`. */
export const exportSidecarFileName = (exportName: string): string => `${exportName}.json`;

/**
 * The parts of a sidecar's path inside the export folder: the collection's
 * folder, its `metadata` folder and `<exportName>.json`. A live photo has
 * one sidecar for each of its two parts' names.
 */
export const sidecarPathParts = (
  collectionFolderName: string,
  exportName: string,
): [string, string, string] => [
  collectionFolderName,
  exportMetadataFolderName,
  exportSidecarFileName(exportName),
];
