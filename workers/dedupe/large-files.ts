import type { LibraryReader } from "../gallery/gallery-contract";
import type { LargeFile } from "./duplicates-contract";
import { ownVisibleCopies, shownNameAndTime } from "./own-copies";

/**
 * A file from this size up is "large" (10 MiB, the reference's bar): a
 * phone's photo is 2-5 MB, so what is above is mostly video, RAW and
 * panoramas, where a few deletions free the most storage.
 */
export const largeFileMinBytes = 10 * 1024 * 1024;

/** The user's own large files in their own visible albums, largest first. */
export const largeFilesOf = (reader: LibraryReader): LargeFile[] =>
  ownVisibleCopies(reader)
    .flatMap(({ file, collectionIDs }) => {
      const sizeBytes = file.info?.fileSize;
      if (sizeBytes === undefined || sizeBytes < largeFileMinBytes) return [];
      return [{ fileID: file.id, ...shownNameAndTime(file), sizeBytes, collectionIDs }];
    })
    .sort((a, b) => b.sizeBytes - a.sizeBytes || a.fileID - b.fileID);
