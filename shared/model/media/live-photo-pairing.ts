// Live photos in an upload: which picked image and video are the two halves
// of one live photo (spec §3: a live photo is a zip of one image and one
// video), and what the paired file's metadata says it is. Pure.

import { FileType, type FileMetadata } from "../library/file-metadata";

/** A picked image or video that may be half of a live photo. */
export interface LivePhotoCandidate {
  /** The caller's handle of the file (given back in the answer). */
  id: string | number;
  name: string;
  /** The folder within the pick, "" for loose files. */
  relativeFolder: string;
  /** The album the file goes to, as the caller tells albums apart (one target when absent). */
  albumKey?: string | undefined;
  fileType: typeof FileType.image | typeof FileType.video;
  sizeBytes: number;
  /** The capture time when something tells it (sidecar, EXIF, container, name); not the modification time. */
  creationTimeUs?: number | undefined;
  /** Whether a Google Takeout sidecar was matched to the file. */
  hasTakeoutMetadata: boolean;
}

export interface LivePhotoPair<C extends LivePhotoCandidate> {
  image: C;
  video: C;
}

export interface LivePhotoClusters<C extends LivePhotoCandidate> {
  /** In the order of their first half in the input. */
  livePhotos: LivePhotoPair<C>[];
  /** Every other candidate, in input order. */
  singles: C[];
}

// [Note: Which image and video make a live photo]
//
// Phones and export tools write a live photo as two files side by side,
// named alike:
// - iPhone (USB, AirDrop, iCloud downloads): `IMG_0001.HEIC` + `IMG_0001.MOV`
//   (or `.JPG`; an edit is `IMG_E0001.*` for both halves).
// - icloudpd: `IMG_0001.HEIC` + `IMG_0001_HEVC.MOV` (some tools spell it
//   `_HVEC`); a Photos library: `<uuid>.heic` + `<uuid>_3.mov`.
// - Google Photos and Takeout: `IMG_0001.jpg` + `IMG_0001.MP4`, the image
//   of a motion video named after it (`IMG_0001.mp4.jpg`), and Pixel
//   motion photos `PXL_….MP.jpg` + `PXL_….MP`, `PXL_….MP.mp4` or
//   `PXL_….mp4`.
// - Other Android phones (vivo, Xiaomi): `IMG_….jpg` + `IMG_….mp4`.
// So the halves share a key: the album, the folder, and the name without
// its extension, case and Unicode composition aside, and without the marks
// above (`.MP`/`.mp4`/`.mov` at the end of an image's name; `_HEVC`,
// `_HVEC`, `_3`, `.MP` at the end of a video's). Marks are only taken from
// the half that carries them (`trip_3.jpg` is not `trip.mov`'s image), and
// a video joins the images of its whole name before those of its name
// without a mark (`Party_3.mov` goes with `Party_3.jpg`).
// A key with exactly one image and one video is a pair when also:
// - each half is at most 20 MiB and not empty: a live photo's video lasts
//   2–3 s (a few MB even in 4K HEVC), and the zip is built in memory;
// - their creation times, when both are known, are at most a day apart
//   (one half's time may be read as local time and the other's as UTC);
//   unless exactly one half has a Takeout sidecar, since Takeout writes
//   none for a live photo's video and the halves' times then come from
//   different places.
// Anything else (two images or two videos under one key, a large or
// distant half) is ambiguous and every file of the key stays single.
// Grouping by key keeps the work linear in the number of files.

/** The largest half of a live photo. See: [Note: Which image and video make a live photo] */
export const maxLivePhotoPartBytes = 20 * 1024 * 1024;

/** How far apart the halves' times may be. See: [Note: Which image and video make a live photo] */
export const maxLivePhotoTimeGapUs = 24 * 60 * 60 * 1_000_000;

/** Marks at the end of an image's name (its extension removed). */
const imageNameMark = /\.(?:mp|mp4|mov)$/i;
/** Marks at the end of a video's name (its extension removed). */
const videoNameMark = /(?:_hevc|_hvec|_3|\.mp)$/i;

const withoutExtension = (name: string): string => {
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? name : name.slice(0, dot);
};

const comparable = (name: string): string => name.normalize("NFC").toLowerCase();

/** The name an image shares with its video. */
const imageBaseName = (name: string): string =>
  comparable(withoutExtension(name).replace(imageNameMark, ""));

/** The names a video may share with its image: its own first, then without a mark. */
const videoBaseNames = (name: string): string[] => {
  const stem = withoutExtension(name);
  const unmarked = stem.replace(videoNameMark, "");
  return unmarked === stem ? [comparable(stem)] : [comparable(stem), comparable(unmarked)];
};

