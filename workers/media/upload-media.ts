// The media worker's part of an upload: what a picked
// file is and what its bytes tell (type sniffed from its first bytes, EXIF
// of an image, the container of a video), and its thumbnail. The codecs are
// injected: the browser's canvas and ffmpeg.wasm in the worker, Debian's
// ffmpeg and ffmpeg.wasm under Node in tests.

import { FileType } from "../../shared/model/library/file-metadata";
import type { ExifFields } from "../../shared/model/media/exif-fields";
import {
  type MediaFileKind,
  UnsupportedFileFormatError,
} from "../../shared/model/media/file-kinds";
import type { MediaFacts, UploadMedia } from "../upload/upload-run";
import type { UnitPart } from "../upload/upload-unit";
import { ConcurrencyLimit } from "../gallery/media/concurrency";
import type { CodecImage, ImageCodec } from "./image/image-codec";
import { imageThumbnailJPEG } from "./image/image-thumbnail";
import { jpegFrameSize, jpegHeadBytes } from "./image/jpeg-segments";
import { detectFileType } from "./probe/detect-type";
import { readExif } from "./probe/read-exif";
import type { VideoProcessor } from "./video/video-processor";

export interface UploadMediaDeps<Image extends CodecImage> {
  codec: ImageCodec<Image>;
  video: VideoProcessor;
  /** Failures that do not stop the upload (an unreadable container), for the log. */
  logWarning?: (message: string, cause: unknown) => void;
}

/** EXIF orientations 5–8 turn the image a quarter: its displayed width is its stored height. */
const displayedSize = ({ widthPx, heightPx, orientation }: ExifFields) =>
  orientation !== undefined && orientation >= 5
    ? { widthPx: heightPx, heightPx: widthPx }
    : { widthPx, heightPx };

/**
 * [Note: An upload records the size of every JPEG]
 *
 * The size an upload records (`w`, `h`) lets the gallery lay out photos at
 * their own shape before any thumbnail is fetched. Many JPEGs carry no EXIF
 * size (edited, exported or messaged photos), so when the tags give none,
 * the size is read from the JPEG's frame header, a few bytes after its APP
 * segments; the EXIF orientation turns it as it turns a tagged size.
 */
const storedJPEGSize = async (
  blob: Blob,
  exif: ExifFields,
  mimeType: string,
): Promise<{ widthPx: number; heightPx: number } | undefined> => {
  if (exif.widthPx !== undefined && exif.heightPx !== undefined) return undefined;
  if (mimeType.toLowerCase() !== "image/jpeg") return undefined;
  return jpegFrameSize(new Uint8Array(await blob.slice(0, jpegHeadBytes).arrayBuffer()));
};

/** The tags' size, else the JPEG frame's, with the tags' orientation. */
const exifOrFrameSize = (
  exif: ExifFields,
  frame: { widthPx: number; heightPx: number } | undefined,
): ExifFields => (frame === undefined ? exif : { ...exif, ...frame });

/** The kind of a picked file, or undefined when the upload does not take it. */
const mediaKindOf = async ({ blob, name }: UnitPart): Promise<MediaFileKind | undefined> => {
  let detected;
  try {
    detected = await detectFileType(blob, name);
  } catch (error) {
    if (error instanceof UnsupportedFileFormatError) return undefined;
    throw error;
  }
  // An empty file holds no photo: nothing to upload.
  return detected.kind === "empty" ? undefined : detected;
};

/**
 * What a file's type alone tells, without reading its EXIF or its
 * container: its facts when reading them did not finish in time (the file
 * is uploaded with its name's or its modification time, as a video whose
 * container cannot be read is). See: [Note: The media worker is ended when a call passes its deadline]
 */
export const typeOnlyFacts = async (part: UnitPart): Promise<MediaFacts> => {
  const kind = await mediaKindOf(part);
  if (kind === undefined) return { kind: "unsupported" };
  return { kind: "media", fileType: kind.fileType, mimeType: kind.mimeType, embedded: {} };
};

/**
 * [Note: A batch's facts are read side by side]
 *
 * An image's facts are a few small reads of its Blob (the head that gives
 * its type, the pieces that hold its tags), each a round trip to the
 * browser's file reader that leaves the cores idle, so four files are read
 * at once (a few hundred KB held, not a batch's worth). Videos are probed
 * one after another (ffmpeg.wasm runs one job at a time) beside the
 * images: the first probe's load of ffmpeg.wasm, a second or two, does not
 * hold the batch's images back.
 */
export const factsReadsInFlight = 4;

export const createUploadMedia = <Image extends CodecImage>({
  codec,
  video,
  logWarning = () => undefined,
}: UploadMediaDeps<Image>): UploadMedia => {
  const imageFactsOf = async (
    { blob }: UnitPart,
    { fileType, mimeType }: MediaFileKind,
  ): Promise<MediaFacts> => {
    const exif = await readExif(blob, { fileType, mimeType });
    const size = exifOrFrameSize(exif, await storedJPEGSize(blob, exif, mimeType));
    return {
      kind: "media",
      fileType,
      mimeType,
      embedded: {
        creationTimeUs: exif.creationTimeUs,
        latitude: exif.latitude,
        longitude: exif.longitude,
        caption: exif.caption,
      },
      ...displayedSize(size),
      cameraMake: exif.cameraMake,
      cameraModel: exif.cameraModel,
    };
  };

  const videoFactsOf = async (
    { blob, name }: UnitPart,
    { fileType, mimeType }: MediaFileKind,
  ): Promise<MediaFacts> => {
    try {
      const probe = await video.probeVideo(blob);
      return {
        kind: "media",
        fileType,
        mimeType,
        embedded: {
          creationTimeUs: probe.creationTimeUs,
          latitude: probe.latitude,
          longitude: probe.longitude,
        },
        widthPx: probe.widthPx,
        heightPx: probe.heightPx,
        durationSec: probe.durationSec,
      };
    } catch (error) {
      // Its bytes say video: it is uploaded whatever ffmpeg makes of it,
      // with the time from its name or its modification time.
      logWarning(`Could not read the container of ${name}`, error);
      return { kind: "media", fileType, mimeType, embedded: {} };
    }
  };

  return {
    // See: [Note: A batch's facts are read side by side]
    facts: (parts) => {
      const reads = new ConcurrencyLimit(factsReadsInFlight);
      let probes: Promise<unknown> = Promise.resolve();
      return Promise.all(
        parts.map(async (part): Promise<MediaFacts> => {
          const detected = await reads.run(() => mediaKindOf(part));
          if (detected === undefined) return { kind: "unsupported" };
          if (detected.fileType === FileType.image) {
            return reads.run(() => imageFactsOf(part, detected));
          }
          const probed = probes.then(() => videoFactsOf(part, detected));
          probes = probed.catch(() => undefined);
          return probed;
        }),
      );
    },
    thumbnail: async ({ blob }, facts) => {
      if (facts.kind !== "media")
        throw new UnsupportedFileFormatError({ reason: "unrecognised", extension: "" });
      if (facts.fileType === FileType.video) return video.videoThumbnailJPEG(blob);
      const { jpeg } = await imageThumbnailJPEG(blob, { mimeType: facts.mimeType }, { codec });
      return jpeg;
    },
  };
};
