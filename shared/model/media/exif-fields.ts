// What an upload keeps of a photo's EXIF, XMP and IPTC tags (spec §3 "EXIF
// read", §5 "EXIF"): creation time, location, size, camera, caption and
// orientation, each under the spec's rules. Pure: the media worker parses
// the tags with exifr (workers/media/probe/read-exif.ts) and hands them here.

import {
  exifCreationDate,
  exifDateTagPreference,
  exifDateToLocalTimeUs,
  parseExifDate,
} from "./exif-dates";

/** The EXIF orientations (TIFF tag 274); 1 is "as stored". */
export type ExifOrientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** The fields an upload keeps; each is absent when the tags do not give a valid value. */
export interface ExifFields {
  /** µs since the epoch, the camera's wall-clock time read as local time. */
  creationTimeUs?: number;
  /** Degrees, south negative. */
  latitude?: number;
  /** Degrees, west negative. */
  longitude?: number;
  widthPx?: number;
  heightPx?: number;
  cameraMake?: string;
  cameraModel?: string;
  caption?: string;
  /**
   * IFD0 Orientation as written. A HEIF image's display turn is its
   * container's (`irot`, `imir`), which decoders apply themselves.
   */
  orientation?: ExifOrientation;
}

/**
 * exifr's output with `mergeOutput: false`: tags by block. `ifd0`, `exif`
 * and `gps` are the TIFF blocks (XMP's `tiff:` and `exif:` properties join
 * them), `ihdr` is a PNG's header, `iptc` the IPTC record, and each other
 * XMP namespace has its own block (`xmp`, `photoshop`, `dc`, …).
 */
export type ExifBlocks = Readonly<Record<string, unknown>>;

type Tags = Readonly<Record<string, unknown>>;

const blockOf = (blocks: ExifBlocks, name: string): Tags | undefined => {
  const block = blocks[name];
  return typeof block === "object" && block !== null && !Array.isArray(block)
    ? (block as Tags)
    : undefined;
};

// ---------------------------------------------------------------------------
// Creation time

/**
 * Blocks searched for each date tag, most trusted first: the binary TIFF
 * blocks the camera wrote when it took the photo, then XMP and IPTC, which
 * editors write (an XMP date usually has the time an IPTC date lacks).
 */
const dateBlocks = ["exif", "ifd0", "xmp", "photoshop", "iptc"] as const;

const dateTags = exifDateTagPreference;

/**
 * The creation time: spec §5's tag preference over the first valid value of
 * each tag across the blocks. See: [Note: EXIF dates are read from raw strings, as local time]
 */
const creationTimeUsOf = (blocks: ExifBlocks): number | undefined => {
  const tags: Record<string, unknown> = {};
  for (const tag of dateTags) {
    for (const name of dateBlocks) {
      const value = blockOf(blocks, name)?.[tag];
      if (parseExifDate(value) !== null) {
        tags[tag] = value;
        break;
      }
    }
  }
  const date = exifCreationDate(tags);
  return date === null ? undefined : exifDateToLocalTimeUs(date);
};

// ---------------------------------------------------------------------------
// Location

// [Note: EXIF GPS is two three-part arrays]
//
// Spec §5: a location needs GPSLatitude and GPSLongitude each as [degrees,
// minutes, seconds] (exifr gives the rationals as numbers when values are
// not revived); GPSLatitudeRef "S" and GPSLongitudeRef "W" make them
// negative, and a missing reference counts as north or east. Anything else
// gives no location at all, never half of one: an array of another length
// (a writer's decimal string, an empty tag as broken1.jpg has), a part that
// is not a finite number, a negative part (the sign is the reference's
// job), minutes or seconds of 60 or more, or a result outside ±90° and
// ±180°. Exactly 0° N 0° E is no location either: phones that have no fix
// write zeros there, and "Null Island" in the Gulf of Guinea is where no
// photo of a library was taken.

const dmsParts = 3;
const minutesPerDegree = 60;
const secondsPerDegree = 3600;
const maxLatitude = 90;
const maxLongitude = 180;

