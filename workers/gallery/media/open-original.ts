// Turning a decrypted original into what the viewer shows: its kind (by the
// file's type), a Blob typed with its MIME type, a live photo's image and
// video taken out of its zip, and a photo's camera details.

import { FileType } from "../../../shared/model/library/file-metadata";
import type { DecryptedFile } from "../../library/decrypted-records";
import type { CameraDetails, OriginalMedia } from "../gallery-contract";
import { readCameraDetails } from "./camera-details";
import { BrokenLivePhotoError } from "./media-errors";
import {
  extensionForType,
  extensionOf,
  imageType,
  mayHoldCameraDetails,
  videoType,
} from "./media-types";
import {
  InvalidLivePhotoError,
  type LivePhotoParts,
  decodeLivePhoto,
} from "../../media/live-photo/live-photo-zip";
import type { DownloadedOriginal } from "./original-download";

/** An original opened for the viewer or a download. */
export interface OpenedOriginal {
  media: OriginalMedia;
  /** The bytes it holds in all (its cache cost). */
  sizeBytes: number;
  /** A live photo's halves' extensions (from their names in the zip), for naming downloads. */
  livePhotoExtensions?: { image: string; video: string } | undefined;
}

export interface OpenOptions {
  /** Read the camera details of a photo (the viewer wants them; a download does not). */
  readCamera: boolean;
}

const typed = (blob: Blob, type: string | undefined): Blob =>
  blob.slice(0, blob.size, type ?? "application/octet-stream");

const cameraDetailsOf = async (
  blob: Blob,
  type: string | undefined,
  { readCamera }: OpenOptions,
): Promise<CameraDetails | undefined> =>
  readCamera && mayHoldCameraDetails(type)
    ? readCameraDetails(new Uint8Array(await blob.arrayBuffer()))
    : undefined;

/** Opens a decrypted original according to the file's type (spec §3). */
export const openOriginal = async (
  file: Pick<DecryptedFile, "id" | "metadata">,
  { blob, head }: DownloadedOriginal,
  options: OpenOptions,
): Promise<OpenedOriginal> => {
  const fileID = file.id;
  const { title, fileType } = file.metadata;
  switch (fileType) {
    case FileType.image: {
      const type = imageType(head, title);
      const image = typed(blob, type);
      const exif = await cameraDetailsOf(image, type, options);
      return { media: { fileID, kind: "image", blob: image, exif }, sizeBytes: blob.size };
    }
    case FileType.video:
      return {
        media: { fileID, kind: "video", blob: typed(blob, videoType(head, title)) },
        sizeBytes: blob.size,
      };
    case FileType.livePhoto:
      return openLivePhoto(fileID, blob, options);
    case FileType.others:
      return {
        media: { fileID, kind: "other", blob: typed(blob, undefined) },
        sizeBytes: blob.size,
      };
  }
};

const openLivePhoto = async (
  fileID: number,
  blob: Blob,
  options: OpenOptions,
): Promise<OpenedOriginal> => {
  // One rule for which entry is which, shared with the uploader that writes them.
  let parts: LivePhotoParts;
  try {
    parts = await decodeLivePhoto(blob);
  } catch (error) {
    if (error instanceof InvalidLivePhotoError) {
      throw new BrokenLivePhotoError(fileID, error.missing, { cause: error });
    }
    throw error;
  }
  const { image, video } = parts;
  const exif = await cameraDetailsOf(image.blob, image.blob.type, options);
  return {
    media: { fileID, kind: "live-photo", image: image.blob, video: video.blob, exif },
    sizeBytes: image.blob.size + video.blob.size,
    livePhotoExtensions: {
      image: extensionOf(image.name) || (extensionForType(image.blob.type) ?? ""),
      video: extensionOf(video.name) || (extensionForType(video.blob.type) ?? ""),
    },
  };
};