const isPlausiblePart = ({ sizeBytes }: LivePhotoCandidate): boolean =>
  sizeBytes > 0 && sizeBytes <= maxLivePhotoPartBytes;

const timesAgree = (image: LivePhotoCandidate, video: LivePhotoCandidate): boolean => {
  if (image.hasTakeoutMetadata !== video.hasTakeoutMetadata) return true;
  if (image.creationTimeUs === undefined || video.creationTimeUs === undefined) return true;
  return Math.abs(image.creationTimeUs - video.creationTimeUs) <= maxLivePhotoTimeGapUs;
};

const groupKey = ({ albumKey, relativeFolder }: LivePhotoCandidate, baseName: string): string =>
  [albumKey ?? "", relativeFolder, baseName].join("\u0000");

const pushTo = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
};

/**
 * Splits the candidates of one upload into live photos and single files.
 * See: [Note: Which image and video make a live photo]
 */
export const clusterLivePhotos = <C extends LivePhotoCandidate>(
  candidates: readonly C[],
): LivePhotoClusters<C> => {
  const imagesByKey = new Map<string, C[]>();
  for (const candidate of candidates) {
    if (candidate.fileType === FileType.image) {
      pushTo(imagesByKey, groupKey(candidate, imageBaseName(candidate.name)), candidate);
    }
  }
  // A video joins the images of its own name, else of its name without a mark.
  const videosByKey = new Map<string, C[]>();
  for (const candidate of candidates) {
    if (candidate.fileType !== FileType.video) continue;
    const key = videoBaseNames(candidate.name)
      .map((baseName) => groupKey(candidate, baseName))
      .find((someKey) => imagesByKey.has(someKey));
    if (key !== undefined) pushTo(videosByKey, key, candidate);
  }

  const pairOf = new Map<C, LivePhotoPair<C>>();
  for (const [key, videos] of videosByKey) {
    const images = imagesByKey.get(key) ?? [];
    const [image] = images;
    const [video] = videos;
    if (images.length !== 1 || videos.length !== 1 || image === undefined || video === undefined) {
      continue;
    }
    if (isPlausiblePart(image) && isPlausiblePart(video) && timesAgree(image, video)) {
      const pair = { image, video };
      pairOf.set(image, pair);
      pairOf.set(video, pair);
    }
  }

  const livePhotos: LivePhotoPair<C>[] = [];
  const singles: C[] = [];
  const listed = new Set<LivePhotoPair<C>>();
  for (const candidate of candidates) {
    const pair = pairOf.get(candidate);
    if (pair === undefined) {
      singles.push(candidate);
    } else if (!listed.has(pair)) {
      listed.add(pair);
      livePhotos.push(pair);
    }
  }
  return { livePhotos, singles };
};

// ---------------------------------------------------------------------------
// The paired file's identity

// [Note: A live photo's title and hash]
//
// A live photo is uploaded as one file of type LIVE_PHOTO whose title is its
// image's name (what the person took; the reference client does the same,
// and a download names both halves after it). Its content hash is
// `imageHash:videoHash`, the halves' BLAKE2b hashes joined, written as
// `hash` and also as `imageHash` and `videoHash`, which older clients of
// the ecosystem wrote instead: dedupe reads either form.

/** The metadata fields that say what a live photo is. See: [Note: A live photo's title and hash] */
export const livePhotoIdentity = ({
  imageName,
  imageHash,
  videoHash,
}: {
  imageName: string;
  imageHash: string;
  videoHash: string;
}): Pick<FileMetadata, "title" | "fileType" | "hash" | "imageHash" | "videoHash"> => ({
  title: imageName,
  fileType: FileType.livePhoto,
  hash: `${imageHash}:${videoHash}`,
  imageHash,
  videoHash,
});

/**
 * A file's content hash as dedupe compares it: `hash`, or for a live photo
 * of an older client its two halves' hashes joined.
 * See: [Note: A live photo's title and hash]
 */
export const fileContentHash = (
  metadata: Pick<FileMetadata, "fileType" | "hash" | "imageHash" | "videoHash">,
): string | undefined => {
  if (metadata.hash !== undefined && metadata.hash !== "") return metadata.hash;
  const { fileType, imageHash, videoHash } = metadata;
  if (fileType === FileType.livePhoto && imageHash && videoHash) return `${imageHash}:${videoHash}`;
  return undefined;
};
