// Google Takeout's metadata sidecars: the JSON file Google writes beside each
// photo or video of an export (capture time, location, description), how one
// is read, and which media file each belongs to. Pure: the upload worker
// reads the files' text and hands it here.

import { z } from "zod";

/** What a sidecar tells about its media file. Times are µs since the epoch. */
export interface TakeoutMetadata {
  creationTimeUs?: number;
  modificationTimeUs?: number;
  /** Both or neither. */
  latitude?: number;
  longitude?: number;
  caption?: string;
}

// [Note: Takeout sidecars are read leniently]
//
// A sidecar looks like
//   { "title": "IMG_1234.jpg", "description": "",
//     "creationTime": { "timestamp": "1600598769", "formatted": "…" },
//     "photoTakenTime": { "timestamp": "1600596727", "formatted": "…" },
//     "geoData": { "latitude": 55.26, "longitude": 37.66, "altitude": 214.4, … },
//     "geoDataExif": { … }, "url": "…", "googlePhotosOrigin": { … } }
// Timestamps are seconds as strings (older exports and other tools write
// numbers: both are read). `photoTakenTime` is the capture; `creationTime`
// is when the file reached Google Photos, the best guess when the capture is
// missing. `geoData` holds the location as the person last set it, so it
// wins over `geoDataExif` (the camera's); Google writes 0, 0 for "no
// location". The caption is `description` (or `caption`, the field exports
// of Ente-compatible apps write). Each field is read on its own: a field of
// the wrong shape is absent and spoils nothing else.
//
// A JSON file with none of the four time and location fields is not a
// media sidecar (an album's `metadata.json` holds title, description and
// date; a stray `package.json` has a description too): it gives nothing.

/** Fields only a media sidecar has; one of them must be present. */
const sidecarMarkerFields = ["photoTakenTime", "creationTime", "geoData", "geoDataExif"] as const;

const isNonZeroSafeInteger = (value: number): boolean =>
  Number.isSafeInteger(value) && value !== 0 && Number.isSafeInteger(value * 1_000_000);

/** `{ "timestamp": "1600596727" }` (seconds; a number also read) as µs; 0 reads as absent. */
const timestampUsSchema = z
  .object({
    timestamp: z.union([
      z
        .string()
        .trim()
        .regex(/^-?\d+$/)
        .transform(Number),
      z.number().transform((seconds) => Math.trunc(seconds)),
    ]),
  })
  .transform(({ timestamp }) => timestamp)
  .refine(isNonZeroSafeInteger)
  .transform((seconds) => seconds * 1_000_000);

const isLatitude = (value: number): boolean => value >= -90 && value <= 90;
const isLongitude = (value: number): boolean => value >= -180 && value <= 180;

/** `{ "latitude", "longitude" }` in range; 0, 0 is Google's "no location". */
const locationSchema = z
  .object({ latitude: z.number(), longitude: z.number() })
  .refine(
    ({ latitude, longitude }) =>
      isLatitude(latitude) && isLongitude(longitude) && (latitude !== 0 || longitude !== 0),
  )
  .transform(({ latitude, longitude }) => ({ latitude, longitude }));

/** A non-blank string. */
const textSchema = z.string().refine((text) => text.trim() !== "");

/** See: [Note: Takeout sidecars are read leniently] */
const lenient = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const sidecarSchema = z.looseObject({
  photoTakenTime: lenient(timestampUsSchema),
  creationTime: lenient(timestampUsSchema),
  modificationTime: lenient(timestampUsSchema),
  geoData: lenient(locationSchema),
  geoDataExif: lenient(locationSchema),
  description: lenient(textSchema),
  caption: lenient(textSchema),
});

/**
 * What a parsed sidecar JSON tells, or undefined when it is not a media
 * sidecar. See: [Note: Takeout sidecars are read leniently]
 */
export const parseTakeoutSidecar = (json: unknown): TakeoutMetadata | undefined => {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
  if (!sidecarMarkerFields.some((field) => field in json)) return undefined;
  const parsed = sidecarSchema.safeParse(json);
  if (!parsed.success) return undefined;
  const sidecar = parsed.data;
  const metadata: TakeoutMetadata = {};
  const creationTimeUs = sidecar.photoTakenTime ?? sidecar.creationTime;
  if (creationTimeUs !== undefined) metadata.creationTimeUs = creationTimeUs;
  if (sidecar.modificationTime !== undefined) {
    metadata.modificationTimeUs = sidecar.modificationTime;
  }
  const location = sidecar.geoData ?? sidecar.geoDataExif;
  if (location !== undefined) {
    metadata.latitude = location.latitude;
    metadata.longitude = location.longitude;
  }
  const caption = sidecar.description ?? sidecar.caption;
  if (caption !== undefined) metadata.caption = caption;
  return metadata;
};

/** `parseTakeoutSidecar` over a file's text; text that is not JSON gives undefined. */
export const parseTakeoutSidecarText = (text: string): TakeoutMetadata | undefined => {
  let json: unknown;
  try {
    // A byte order mark is not JSON, though some tools write one.
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return undefined;
  }
  return parseTakeoutSidecar(json);
};

/** Whether a picked file is a metadata JSON, read in the upload's metadata phase and not uploaded. */
export const isTakeoutSidecarName = (name: string): boolean => /\.json$/i.test(name);

// ---------------------------------------------------------------------------
// Which sidecar belongs to which media file