/** Degrees of a [degrees, minutes, seconds] value, or undefined. See: [Note: EXIF GPS is two three-part arrays] */
const degreesOf = (value: unknown): number | undefined => {
  if (!Array.isArray(value) || value.length !== dmsParts) return undefined;
  const parts = value as unknown[];
  if (!parts.every((part) => typeof part === "number" && Number.isFinite(part) && part >= 0)) {
    return undefined;
  }
  const [degrees, minutes, seconds] = parts as [number, number, number];
  if (minutes >= minutesPerDegree || seconds >= minutesPerDegree) return undefined;
  return degrees + minutes / minutesPerDegree + seconds / secondsPerDegree;
};

const isReference = (value: unknown, letter: "S" | "W"): boolean =>
  typeof value === "string" && value.trim().toUpperCase() === letter;

/** The location of a `gps` block. See: [Note: EXIF GPS is two three-part arrays] */
export const exifLocation = (
  gps: Tags | undefined,
): { latitude: number; longitude: number } | undefined => {
  if (gps === undefined) return undefined;
  const latitudeDegrees = degreesOf(gps.GPSLatitude);
  const longitudeDegrees = degreesOf(gps.GPSLongitude);
  if (latitudeDegrees === undefined || longitudeDegrees === undefined) return undefined;
  if (latitudeDegrees > maxLatitude || longitudeDegrees > maxLongitude) return undefined;
  if (latitudeDegrees === 0 && longitudeDegrees === 0) return undefined;
  return {
    latitude: isReference(gps.GPSLatitudeRef, "S") ? -latitudeDegrees : latitudeDegrees,
    longitude: isReference(gps.GPSLongitudeRef, "W") ? -longitudeDegrees : longitudeDegrees,
  };
};

// ---------------------------------------------------------------------------
// Size

// [Note: Which tags give a photo's size]
//
// Several tags claim a size, and they disagree when a file has been edited:
// a resized copy keeps its camera's PixelXDimension (the phone fixture says
// 4048 × 3036 and holds 1012 × 759 pixels), a PNG carries the EXIF of the
// photo it was made from (the PNG fixture says 2272 × 1704 and is 1 × 1),
// and a raw file's IFD0 is often its small preview. So the sources are
// tried in this order, width and height always from the same one:
// 1. a PNG's IHDR: the size of the pixels themselves;
// 2. EXIF PixelXDimension / PixelYDimension (exifr: ExifImageWidth /
//    ExifImageHeight; XMP's exif:PixelXDimension keeps its own name): the
//    camera's size of the image it encoded;
// 3. IFD0 ImageWidth / ImageHeight (XMP's tiff:ImageLength for the height),
//    unless SubfileType marks IFD0 as a reduced-resolution image.
// A value that is not a positive whole number (spec §5 "non-numeric
// dimensions ignored": a string of words, a rational, 0) or is beyond
// 2^31 − 1 (the largest PNG and TIFF allow; 0xFFFFFFFF is a damaged tag)
// does not count, and its source is skipped. The size of the decoded image,
// when the upload has one, is truer than any of these.

const maxDimensionPx = 2 ** 31 - 1;
/** SubfileType (TIFF tag 254) bit 0: this IFD holds a reduced-resolution copy. */
const reducedResolutionBit = 1;

const dimensionOf = (value: unknown): number | undefined => {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\s*\d+\s*$/.test(value)
        ? Number(value)
        : undefined;
  return number !== undefined && Number.isInteger(number) && number > 0 && number <= maxDimensionPx
    ? number
    : undefined;
};

const sizeSources: readonly {
  block: string;
  width: string;
  height: string;
  skip?: (tags: Tags) => boolean;
}[] = [
  { block: "ihdr", width: "ImageWidth", height: "ImageHeight" },
  { block: "exif", width: "ExifImageWidth", height: "ExifImageHeight" },
  { block: "exif", width: "PixelXDimension", height: "PixelYDimension" },
  ...["ImageHeight", "ImageLength"].map((height) => ({
    block: "ifd0",
    width: "ImageWidth",
    height,
    skip: (tags: Tags) =>
      typeof tags.SubfileType === "number" && (tags.SubfileType & reducedResolutionBit) !== 0,
  })),
];

