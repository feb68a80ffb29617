// An upload run from picked files to results: Takeout sidecars
// read first, every file's type and embedded metadata extracted (in the media
// worker, in batches), live photos paired, each file's metadata decided, the
// target albums resolved, then the units uploaded by the lanes.

import { FileType } from "../../shared/model/library/file-metadata";
import {
  type LivePhotoCandidate,
  clusterLivePhotos,
} from "../../shared/model/media/live-photo-pairing";
import {
  isTakeoutSidecarName,
  matchTakeoutSidecars,
  mediaFileKey,
  parseTakeoutSidecarText,
  type TakeoutMetadata,
  type TakeoutSidecar,
} from "../../shared/model/media/takeout-sidecars";
import {
  type EmbeddedMetadata,
  type UploadMetadata as DecidedMetadata,
  resolveLivePhotoMetadata,
  resolveUploadMetadata,
} from "../../shared/model/media/upload-metadata";
import { UploadPhase, UploadResult } from "../../shared/model/media/upload-outcomes";
import type { UploadProgress } from "../../shared/model/media/upload-progress";
import type { PickedFile, UploadTarget } from "./upload-contract";
import { type LanesEnd, runLanes } from "./upload-lanes";
import { createStorageAllowance } from "./storage-allowance";
import {
  type UnitPart,
  type UploadAlbum,
  type UploadUnit,
  type UploadUnitDeps,
  processUploadUnit,
} from "./upload-unit";

/** What the media worker tells of a picked file. */
export type MediaFacts =
  | {
      kind: "media";
      fileType: typeof FileType.image | typeof FileType.video;
      mimeType: string;
      embedded: EmbeddedMetadata;
      widthPx?: number | undefined;
      heightPx?: number | undefined;
      durationSec?: number | undefined;
      cameraMake?: string | undefined;
      cameraModel?: string | undefined;
    }
  /** Not an image or a video (spec §5), or nothing in it. */
  | { kind: "unsupported" };

/** The media worker's part of an upload. */
export interface UploadMedia {
  /** Facts of many files in one call, in order. */
  facts(parts: readonly UnitPart[]): Promise<MediaFacts[]>;
  /** The thumbnail JPEG of a file (a live photo's image); throws when none can be made. */
  thumbnail(part: UnitPart, facts: MediaFacts): Promise<Uint8Array>;
}

/** Where the files go, as the run needs it. */
export interface UploadAlbums {
  /**
   * The album a file goes to: for `album`, that album; for `new-album`, the
   * user's album of that name or a new one; for `album-per-folder`, the
   * album named after `folderName`. Made once per name and run.
   */
  albumFor(target: UploadTarget, folderName: string): Promise<UploadAlbum>;
}

export interface UploadRunDeps extends Omit<UploadUnitDeps, "thumbnail" | "storage"> {
  /** Bytes the user may still fill, when known; asked once per request. */
  storageLeftBytes: () => Promise<number | undefined>;
  media: UploadMedia;
  /** The albums of one request (each name resolved once per request). */
  albums: () => UploadAlbums;
  nowMs: () => number;
}

/**
 * Files whose facts are asked in one call. Each call crosses to the media
 * worker once; EXIF needs only a file's first kilobytes, so 32 files are a
 * few megabytes read, and a video's probe is quick with the container's
 * header only.
 */
export const factsBatchSize = 32;

/** A picked file with its place in the run. */
interface RunFile {
  id: number;
  picked: PickedFile;
  part: UnitPart;
}

const folderNameOf = (folderPath: string): string => folderPath.split("/").at(-1) ?? "";

/** The page's number of a pick, as a progress entry lists it. */
export const pickIDsOf = (picked: PickedFile): number[] =>
  picked.pickID === undefined ? [] : [picked.pickID];

const partOf = (picked: PickedFile): UnitPart => ({ blob: picked.file, name: picked.file.name });

/**
 * [Note: Metadata files are read before the media]
 *
 * Google Takeout writes one JSON sidecar per photo. They are read first, in
 * the "reading metadata files" phase, because a photo's time and place from
 * its sidecar win over its EXIF (see upload-metadata.ts). A JSON file that
 * is not a Takeout sidecar (an album's own metadata.json, any other JSON)
 * is not media: it is reported as unsupported, like any other non-media file.
 */
const readSidecars = async (
  files: readonly RunFile[],
): Promise<{ sidecars: TakeoutSidecar[]; notSidecars: RunFile[] }> => {
  const sidecars: TakeoutSidecar[] = [];
  const notSidecars: RunFile[] = [];
  for (const file of files) {
    const metadata = parseTakeoutSidecarText(await file.picked.file.text());
    if (metadata === undefined) notSidecars.push(file);
    else
      sidecars.push({
        relativeFolder: file.picked.folderPath,
        name: file.part.name,
        metadata,
      });
  }
  return { sidecars, notSidecars };
};