// [Note: How Takeout names sidecars]
//
// A sidecar sits in the folder of its media file and is named after it, in
// one of these ways (seen in exports over the years):
// - `IMG_1234.jpg.json` (older exports) and
//   `IMG_1234.jpg.supplemental-metadata.json` (exports since 2024).
// - Names are capped: the part before `.json` is cut to 46 characters
//   (51 with `.json`; some exports cut at 47), so a long name's sidecar is
//   `PXL_20241231_151646544.MP.jpg.supplemental-met.json`,
//   `PXL_20240506_142610305.LONG_EXPOSURE-01.COVER..json` (all of
//   `.supplemental-metadata` cut but its dot) or, for a media name that is
//   itself long, a prefix of the name: `2134…3456.json` for `2134…34567.png`.
// - A second file of the same name is numbered `IMG_1234(1).jpg`, and the
//   number goes to the end of its sidecar's name, after the cut:
//   `IMG_1234.jpg(1).json`, `IMG_1234.jpg.supplemental-metadata(1).json`,
//   `PXL_…PORTRAIT.jpg.supplement(1).json`. Some exports leave it in place
//   (`skytree (2).jpg.supplemental-metadata.json`).
// - An edited copy (`IMG_1234-edited.jpg`, or the label of the account's
//   language: `-bearbeitet`, `-modifié`, …) has no sidecar of its own and
//   takes its original's; a tilde copy (`IMG_1234~2.jpg`) takes its own
//   when there is one, else its original's.
// Each media file tries the names its sidecar may have, its own forms first,
// in a fixed order, and takes the first that exists in its folder: a lookup
// per name, so matching is linear in the number of files.

/** The part Takeout cuts a sidecar's name to, before `.json`. See: [Note: How Takeout names sidecars] */
const sidecarStemLengths = [46, 47] as const;

const supplementalSuffix = ".supplemental-metadata";

/**
 * Labels Google adds to an edited copy of a photo, in the account's
 * language (English, with its effects, smile and mix creations; Polish,
 * German, Dutch, Japanese, Italian, French, Spanish, Catalan, Portuguese).
 */
const editedLabels = [
  "-edited",
  "-effects",
  "-smile",
  "-mix",
  "-edytowane",
  "-bearbeitet",
  "-bewerkt",
  "-編集済み",
  "-modificato",
  "-modifié",
  "-ha editado",
  "-editat",
  "-editado",
] as const;

/** File names compare in composed form: macOS hands out decomposed accents. */
const composed = (name: string): string => name.normalize("NFC");

const splitExtension = (name: string): { base: string; extension: string } => {
  const dot = name.lastIndexOf(".");
  return dot <= 0
    ? { base: name, extension: "" }
    : { base: name.slice(0, dot), extension: name.slice(dot) };
};

/**
 * The names (without `.json`) the sidecar of a media file may have, most
 * specific first. See: [Note: How Takeout names sidecars]
 */
export const takeoutSidecarStems = (mediaName: string): string[] => {
  const name = composed(mediaName);
  const { base, extension } = splitExtension(name);
  const stems = new Set<string>();
  /** `full`'s sidecar names: whole, then cut, each with `number` after. */
  const addForms = (full: string, number: string) => {
    for (const stem of [full, full + supplementalSuffix]) {
      stems.add(stem + number);
      for (const length of sidecarStemLengths) stems.add(stem.slice(0, length) + number);
    }
  };

  addForms(name, "");
  const numbered = /\(\d+\)$/.exec(base);
  const number = numbered?.[0] ?? "";
  const unnumbered = base.slice(0, base.length - number.length);
  if (number !== "") addForms(unnumbered + extension, number);

  const label = editedLabels.find((edited) => unnumbered.endsWith(edited));
  if (label !== undefined) {
    addForms(unnumbered.slice(0, -label.length) + extension, number);
  }
  const tilde = /~\d+$/.exec(unnumbered);
  if (tilde !== null) {
    addForms(unnumbered.slice(0, -tilde[0].length) + extension, number);
  }
  return [...stems];
};

/** A media file of an upload, by its folder within the pick ("" for loose files) and name. */
export interface TakeoutMediaFile {
  relativeFolder: string;
  name: string;
}

/** A parsed sidecar of an upload, by its folder and file name. */
export interface TakeoutSidecar {
  relativeFolder: string;
  name: string;
  metadata: TakeoutMetadata;
}

/** The key of a media file in `matchTakeoutSidecars`'s answer. */
export const mediaFileKey = (relativeFolder: string, name: string): string =>
  `${relativeFolder}\u0000${composed(name)}`;

/**
 * The sidecar metadata of each media file that has one, by `mediaFileKey`.
 * A sidecar may serve several files (an original and its edited copy).
 * See: [Note: How Takeout names sidecars]
 */
export const matchTakeoutSidecars = (
  mediaFiles: readonly TakeoutMediaFile[],
  sidecars: readonly TakeoutSidecar[],
): Map<string, TakeoutMetadata> => {
  const byFolder = new Map<string, Map<string, TakeoutMetadata>>();
  for (const { relativeFolder, name, metadata } of sidecars) {
    if (!isTakeoutSidecarName(name)) continue;
    let folder = byFolder.get(relativeFolder);
    if (folder === undefined) {
      folder = new Map();
      byFolder.set(relativeFolder, folder);
    }
    const stem = composed(name).slice(0, -".json".length);
    // Two sidecars of one name cannot share a folder; the first is kept.
    if (!folder.has(stem)) folder.set(stem, metadata);
  }

  const matched = new Map<string, TakeoutMetadata>();
  for (const { relativeFolder, name } of mediaFiles) {
    const folder = byFolder.get(relativeFolder);
    if (folder === undefined) continue;
    for (const stem of takeoutSidecarStems(name)) {
      const metadata = folder.get(stem);
      if (metadata !== undefined) {
        matched.set(mediaFileKey(relativeFolder, name), metadata);
        break;
      }
    }
  }
  return matched;
};