/** The size the tags give. See: [Note: Which tags give a photo's size] */
export const exifSize = (blocks: ExifBlocks): { widthPx: number; heightPx: number } | undefined => {
  for (const { block, width, height, skip } of sizeSources) {
    const tags = blockOf(blocks, block);
    if (tags === undefined || skip?.(tags) === true) continue;
    const widthPx = dimensionOf(tags[width]);
    const heightPx = dimensionOf(tags[height]);
    if (widthPx !== undefined && heightPx !== undefined) return { widthPx, heightPx };
  }
  return undefined;
};

// ---------------------------------------------------------------------------
// Camera, caption and orientation

/** Text of a tag: cameras pad with NULs and spaces; nothing left is no text. */
const textOf = (value: unknown): string | undefined => {
  if (typeof value !== "string") return undefined;
  const text = value.replaceAll("\u0000", "").trim();
  return text === "" ? undefined : text;
};

// [Note: A camera's placeholder description is no caption]
//
// Some cameras fill EXIF ImageDescription with the same words in every
// photo ("OLYMPUS DIGITAL CAMERA", "SONY DSC"), and editors copy it into
// XMP and IPTC. It is the firmware's, not the person's: shown as a caption
// on thousands of photos it would only be noise, so these are dropped.

/** Firmware placeholders, compared without case. See: [Note: A camera's placeholder description is no caption] */
const placeholderCaptions: ReadonlySet<string> = new Set(
  [
    "OLYMPUS DIGITAL CAMERA",
    "SONY DSC",
    "DIGITAL CAMERA",
    "KODAK Digital Still Camera",
    "MINOLTA DIGITAL CAMERA",
    "KONICA MINOLTA DIGITAL CAMERA",
    "SAMSUNG DIGITAL CAMERA",
    "SAMSUNG CAMERA PICTURES",
    "Exif_JPEG_PICTURE",
  ].map((text) => text.toUpperCase()),
);

/** The text of an XMP language alternative as exifr gives it: a string, `{lang, value}`, or a list of those. */
const languageAlternativeOf = (value: unknown): string | undefined => {
  if (typeof value === "string") return textOf(value);
  const alternatives: unknown[] = Array.isArray(value) ? value : [value];
  const texts = alternatives.flatMap((alternative) => {
    if (typeof alternative !== "object" || alternative === null) return [];
    const { lang, value: text } = alternative as { lang?: unknown; value?: unknown };
    const trimmed = textOf(text);
    return trimmed === undefined ? [] : [{ isDefault: lang === "x-default", text: trimmed }];
  });
  return (texts.find(({ isDefault }) => isDefault) ?? texts[0])?.text;
};

/**
 * The caption: XMP dc:description, else IPTC Caption-Abstract, else EXIF
 * ImageDescription (XMP and IPTC are where people and their editors write
 * descriptions). See: [Note: A camera's placeholder description is no caption]
 */
const captionOf = (blocks: ExifBlocks): string | undefined => {
  const candidates = [
    languageAlternativeOf(blockOf(blocks, "dc")?.description),
    textOf(blockOf(blocks, "iptc")?.Caption),
    textOf(blockOf(blocks, "ifd0")?.ImageDescription),
  ];
  return candidates.find(
    (text) => text !== undefined && !placeholderCaptions.has(text.toUpperCase()),
  );
};

const orientationOf = (value: unknown): ExifOrientation | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 8
    ? (value as ExifOrientation)
    : undefined;

// ---------------------------------------------------------------------------

/** What an upload keeps of parsed tags (exifr, `mergeOutput: false`, values not revived). */
export const exifFieldsOf = (blocks: ExifBlocks | undefined): ExifFields => {
  if (blocks === undefined) return {};
  const ifd0 = blockOf(blocks, "ifd0");
  const fields: ExifFields = {
    creationTimeUs: creationTimeUsOf(blocks),
    ...exifLocation(blockOf(blocks, "gps")),
    ...exifSize(blocks),
    cameraMake: textOf(ifd0?.Make),
    cameraModel: textOf(ifd0?.Model),
    caption: captionOf(blocks),
    orientation: orientationOf(ifd0?.Orientation),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
};
