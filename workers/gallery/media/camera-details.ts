// The camera details of a photo (make, model, exposure, size) for the
// viewer's info panel, read with exifr from the decrypted original.

// [Note: Camera details are read in the worker]
//
// EXIF parsing is media parsing, which never runs on the UI thread
// (architecture: "The one idea"), and the original is already decrypted in
// the sync worker, so the details travel with it in `OriginalMedia`. GIF and
// BMP are not parsed (spec §5). A photo whose EXIF cannot be read simply has
// no camera details: the viewer must still show it.

import type { CameraDetails } from "../gallery-contract";

/** The EXIF tags read (exifr's names; `ExifImageWidth` is PixelXDimension). */
const cameraTags = [
  "Make",
  "Model",
  "FNumber",
  "ExposureTime",
  "ISO",
  "FocalLength",
  "ExifImageWidth",
  "ExifImageHeight",
  "ImageWidth",
  "ImageHeight",
];

const text = (value: unknown): string | undefined => {
  if (typeof value !== "string") return undefined;
  // Cameras pad these fields with NULs and spaces.
  const trimmed = value.replace(/[\0\s]+$/, "").trim();
  return trimmed === "" ? undefined : trimmed;
};

const positive = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined;

/** Camera details from exifr's tags; undefined when none of them is usable. Pure. */
export const cameraDetailsFromTags = (
  tags: Readonly<Record<string, unknown>> | undefined,
): CameraDetails | undefined => {
  if (tags === undefined) return undefined;
  // Some phones write ISO as a list (one value per exposure of a burst).
  const iso = Array.isArray(tags.ISO) ? (tags.ISO as unknown[])[0] : tags.ISO;
  const details: CameraDetails = {
    make: text(tags.Make),
    model: text(tags.Model),
    fNumber: positive(tags.FNumber),
    exposureTimeSec: positive(tags.ExposureTime),
    iso: positive(iso),
    focalLengthMm: positive(tags.FocalLength),
    width: positive(tags.ExifImageWidth) ?? positive(tags.ImageWidth),
    height: positive(tags.ExifImageHeight) ?? positive(tags.ImageHeight),
  };
  const present = Object.fromEntries(
    Object.entries(details).filter(([, value]) => value !== undefined),
  ) as CameraDetails;
  return Object.keys(present).length === 0 ? undefined : present;
};

/** The camera details of an image's bytes (JPEG, HEIC, PNG, TIFF, WebP); undefined when it has none or they do not parse. */
export const readCameraDetails = async (bytes: Uint8Array): Promise<CameraDetails | undefined> => {
  try {
    // See: [Note: The sync worker loads what a reload does not need on first use]
    const { default: exifr } = await import("exifr");
    const tags = (await exifr.parse(bytes, cameraTags)) as Record<string, unknown> | undefined;
    return cameraDetailsFromTags(tags);
  } catch {
    return undefined;
  }
};
