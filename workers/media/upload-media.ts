// The media worker's part of an upload (issue #6 points 2–4): what a picked
// file is and what its bytes tell (type sniffed from its first bytes, EXIF
// of an image, the container of a video), and its thumbnail. The codecs are
// injected: the browser's canvas and ffmpeg.wasm in the worker, Debian's
// ffmpeg and ffmpeg.wasm under Node in tests.

import { FileType } from "../../shared/model/library/file-metadata";
import type { ExifFields } from "../../shared/model/media/exif-fields";
import { UnsupportedFileFormatError } from "../../shared/model/media/file-kinds";
import type { MediaFacts, UploadMedia } from "../upload/upload-run";
import type { UnitPart } from "../upload/upload-unit";
import type { CodecImage, ImageCodec } from "./image/image-codec";
import { imageThumbnailJPEG } from "./image/image-thumbnail";
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

export const createUploadMedia = <Image extends CodecImage>({
  codec,
  video,
  logWarning = () => undefined,
}: UploadMediaDeps<Image>): UploadMedia => {
  const factsOf = async ({ blob, name }: UnitPart): Promise<MediaFacts> => {
    let detected;
    try {
      detected = await detectFileType(blob, name);
    } catch (error) {
      if (error instanceof UnsupportedFileFormatError) return { kind: "unsupported" };
      throw error;
    }
    // An empty file holds no photo: nothing to upload.
    if (detected.kind === "empty") return { kind: "unsupported" };
    const { fileType, mimeType } = detected;
    if (fileType === FileType.image) {
      const exif = await readExif(blob, detected);
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
        ...displayedSize(exif),
        cameraMake: exif.cameraMake,
        cameraModel: exif.cameraModel,
      };
    }
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
    // One file after another: ffmpeg runs one job at a time anyway, and
    // EXIF reads of 32 files at once would hold 32 files' heads in memory
    // for no gain on two cores.
    facts: async (parts) => {
      const answers: MediaFacts[] = [];
      for (const part of parts) answers.push(await factsOf(part));
      return answers;
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
