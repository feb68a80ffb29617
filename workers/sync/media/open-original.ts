// Turning a decrypted original into what the viewer shows: its kind (by the
// file's type), a Blob typed with its MIME type, a live photo's image and
// video taken out of its zip, and a photo's camera details.

import JSZip from "jszip";
import { FileType } from "../../../shared/model/library/file-metadata";
import type { DecryptedFile } from "../../library/decrypt";
import type { CameraDetails, OriginalMedia } from "../gallery-contract";
import { readCameraDetails } from "./camera-details";
import { BrokenLivePhotoError } from "./media-errors";
import {
  extensionForType,
  extensionOf,
  hasImageExtension,
  hasVideoExtension,
  imageType,
  mayHoldCameraDetails,
  sniffImageType,
  sniffVideoType,
  videoType,
} from "./media-types";
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

interface ZipPart {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/**
 * Which entry of a live photo's zip is its image and which its video: by
 * extension (`image.heic` and `video.mov`, or the original names), else by
 * the entry's first bytes.
 */
const pickParts = (
  parts: readonly ZipPart[],
): { image: ZipPart | undefined; video: ZipPart | undefined } => {
  const image =
    parts.find((part) => hasImageExtension(part.name)) ??
    parts.find((part) => !hasVideoExtension(part.name) && sniffImageType(part.bytes) !== undefined);
  const video =
    parts.find((part) => part !== image && hasVideoExtension(part.name)) ??
    parts.find(
      (part) =>
        part !== image && !hasImageExtension(part.name) && sniffVideoType(part.bytes) !== undefined,
    );
  return { image, video };
};

const openLivePhoto = async (
  fileID: number,
  blob: Blob,
  options: OpenOptions,
): Promise<OpenedOriginal> => {
  let parts: ZipPart[];
  try {
    const zip = await JSZip.loadAsync(await blob.arrayBuffer());
    parts = await Promise.all(
      Object.values(zip.files)
        .filter((entry) => !entry.dir)
        .map(async (entry) => ({
          name: entry.name,
          bytes: (await entry.async("uint8array")) as Uint8Array<ArrayBuffer>,
        })),
    );
  } catch (error) {
    throw new BrokenLivePhotoError(fileID, ["image", "video"], { cause: error });
  }
  const { image, video } = pickParts(parts);
  if (image === undefined || video === undefined) {
    throw new BrokenLivePhotoError(fileID, [
      ...(image === undefined ? ["image" as const] : []),
      ...(video === undefined ? ["video" as const] : []),
    ]);
  }
  const imageMIME = imageType(image.bytes, image.name);
  const videoMIME = videoType(video.bytes, video.name);
  const imageBlob = new Blob([image.bytes], { type: imageMIME ?? "application/octet-stream" });
  const videoBlob = new Blob([video.bytes], { type: videoMIME ?? "application/octet-stream" });
  const exif = await cameraDetailsOf(imageBlob, imageMIME, options);
  return {
    media: { fileID, kind: "live-photo", image: imageBlob, video: videoBlob, exif },
    sizeBytes: imageBlob.size + videoBlob.size,
    livePhotoExtensions: {
      image: extensionOf(image.name) || (extensionForType(imageMIME ?? "") ?? ""),
      video: extensionOf(video.name) || (extensionForType(videoMIME ?? "") ?? ""),
    },
  };
};
