// A HEIC and a live photo as an iPhone leaves it in a folder: the picture
// and its clip as two files of one name.

import { randomUUID } from "node:crypto";
import { copyFile, readFile } from "node:fs/promises";
import path from "node:path";
import { fixtureMediaDir, inTemporaryDir, type MediaBytes, once, run } from "./media-tools";
import { generatedVideo } from "./videos";

/** The fixture photo HEICs are made from by default: a phone JPEG with EXIF dates and GPS. */
const defaultHeicSource = "IMG_20180725_163423-tiny.jpg";
/** heif-enc's quality (0–100): 60 gives a phone-like file of about 150 KB for the default source. */
const heicQuality = "60";

export interface GeneratedHeicOptions {
  /** A JPEG of the shared fixtures. Default the phone photo with GPS. */
  fixture?: string;
  /** EXIF DateTimeOriginal to write ("2023:05:01 12:20:30"); the fixture's own when absent. */
  dateTimeOriginal?: string;
  /** EXIF OffsetTimeOriginal to write ("+02:00"). */
  offsetTimeOriginal?: string;
}

/** A HEIC encoded by heif-enc from a fixture JPEG, whose EXIF (dates, GPS, camera) heif-enc carries over. */
export const generatedHeic = (options: GeneratedHeicOptions = {}): Promise<MediaBytes> =>
  once(`heic:${JSON.stringify(options)}`, () =>
    inTemporaryDir(async (dir) => {
      const { fixture = defaultHeicSource, dateTimeOriginal, offsetTimeOriginal } = options;
      const source = path.join(dir, "source.jpg");
      await copyFile(path.join(fixtureMediaDir, fixture), source);
      const tags = [
        ...(dateTimeOriginal === undefined
          ? []
          : [`-DateTimeOriginal=${dateTimeOriginal}`, `-CreateDate=${dateTimeOriginal}`]),
        ...(offsetTimeOriginal === undefined ? [] : [`-OffsetTimeOriginal=${offsetTimeOriginal}`]),
      ];
      if (tags.length > 0) await run("exiftool", ["-q", "-overwrite_original", ...tags, source]);
      const out = path.join(dir, "image.heic");
      await run("heif-enc", ["-q", heicQuality, "-o", out, source]);
      return new Uint8Array(await readFile(out));
    }),
  );

/** A file as a person's folder holds it. */
export interface NamedMedia {
  name: string;
  bytes: MediaBytes;
}

export interface LivePhotoPairOptions {
  /** Default "IMG_0001", as an iPhone names them. */
  baseName?: string;
  /** The capture instant (ISO 8601 UTC). Default 2023-05-01T10:20:30Z. */
  captureTime?: string;
  /** The camera's offset from UTC ("+02:00"). Default +02:00. */
  offset?: string;
}

/** The wall-clock time of `instant` at `offset`: its EXIF form and its ISO form with offset. */
const wallClockAt = (instant: string, offset: string): { exif: string; iso: string } => {
  const sign = offset.startsWith("-") ? -1 : 1;
  const [hours = 0, minutes = 0] = offset.slice(1).split(":").map(Number);
  const local = new Date(Date.parse(instant) + sign * (hours * 60 + minutes) * 60_000);
  const iso = local.toISOString().slice(0, 19);
  return {
    exif: iso.replace("T", " ").replace(/-/g, ":"),
    iso: `${iso}${offset.replace(":", "")}`,
  };
};

/**
 * A live photo as an iPhone leaves it in a folder (spec §5, live photos):
 * `<baseName>.HEIC` and `<baseName>.MOV` taken at the same moment (the HEIC's
 * EXIF DateTimeOriginal and offset; the MOV's creation_time and Apple's
 * creation date and content identifier), both well under the 20 MB pairing
 * limit.
 */
export const generatedLivePhotoPair = async (
  options: LivePhotoPairOptions = {},
): Promise<{ image: NamedMedia; video: NamedMedia }> => {
  const {
    baseName = "IMG_0001",
    captureTime = "2023-05-01T10:20:30Z",
    offset = "+02:00",
  } = options;
  const local = wallClockAt(captureTime, offset);
  const [image, video] = await Promise.all([
    generatedHeic({ dateTimeOriginal: local.exif, offsetTimeOriginal: offset }),
    generatedVideo({
      container: "mov",
      durationSec: 2,
      widthPx: 1440,
      heightPx: 1080,
      creationTime: new Date(Date.parse(captureTime)).toISOString(),
      appleCreationDate: local.iso,
      appleContentIdentifier: randomUUID().toUpperCase(),
    }),
  ]);
  return {
    image: { name: `${baseName}.HEIC`, bytes: image },
    video: { name: `${baseName}.MOV`, bytes: video },
  };
};
