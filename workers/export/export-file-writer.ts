// Writing one file of the library into its collection's folder: its
// sidecar, then its contents (a live photo's image and video, each with a
// sidecar of its own), each under a temporary name renamed into place.

import {
  exportMetadataFolderName,
  exportPartialFileSuffix,
  exportNameKey,
  splitExportName,
  uniqueFileName,
  uniqueLivePhotoNames,
} from "../../shared/model/export/export-names";
import type { FileExportName } from "../../shared/model/export/export-record";
import { FileType } from "../../shared/model/library/file-metadata";
import {
  exportSidecarInputOf,
  exportSidecarText,
  sidecarPathParts,
} from "../../shared/model/export/export-sidecar";
import { withEditedTimeInJpeg } from "../media/jpeg/jpeg-edited-time";
import { decodeLivePhoto } from "../media/live-photo/live-photo-zip";
import { type ExportFS, type ExportPath, joinExportPath } from "./export-fs";
import {
  type ExportFile,
  type ExportLibrarySource,
  isLivePhoto,
  wantedExportName,
} from "./export-library";
import type { ExportNameClaims } from "./export-name-claims";
import type { FileToExport } from "./export-plan";
import type { ExportRecordStore, ExportWritePaths } from "./export-record-store";

// [Note: A file appears under its name only when complete]
//
// Every file the export writes (contents and sidecars) is written to
// `<name>.cairn-partial`, flushed, and renamed to its name, so a reader of
// the folder (a backup tool, the user) never sees half a photo under a
// photo's name. Before the first byte, the journal names the paths the
// write takes (see: [Note: The export record is a snapshot plus a
// journal]): fresh paths, free when the write began, and paths of the
// file's older export that it replaces. After a crash, the engine removes
// the temporary files of an unfinished write and its fresh paths (nothing
// else can have made them), leaves the replaced paths (they hold the old
// version or the new, both whole, and the record still names the old
// version, which is then replaced again), and the file is written anew.
// Nothing is ever exported twice, and no `.cairn-partial` file outlives a run.

export interface ExportFileWriterDeps {
  fs: ExportFS;
  store: ExportRecordStore;
  claims: ExportNameClaims;
  source: ExportLibrarySource;
  /** The locale of the sidecars' formatted times. */
  sidecarLocale?: string;
}

/** An exported copy of the same file in another collection's folder (keep each file once). */
export interface ExportedCopy {
  folder: string;
  name: FileExportName;
}

const sidecarPath = (folder: string, name: string): ExportPath =>
  joinExportPath(...sidecarPathParts(folder, name));

const namesOf = (name: FileExportName): string[] =>
  typeof name === "string" ? [name] : [name.image, name.video];

/** Every final path a file exported as `name` in `folder` takes: its contents and its sidecars. */
export const exportedPaths = (folder: string, name: FileExportName): ExportPath[] =>
  namesOf(name).flatMap((part) => [joinExportPath(folder, part), sidecarPath(folder, part)]);