// [Note: An edited copy keeps its original's moment]
//
// An edit saved from the viewer is a new JPEG drawn by the editor: it has no
// EXIF, and its file's times are the save's. It is still the original's
// photo, so the copy's creation time, place and caption are the original's,
// taking the place a Takeout sidecar takes for a photo (above EXIF and the
// file's times; see upload-metadata.ts), and its edited time is the
// original's shown time, so that it sorts beside the original and a
// download of it carries that time in its EXIF (spec §5).
const carriedMetadataOf = (picked: PickedFile): TakeoutMetadata | undefined => {
  const { copyOf } = picked;
  if (copyOf === undefined) return undefined;
  const { creationTimeUs, latitude, longitude, caption } = copyOf;
  return {
    creationTimeUs,
    ...(latitude === undefined || longitude === undefined ? {} : { latitude, longitude }),
    ...(caption === undefined || caption === "" ? {} : { caption }),
  };
};

interface MediaFile extends RunFile {
  facts: Extract<MediaFacts, { kind: "media" }>;
  takeout: TakeoutMetadata | undefined;
}

const sourcesOf = (file: MediaFile) => ({
  fileName: file.part.name,
  lastModifiedMs: file.picked.file.lastModified,
  takeout: file.takeout,
  embedded: file.facts.embedded,
});

const unitOf = (
  id: number,
  files: readonly [MediaFile] | readonly [MediaFile, MediaFile],
  decided: DecidedMetadata,
  target: UploadAlbum,
  uploaderName: string | undefined,
): UploadUnit => {
  const [first, second] = files;
  const { facts } = first;
  return {
    id,
    name: first.part.name,
    fileType: second === undefined ? facts.fileType : FileType.livePhoto,
    parts: second === undefined ? [first.part] : [first.part, second.part],
    metadata: {
      title: first.part.name,
      creationTime: decided.creationTimeUs,
      modificationTime: decided.modificationTimeUs,
      fileType: second === undefined ? facts.fileType : FileType.livePhoto,
      ...(decided.latitude === undefined ? {} : { latitude: decided.latitude }),
      ...(decided.longitude === undefined ? {} : { longitude: decided.longitude }),
      ...(first.picked.folderPath === "" ? {} : { deviceFolder: first.picked.folderPath }),
      ...((second ?? first).facts.durationSec === undefined
        ? {}
        : { duration: (second ?? first).facts.durationSec }),
    },
    pubMagicMetadata: {
      ...(facts.widthPx === undefined ? {} : { w: facts.widthPx }),
      ...(facts.heightPx === undefined ? {} : { h: facts.heightPx }),
      ...(decided.caption === undefined ? {} : { caption: decided.caption }),
      ...(facts.cameraMake === undefined ? {} : { cameraMake: facts.cameraMake }),
      ...(facts.cameraModel === undefined ? {} : { cameraModel: facts.cameraModel }),
      ...(uploaderName === undefined ? {} : { uploaderName }),
      ...(first.picked.copyOf === undefined
        ? {}
        : { editedTime: first.picked.copyOf.editedTimeUs }),
    },
    target,
  };
};

export interface UploadRunOptions {
  files: readonly PickedFile[];
  target: UploadTarget;
  /** See: [Note: A visitor's uploads carry the name they gave] */
  uploaderName?: string | undefined;
  /** The run's progress: entries are added here as the run learns them. */
  progress: UploadProgress;
  /** The first id this run may use for its files (ids are unique across joined requests). */
  firstID: number;
  signal: AbortSignal;
  onChange: () => void;
}

