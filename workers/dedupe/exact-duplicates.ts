import type { DecryptedFile } from "../library/decrypted-records";
import type { LibraryReader } from "../gallery/gallery-contract";
import type { DuplicateFile, DuplicateGroup } from "./duplicates-contract";
import { ownVisibleCopies, shownNameAndTime } from "./own-copies";

// [Note: Exact duplicates are the user's own copies]
//
// As the reference finds them: files the user owns, in collections the user
// owns that are not hidden (a hidden photo is out of sight on purpose, and
// someone else's album is not the user's to clean), grouped by the hash of
// their content that the uploading client put in the encrypted metadata. A
// live photo has no single hash: its image's and its video's, joined, are
// its content. A file without a hash (very old uploads) is never taken for
// a copy: nothing says its bytes match. One file in several albums is one
// copy in several albums, not a duplicate.
//
// [Note: Which copy of a duplicate is kept]
//
// The copy to keep is one the user put work into: a caption, an edited name
// or time (the reference's rule). Among equals, the one in more albums (fewer
// albums to add it to), then the oldest upload (its ID: the copy people have
// had longest, and whose links and shares are likeliest to exist). Removing
// the others never takes a photo out of an album: the kept copy is first
// added to every album the others were in, and only then are they trashed
// (`deduplicationActions`, deduplication-actions.ts), so a failure between the two leaves an extra
// copy, never a missing one.

/** The content a file's bytes are, from its metadata; undefined when unknown. */
const contentKeyOf = (file: DecryptedFile): string | undefined => {
  const { hash, imageHash, videoHash } = file.metadata;
  if (hash !== undefined && hash !== "") return hash;
  if (imageHash !== undefined && videoHash !== undefined) return `${imageHash}:${videoHash}`;
  return undefined;
};

/** Whether the user put work into a file: a caption, an edited name or time. */
export const hasCaptionOrEdit = (file: DecryptedFile): boolean => {
  const data = file.pubMagicMetadata?.data;
  return (
    (data?.caption ?? "") !== "" || data?.editedName !== undefined || data?.editedTime !== undefined
  );
};

/** Keeper first. See: [Note: Which copy of a duplicate is kept] */
const keeperFirst = (a: DuplicateFile, b: DuplicateFile): number =>
  Number(b.hasCaptionOrEdit) - Number(a.hasCaptionOrEdit) ||
  b.collectionIDs.length - a.collectionIDs.length ||
  a.fileID - b.fileID;

/** The library's groups of exact duplicates, most bytes to free first. */
export const exactDuplicateGroups = (reader: LibraryReader): DuplicateGroup[] => {
  const byContent = new Map<string, DuplicateFile[]>();
  for (const { file, collectionIDs } of ownVisibleCopies(reader)) {
    const key = contentKeyOf(file);
    if (key === undefined) continue;
    const group = byContent.get(key) ?? [];
    group.push({
      fileID: file.id,
      ...shownNameAndTime(file),
      sizeBytes: file.info?.fileSize,
      collectionIDs,
      hasCaptionOrEdit: hasCaptionOrEdit(file),
    });
    byContent.set(key, group);
  }

  const groups: DuplicateGroup[] = [];
  for (const [contentKey, files] of byContent) {
    if (files.length < 2) continue;
    files.sort(keeperFirst);
    const freedBytes = files.slice(1).reduce((sum, { sizeBytes }) => sum + (sizeBytes ?? 0), 0);
    groups.push({ contentKey, files, freedBytes });
  }
  return groups.sort(
    (a, b) =>
      b.freedBytes - a.freedBytes ||
      b.files.length - a.files.length ||
      a.contentKey.localeCompare(b.contentKey),
  );
};
