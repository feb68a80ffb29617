// A live photo's file: a zip holding its image and its video (spec §3), made
// at upload and opened again to show it (spec §5: it must hold both). Runs
// in a worker or Node: Blobs in, Blobs out, no DOM.

import {
  extensionOf,
  hasImageExtension,
  hasVideoExtension,
  imageType,
  sniffImageType,
  sniffVideoType,
  videoType,
} from "../../gallery/media/media-types";

export type LivePhotoPartKind = "image" | "video";

/** One half of a live photo: a name (its extension tells its format) and its bytes. */
export interface LivePhotoPart {
  name: string;
  blob: Blob;
}

export interface LivePhotoParts {
  image: LivePhotoPart;
  video: LivePhotoPart;
}

/**
 * A live photo's zip could not be read, or does not hold exactly one image
 * and one video (spec §5).
 */
export class InvalidLivePhotoError extends Error {
  override name = "InvalidLivePhotoError";

  constructor(
    readonly reason: "unreadable-zip" | "wrong-parts",
    /** How many entries of each kind the zip holds (0 when it could not be read). */
    readonly imageCount: number,
    readonly videoCount: number,
    options?: ErrorOptions,
  ) {
    super(
      reason === "unreadable-zip"
        ? "The live photo's zip cannot be read"
        : `A live photo holds one image and one video, not ${String(imageCount)} and ${String(videoCount)}`,
      options,
    );
  }

  /** The halves a reader cannot take from the zip: those not held exactly once. */
  get missing(): LivePhotoPartKind[] {
    return [
      ...(this.imageCount === 1 ? [] : ["image" as const]),
      ...(this.videoCount === 1 ? [] : ["video" as const]),
    ];
  }
}

// [Note: A live photo's zip entries]
//
// The zip holds two entries, `image.<ext>` and `video.<ext>`, each with the
// extension of the file it came from (`image.heic` + `video.mov`), as the
// reference client writes them: the name says which half an entry is, and
// the extension its format (for a download, and for the viewer's type). An
// entry is read as a half by the first of:
// 1. its name without extension is `image` or `video` (our zips and the
//    reference's, whatever the extension, even none or Pixel's `.MP`);
// 2. its extension is an image's or a video's (other clients name entries
//    after the original files: `IMG_0001.jpg` + `IMG_0001.mp4`);
// 3. its first bytes are an image's or a video's.
// Other entries (folders, stray files) are passed over. Exactly one image
// and one video must remain (spec §5), else the zip is refused.
// Entries are stored, not deflated: photos and videos are compressed already.

const baseNameOf = (entryName: string): string =>
  entryName.slice(Math.max(entryName.lastIndexOf("/"), entryName.lastIndexOf("\\")) + 1);

const stemOf = (entryName: string): string => {
  const base = baseNameOf(entryName);
  const dot = base.lastIndexOf(".");
  return (dot <= 0 ? base : base.slice(0, dot)).toLowerCase();
};

/**
 * Which half of a live photo a zip entry is, by its name and first bytes.
 * See: [Note: A live photo's zip entries]
 */
export const livePhotoEntryKind = (
  entryName: string,
  head: Uint8Array,
): LivePhotoPartKind | undefined => {
  const stem = stemOf(entryName);
  if (stem === "image" || stem === "video") return stem;
  if (hasImageExtension(entryName)) return "image";
  if (hasVideoExtension(entryName)) return "video";
  if (sniffImageType(head) !== undefined) return "image";
  if (sniffVideoType(head) !== undefined) return "video";
  return undefined;
};

/** The name of a half's entry in the zip. See: [Note: A live photo's zip entries] */
export const livePhotoEntryName = (kind: LivePhotoPartKind, partName: string): string => {
  const extension = extensionOf(partName);
  return extension === "" ? kind : `${kind}.${extension}`;
};

/**
 * [Note: JSZip is loaded on first use]
 *
 * Few sessions touch a live photo's zip, and JSZip's bundled modules cost
 * the worker that imports them ~40 ms to evaluate at its start: the sync
 * worker's start is on the path to the gallery's first screen. So it is
 * imported where a zip is made or read, once.
 */
export const loadJSZip = async (): Promise<typeof import("jszip")> =>
  (await import("jszip")).default;

const bytesOf = async (blob: Blob): Promise<Uint8Array> => new Uint8Array(await blob.arrayBuffer());

/**
 * The zip of a live photo's image and video. Both are held in memory while
 * it is made; the pairing keeps each half small.
 * See: [Note: A live photo's zip entries], [Note: Which image and video make a live photo]
 */
export const encodeLivePhoto = async ({ image, video }: LivePhotoParts): Promise<Blob> => {
  const JSZip = await loadJSZip();
  const zip = new JSZip();
  zip.file(livePhotoEntryName("image", image.name), await bytesOf(image.blob));
  zip.file(livePhotoEntryName("video", video.name), await bytesOf(video.blob));
  const bytes = (await zip.generateAsync({
    type: "uint8array",
    compression: "STORE",
  })) as Uint8Array<ArrayBuffer>;
  return new Blob([bytes], { type: "application/zip" });
};

interface ZipEntry {
  name: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const typed = ({ name, bytes }: ZipEntry, type: string | undefined): LivePhotoPart => ({
  name,
  blob: new Blob([bytes], { type: type ?? "application/octet-stream" }),
});

/**
 * The image and the video of a live photo's zip, each typed with its MIME
 * type. Throws `InvalidLivePhotoError` for a zip that cannot be read or
 * does not hold exactly one of each (spec §5).
 * See: [Note: A live photo's zip entries]
 */
export const decodeLivePhoto = async (zip: Blob): Promise<LivePhotoParts> => {
  const JSZip = await loadJSZip();
  let entries: ZipEntry[];
  try {
    const archive = await JSZip.loadAsync(await zip.arrayBuffer());
    entries = await Promise.all(
      Object.values(archive.files)
        .filter((entry) => !entry.dir)
        .map(async (entry) => ({
          name: entry.name,
          bytes: (await entry.async("uint8array")) as Uint8Array<ArrayBuffer>,
        })),
    );
  } catch (error) {
    throw new InvalidLivePhotoError("unreadable-zip", 0, 0, { cause: error });
  }

  const images: ZipEntry[] = [];
  const videos: ZipEntry[] = [];
  for (const entry of entries) {
    const kind = livePhotoEntryKind(entry.name, entry.bytes);
    if (kind === "image") images.push(entry);
    if (kind === "video") videos.push(entry);
  }
  const [image] = images;
  const [video] = videos;
  if (images.length !== 1 || videos.length !== 1 || image === undefined || video === undefined) {
    throw new InvalidLivePhotoError("wrong-parts", images.length, videos.length);
  }
  return {
    image: typed(image, imageType(image.bytes, image.name)),
    video: typed(video, videoType(video.bytes, video.name)),
  };
};
