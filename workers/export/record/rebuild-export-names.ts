// The migration of a version 2 record to version 3: from the list of
// exported files and the folders' paths to the names each file was exported
// under, rebuilt from the naming rule and checked against the disk.

import {
  exportNameKey,
  livePhotoPartNames,
  sanitizeExportName,
  splitExportName,
  uniqueFileName,
} from "../../../shared/model/export/export-names";
import {
  type FileExportName,
  decodeFileExportName,
  encodeFileExportName,
} from "../../../shared/model/export/export-record";
import {
  extensionOf,
  imageExtensions,
  videoExtensions,
} from "../../../shared/model/media/file-kinds";
import type { ExportFS } from "../export-fs";
import {
  type KeyedMigrationFile,
  type MigrationLibrary,
  exportedFilesInIDOrder,
} from "./migration-library";

// [Note: Export names are rebuilt by replaying the numbering]
//
// Versions 1 and 2 list which files were exported, not under which names.
// The clients of that time exported in file ID order and gave each file
// the first of `title`, `title(1)`, `title(2)`… not yet in its folder, so
// replaying that in ID order, each name claimed by the file before it,
// gives the names back (the reference's rule, and its assumption). Where
// it cannot, we check: a name the replay gives that is not on disk is left
// out of the record (the file was deleted by hand, or the replay is wrong),
// so the next export run writes the file again rather than the record
// pointing at a file that is not there or is another's.
//
// A live photo was written as two files named after the parts inside its
// zip (`IMG_1.heic` and `IMG_1.mov`), whose extensions only the file's
// bytes say. The reference downloaded every live photo to learn them; we
// read them off the disk instead: the extensions of the folder's files
// named `<stem>` or `<stem>(n)`. The image part is the one with the title's
// own extension when there is one (a live photo is titled after its image),
// else another image extension; the video part has a video extension. Each
// is taken only when the replayed name with it is on disk. Names given by
// our migration from version 0 are known, not replayed (see: [Note:
// Version 0 folders are renamed from a written plan]).
//
// Names are compared without case (`exportNameKey`) as the disks of macOS
// and Windows do, and cut to our length limit, so on Linux two titles that
// differ only in case, or a title past ~220 bytes, replay to a name not on
// disk: such a file is exported again, never misrecorded.

/** What a collection folder holds, for the replay. */
interface FolderState {
  /** The names of its files, exactly as on disk. */
  fileNames: ReadonlySet<string>;
  /** `exportNameKey`s claimed by the files replayed so far. */
  claimedKeys: Set<string>;
  /** `exportNameKey` of a stem (less any `(n)`) → the extensions its files have. */
  extensionsByStemKey: ReadonlyMap<string, readonly string[]>;
}

const clashSuffix = /\(\d+\)$/;

const folderStateOf = async (fs: ExportFS, folder: string): Promise<FolderState> => {
  const fileNames = (await fs.list(folder))
    .filter((entry) => entry.kind === "file")
    .map(({ name }) => name);
  const extensionsByStemKey = new Map<string, string[]>();
  for (const name of fileNames) {
    const { stem, extension } = splitExportName(name);
    if (extension === "") continue;
    const key = exportNameKey(stem.replace(clashSuffix, ""));
    const extensions = extensionsByStemKey.get(key) ?? [];
    if (!extensions.includes(extension.slice(1))) extensions.push(extension.slice(1));
    extensionsByStemKey.set(key, extensions);
  }
  return { fileNames: new Set(fileNames), claimedKeys: new Set(), extensionsByStemKey };
};

const replayedName = (state: FolderState, wanted: string): string =>
  uniqueFileName(wanted, (key) => state.claimedKeys.has(key));

const claim = (state: FolderState, name: string): void => {
  state.claimedKeys.add(exportNameKey(name));
};

/** The first of `extensions` whose replayed name is on disk, with that name. */
const firstOnDisk = (
  state: FolderState,
  extensions: readonly string[],
  wantedWith: (extension: string) => string,
): string | undefined =>
  extensions
    .map((extension) => replayedName(state, wantedWith(extension)))
    .find((name) => state.fileNames.has(name));