/** Runs one request through every phase but `finish` (the caller ends the run). */
export const runUploadRequest = async (
  deps: UploadRunDeps,
  { files, target, uploaderName, progress, firstID, signal, onChange }: UploadRunOptions,
): Promise<LanesEnd> => {
  const runFiles: RunFile[] = files.map((picked, index) => ({
    id: firstID + index,
    picked,
    part: partOf(picked),
  }));
  const sidecarFiles = runFiles.filter((file) => isTakeoutSidecarName(file.part.name));
  const others = runFiles.filter((file) => !isTakeoutSidecarName(file.part.name));

  progress.setPhase(UploadPhase.readingMetadataFiles);
  onChange();
  const { sidecars, notSidecars } = await readSidecars(sidecarFiles);
  const candidates = [...others, ...notSidecars];
  progress.add(
    candidates.map((file) => ({
      id: file.id,
      name: file.part.name,
      sizeBytes: file.part.blob.size,
      pickIDs: pickIDsOf(file.picked),
    })),
  );

  progress.setPhase(UploadPhase.extractingMetadata);
  onChange();
  const takeout = matchTakeoutSidecars(
    others.map((file) => ({ relativeFolder: file.picked.folderPath, name: file.part.name })),
    sidecars,
  );
  const mediaByID = new Map<number, MediaFile>();
  const readFacts = async (files: readonly RunFile[]) => {
    for (let start = 0; start < files.length; start += factsBatchSize) {
      if (signal.aborted) return;
      const batch = files.slice(start, start + factsBatchSize);
      const facts = await deps.media.facts(batch.map((file) => file.part));
      batch.forEach((file, index) => {
        const fileFacts = facts[index];
        if (fileFacts === undefined || fileFacts.kind !== "media") {
          progress.finish(file.id, UploadResult.unsupported, "unsupportedFileFormat");
          return;
        }
        mediaByID.set(file.id, {
          ...file,
          facts: fileFacts,
          takeout:
            carriedMetadataOf(file.picked) ??
            takeout.get(mediaFileKey(file.picked.folderPath, file.part.name)),
        });
      });
      onChange();
    }
  };
  // [Note: Videos' facts are read beside the images']
  //
  // The facts of the files the browser calls videos are asked in their own
  // batches, at the same time as the other files': they come from
  // ffmpeg.wasm, whose first use loads it (a second or two), and that load
  // then runs while the images' tags are read instead of after them. The
  // media worker probes one video at a time either way; a file whose type
  // the browser does not know is sniffed among the others, as before.
  const isVideo = (file: RunFile) => file.part.blob.type.startsWith("video/");
  const reads = await Promise.allSettled([
    readFacts(candidates.filter(isVideo)),
    readFacts(candidates.filter((file) => !isVideo(file))),
  ]);
  for (const read of reads) if (read.status === "rejected") throw read.reason;
  // In the picks' order again: what follows does not depend on the facts' order.
  const media = candidates.flatMap((file) => mediaByID.get(file.id) ?? []);
  if (signal.aborted) {
    // Cancelled before anything was sent: only the files already found unsupported stay listed.
    for (const file of candidates) progress.forget(file.id);
    return { cancelled: true };
  }

  const pairing = clusterLivePhotos(
    media.map((file): LivePhotoCandidate & { file: MediaFile } => ({
      id: file.id,
      name: file.part.name,
      relativeFolder: file.picked.folderPath,
      fileType: file.facts.fileType,
      sizeBytes: file.part.blob.size,
      creationTimeUs:
        file.takeout?.creationTimeUs ?? file.facts.embedded.creationTimeUs ?? undefined,
      hasTakeoutMetadata: file.takeout !== undefined,
      file,
    })),
  );
  const nowMs = deps.nowMs();
  const albums = deps.albums();
  const units: UploadUnit[] = [];
  for (const { image, video } of pairing.livePhotos) {
    progress.merge(image.file.id, video.file.id);
    const decided = resolveLivePhotoMetadata(
      { image: sourcesOf(image.file), video: sourcesOf(video.file) },
      nowMs,
    );
    const album = await albums.albumFor(target, folderNameOf(image.file.picked.folderPath));
    units.push(unitOf(image.file.id, [image.file, video.file], decided, album, uploaderName));
  }
  for (const { file } of pairing.singles) {
    const decided = resolveUploadMetadata(sourcesOf(file), nowMs);
    const album = await albums.albumFor(target, folderNameOf(file.picked.folderPath));
    units.push(unitOf(file.id, [file], decided, album, uploaderName));
  }
  // The order the person sees files in: by folder, then by name.
  const folderOf = new Map(media.map((file) => [file.id, file.picked.folderPath]));
  const sortKey = (unit: UploadUnit) => folderOf.get(unit.id) ?? "";
  units.sort((a, b) => sortKey(a).localeCompare(sortKey(b)) || a.name.localeCompare(b.name));

  const factsByID = new Map(media.map((file) => [file.id, file.facts]));
  const storage = createStorageAllowance(await deps.storageLeftBytes());
  progress.setPhase(UploadPhase.uploading);
  onChange();
  return runLanes({
    units,
    progress,
    signal,
    onChange,
    process: (unit, context) =>
      processUploadUnit(
        {
          ...deps,
          storage,
          thumbnail: (uploading) => {
            const [first] = uploading.parts;
            const facts = factsByID.get(uploading.id);
            if (facts === undefined) return Promise.reject(new Error("No facts for the unit"));
            return deps.media.thumbnail(first, facts);
          },
        },
        unit,
        context,
      ),
  });
};