/** Writes `chunks` to `path` through its temporary name. */
const writeInPlace = async (
  fs: ExportFS,
  path: ExportPath,
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<void> => {
  const partial = path + exportPartialFileSuffix;
  await fs.removeFile(partial);
  try {
    await fs.writeChunks(partial, chunks);
    await fs.rename(partial, path);
  } catch (error) {
    await fs.removeFile(partial).catch(() => undefined);
    throw error;
  }
};

async function* blobChunks(blob: Blob): AsyncGenerator<Uint8Array> {
  const reader = blob.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

const writeSidecar = (
  deps: ExportFileWriterDeps,
  folder: string,
  name: string,
  file: ExportFile,
): Promise<void> =>
  writeInPlace(deps.fs, sidecarPath(folder, name), [
    new TextEncoder().encode(
      exportSidecarText(
        { ...exportSidecarInputOf(file.metadata, file.pubMagicMetadata?.data), title: name },
        deps.sidecarLocale,
      ),
    ),
  ]);

/**
 * A file's contents as written: an image with an edited time gets it in its
 * EXIF (spec §5; the step looks at the bytes, so only a JPEG changes).
 */
const contentsToWrite = (
  file: ExportFile,
  chunks: AsyncIterable<Uint8Array>,
): AsyncIterable<Uint8Array> => {
  const editedTimeUs = file.pubMagicMetadata?.data.editedTime;
  return editedTimeUs === undefined || file.metadata.fileType === FileType.video
    ? chunks
    : withEditedTimeInJpeg(chunks, editedTimeUs).chunks;
};

/** The journal's paths for a write of `name`, given the older export it replaces. */
const writePaths = (
  folder: string,
  name: FileExportName,
  replaced: FileExportName | undefined,
): ExportWritePaths => {
  const replacedPaths = new Set(replaced === undefined ? [] : exportedPaths(folder, replaced));
  const paths = exportedPaths(folder, name);
  return {
    fresh: paths.filter((path) => !replacedPaths.has(path)),
    replacing: paths.filter((path) => replacedPaths.has(path)),
  };
};

/** Whether a name may be given: free, or one of the older export's names (it is then replaced). */
const takenExcept =
  (isTaken: (key: string) => boolean, replaced: FileExportName | undefined) =>
  (key: string): boolean =>
    isTaken(key) &&
    !(replaced !== undefined && namesOf(replaced).some((name) => exportNameKey(name) === key));

/**
 * Writes one file into `folder` and records it; the older export it
 * replaces, if any, is removed (where its names differ) and forgotten.
 * `copy`: an exported copy of the same file to link (or copy) from instead
 * of downloading it again. Returns the name it was exported under.
 */
export const writeExportFile = async (
  deps: ExportFileWriterDeps,
  { file, key, replaces }: FileToExport,
  folder: string,
  signal: AbortSignal,
  copy?: ExportedCopy,
): Promise<FileExportName> => {
  const replaced = replaces?.name;
  let name: FileExportName;
  let writeContents: () => Promise<void>;

  if (!isLivePhoto(file)) {
    const wanted = wantedExportName(file);
    const picked = await deps.claims.claim(folder, (isTaken) =>
      uniqueFileName(wanted, takenExcept(isTaken, replaced)),
    );
    name = picked;
    const target = joinExportPath(folder, picked);
    writeContents =
      copy !== undefined && typeof copy.name === "string"
        ? () => linkOrCopy(deps.fs, joinExportPath(copy.folder, copy.name as string), target)
        : () =>
            writeInPlace(
              deps.fs,
              target,
              contentsToWrite(file, deps.source.contents(file, signal)),
            );
  } else {
    const parts = await livePhotoParts(deps, file, signal, copy);
    const picked = await deps.claims.claim(folder, (isTaken) => {
      const names = uniqueLivePhotoNames(
        wantedExportName(file),
        parts.imageExtension,
        parts.videoExtension,
        takenExcept(isTaken, replaced),
      );
      return [names.image, names.video] as const;
    });
    name = { image: picked[0], video: picked[1] };
    const { image, video } = name;
    writeContents = async () => {
      await parts.write(joinExportPath(folder, image), "image", (chunks) =>
        contentsToWrite(file, chunks),
      );
      await parts.write(joinExportPath(folder, video), "video", (chunks) => chunks);
    };
  }

  const paths = writePaths(folder, name, replaced);
  await deps.store.beginFile(key, paths);
  try {
    await deps.fs.makeFolder(joinExportPath(folder, exportMetadataFolderName));
    for (const part of namesOf(name)) await writeSidecar(deps, folder, part, file);
    await writeContents();
  } catch (error) {
    await undoUnfinishedWrite(deps.fs, paths).catch(() => undefined);
    await deps.store.fileAbandoned(key).catch(() => undefined);
    throw error;
  }
  await deps.store.fileExported(key, name);

  if (replaces !== undefined) {
    const kept = new Set(exportedPaths(folder, name));
    for (const path of exportedPaths(folder, replaces.name)) {
      if (!kept.has(path)) await deps.fs.removeFile(path);
    }
    if (replaces.key !== key) await deps.store.fileForgotten(replaces.key);
  }
  return name;
};

/**
 * Removes what an unfinished write left: its temporary files, and its fresh
 * paths (the replaced ones hold a whole version, old or new). See: [Note: A
 * file appears under its name only when complete]
 */
export const undoUnfinishedWrite = async (fs: ExportFS, paths: ExportWritePaths): Promise<void> => {
  for (const path of [...paths.fresh, ...paths.replacing]) {
    await fs.removeFile(path + exportPartialFileSuffix);
  }
  for (const path of paths.fresh) await fs.removeFile(path);
};

/** Links `from` to `to` (one file on disk, two names), or copies it where the disk cannot link. */
const linkOrCopy = async (fs: ExportFS, from: ExportPath, to: ExportPath): Promise<void> => {
  await fs.removeFile(to + exportPartialFileSuffix);
  if (await fs.link(from, to + exportPartialFileSuffix)) {
    await fs.rename(to + exportPartialFileSuffix, to);
    return;
  }
  try {
    await fs.copy(from, to + exportPartialFileSuffix);
    await fs.rename(to + exportPartialFileSuffix, to);
  } catch (error) {
    await fs.removeFile(to + exportPartialFileSuffix).catch(() => undefined);
    throw error;
  }
};

interface LivePhotoWrite {
  imageExtension: string;
  videoExtension: string;
  write(
    path: ExportPath,
    half: "image" | "video",
    transform: (chunks: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>,
  ): Promise<void>;
}

/**
 * A live photo's two halves: from its zip, downloaded whole (a live photo
 * is a photo and a few seconds of video; a zip is read from its end), or
 * from an exported copy.
 */
const livePhotoParts = async (
  deps: ExportFileWriterDeps,
  file: ExportFile,
  signal: AbortSignal,
  copy: ExportedCopy | undefined,
): Promise<LivePhotoWrite> => {
  if (copy !== undefined && typeof copy.name !== "string") {
    const copied = copy.name;
    return {
      imageExtension: splitExportName(copied.image).extension,
      videoExtension: splitExportName(copied.video).extension,
      write: (path, half) => linkOrCopy(deps.fs, joinExportPath(copy.folder, copied[half]), path),
    };
  }
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  for await (const chunk of deps.source.contents(file, signal)) chunks.push(new Uint8Array(chunk));
  const parts = await decodeLivePhoto(new Blob(chunks));
  return {
    imageExtension: splitExportName(parts.image.name).extension,
    videoExtension: splitExportName(parts.video.name).extension,
    write: (path, half, transform) =>
      writeInPlace(deps.fs, path, transform(blobChunks(parts[half].blob))),
  };
};
