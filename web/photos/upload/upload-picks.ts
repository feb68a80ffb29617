// What a pick (the file or folder picker) or a drop holds, as the upload asks
// about it (spec §2's notice): loose files, folders or both; the folders'
// names; the name a new album gets by default. Pure; table-tested.

import type { PickedFile } from "../../../workers/upload/upload-contract";

/** The folders of a path, "/"-separated, without empty parts. */
const foldersOf = (folderPath: string): string[] => folderPath.split("/").filter(Boolean);

/**
 * The folder a file of a folder pick sits in, from its `webkitRelativePath`
 * (`Holiday/Day 1/IMG_1.jpg` → `Holiday/Day 1`); "" for a file picked on its
 * own (its relative path is empty).
 */
export const folderPathOfRelativePath = (relativePath: string): string =>
  foldersOf(relativePath).slice(0, -1).join("/");

/**
 * The picks of a file input. A folder input gives each file its path within
 * the picked folder (`webkitRelativePath`); a plain file input gives none,
 * so its files are loose. Any file is taken: the worker decides what it
 * supports and says so per file.
 */
export const picksOfFiles = (files: Iterable<File>): PickedFile[] =>
  Array.from(files, (file) => ({
    file,
    folderPath: folderPathOfRelativePath(file.webkitRelativePath),
  }));

/** What a pick holds. */
export type PickShape = "empty" | "loose-files" | "folders" | "mixed";

/**
 * [Note: Loose files and folders are not uploaded together]
 *
 * A drop can hold files and folders side by side. The choices an upload
 * offers differ for the two: folders may become one album each (named after
 * the folder a file sits in), which loose files cannot (they sit in no
 * folder), and "everything in one album" is named after the folder by
 * default. Rather than guess what the person meant for the loose files, the
 * spec's notice (§2) says that root-level files cannot be uploaded together
 * with folders, and nothing of that pick is uploaded: picking the files and
 * the folders separately makes each choice clear.
 */
export const pickShapeOf = (picks: readonly PickedFile[]): PickShape => {
  let loose = false;
  let inFolders = false;
  for (const { folderPath } of picks) {
    if (foldersOf(folderPath).length === 0) loose = true;
    else inFolders = true;
    if (loose && inFolders) return "mixed";
  }
  if (inFolders) return "folders";
  return loose ? "loose-files" : "empty";
};

const distinctSorted = (names: Iterable<string>): string[] =>
  [...new Set(names)].sort((a, b) => a.localeCompare(b));

/**
 * The picked (or dropped) folders: the first part of each file's folder
 * path, distinct, sorted by name.
 */
export const pickedFolderNames = (picks: readonly PickedFile[]): string[] =>
  distinctSorted(
    picks.flatMap(({ folderPath }) => {
      const [first] = foldersOf(folderPath);
      return first === undefined ? [] : [first];
    }),
  );

/**
 * The albums "one album per folder" makes: the folder each file sits in (the
 * last part of its folder path; the contract's `album-per-folder`), distinct,
 * sorted by name. Two folders of one name (`2023/Beach`, `2024/Beach`) make
 * one album.
 */
export const folderAlbumNames = (picks: readonly PickedFile[]): string[] =>
  distinctSorted(
    picks.flatMap(({ folderPath }) => {
      const last = foldersOf(folderPath).at(-1);
      return last === undefined ? [] : [last];
    }),
  );

/**
 * The name "everything in one album" offers first: the picked folder's name
 * when the pick is one folder (with whatever it holds), else "" (loose files,
 * or several folders: the person names the album).
 */
export const defaultAlbumName = (picks: readonly PickedFile[]): string => {
  if (pickShapeOf(picks) !== "folders") return "";
  const folders = pickedFolderNames(picks);
  return folders.length === 1 ? (folders[0] ?? "") : "";
};