const rankOf = (list: ReadonlySet<string>, extension: string): number => {
  const index = [...list].indexOf(extension.toLowerCase());
  return index === -1 ? list.size : index;
};

/** A live photo's two names, replayed with the extensions the disk shows. See: [Note: Export names are rebuilt by replaying the numbering] */
const replayLivePhoto = (
  state: FolderState,
  title: string,
): { image: string | undefined; video: string | undefined } => {
  const probe = sanitizeExportName(livePhotoPartNames(title, "x", "x").image);
  const stemKey = exportNameKey(splitExportName(probe).stem);
  const extensions = state.extensionsByStemKey.get(stemKey) ?? [];
  const titleExtension = extensionOf(title);
  const isVideo = (extension: string): boolean => videoExtensions.has(extension.toLowerCase());

  const imageCandidates = extensions
    .filter((extension) => !isVideo(extension))
    .sort(
      (a, b) =>
        Number(b.toLowerCase() === titleExtension) - Number(a.toLowerCase() === titleExtension) ||
        rankOf(imageExtensions, a) - rankOf(imageExtensions, b) ||
        a.localeCompare(b),
    );
  const image = firstOnDisk(
    state,
    imageCandidates,
    (extension) => livePhotoPartNames(title, extension, "").image,
  );
  if (image !== undefined) claim(state, image);

  const videoCandidates = extensions
    .filter(isVideo)
    .sort((a, b) => rankOf(videoExtensions, a) - rankOf(videoExtensions, b) || a.localeCompare(b));
  const video = firstOnDisk(
    state,
    videoCandidates,
    (extension) => livePhotoPartNames(title, "", extension).video,
  );
  if (video !== undefined) claim(state, video);
  return { image, video };
};

const namesOf = (name: FileExportName): string[] =>
  typeof name === "string" ? [name] : [name.image, name.video];

/** The name of one file, or undefined when it is not (wholly) on disk. */
const rebuiltName = (
  state: FolderState,
  file: KeyedMigrationFile,
  knownName: string | undefined,
): FileExportName | undefined => {
  if (knownName !== undefined) {
    const name = decodeFileExportName(knownName);
    const names = namesOf(name);
    for (const part of names) claim(state, part);
    return names.every((part) => state.fileNames.has(part)) ? name : undefined;
  }
  if (file.isLivePhoto) {
    const { image, video } = replayLivePhoto(state, file.title);
    return image !== undefined && video !== undefined ? { image, video } : undefined;
  }
  const name = replayedName(state, file.title);
  claim(state, name);
  return state.fileNames.has(name) ? name : undefined;
};

/**
 * The stored export name of each exported file (`exportedKeys`) found on
 * disk in its collection's folder (`collectionFolderNames`).
 * `knownFileNames` are names our migration from version 0 gave.
 * See: [Note: Export names are rebuilt by replaying the numbering]
 */
export const rebuildFileExportNames = async ({
  fs,
  library,
  exportedKeys,
  collectionFolderNames,
  knownFileNames,
}: {
  fs: ExportFS;
  library: MigrationLibrary;
  exportedKeys: ReadonlySet<string>;
  collectionFolderNames: Readonly<Record<string, string>>;
  knownFileNames: Readonly<Record<string, string>>;
}): Promise<Record<string, string>> => {
  const states = new Map<string, FolderState>();
  const fileExportNames: Record<string, string> = {};
  for (const file of exportedFilesInIDOrder(library, exportedKeys)) {
    const folder = collectionFolderNames[String(file.collectionID)];
    if (folder === undefined) continue;
    let state = states.get(folder);
    if (state === undefined) {
      state = await folderStateOf(fs, folder);
      states.set(folder, state);
    }
    const name = rebuiltName(state, file, knownFileNames[file.key]);
    if (name !== undefined) fileExportNames[file.key] = encodeFileExportName(name);
  }
  return fileExportNames;
};
