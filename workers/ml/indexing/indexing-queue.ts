// Which files the on-device indexing takes, in which order (pure): spec §5
// "Live CLIP extraction only for non-video files with extension jpg or
// jpeg. Already embedded or duplicate files are not queued", and the
// backfill of a library's other photos.
//
// [Note: Duplicates share one index]
//
// Files with the same contents (the same BLAKE2b hash in their metadata;
// a live photo's image hash) look the same, so the first one indexed stands
// for all of them: the others are not queued, and search finds every file
// of the hash. A library full of the same photo copied into several albums
// by older clients is indexed once per photo, not once per copy.

import { FileType } from "../../../shared/model/library/file-metadata";
import { extensionOf } from "../../../shared/model/media/file-kinds";

/** What the queue reads of a file. */
export interface IndexableFile {
  id: number;
  fileType: number;
  title: string;
  /** The contents' hash (metadata `hash`, or a live photo's `imageHash`). */
  contentHash?: string | undefined;
}

/** The extensions live extraction takes after an upload (spec §5). */
const liveExtractionExtensions: ReadonlySet<string> = new Set(["jpg", "jpeg"]);

/** Whether a just-uploaded file is indexed at once (spec §5: non-video, jpg or jpeg). */
export const isLiveExtractionCandidate = (file: IndexableFile): boolean =>
  file.fileType !== FileType.video && liveExtractionExtensions.has(extensionOf(file.title));

/** Whether the backfill indexes a file at all: photos and live photos (their image); not videos or other files. */
export const isIndexable = (file: IndexableFile): boolean =>
  file.fileType === FileType.image || file.fileType === FileType.livePhoto;

/**
 * The next files to index, in the order given (the library's, newest
 * first), at most `limit`: indexable files without an index whose contents
 * were not indexed under another file. See: [Note: Duplicates share one index]
 */
export const nextIndexingBatch = (
  files: Iterable<IndexableFile>,
  isIndexed: (fileID: number) => boolean,
  indexedHashes: ReadonlySet<string>,
  limit: number,
): IndexableFile[] => {
  const batch: IndexableFile[] = [];
  const queuedHashes = new Set<string>();
  for (const file of files) {
    if (batch.length >= limit) break;
    if (!isIndexable(file) || isIndexed(file.id)) continue;
    const hash = file.contentHash;
    if (hash !== undefined) {
      if (indexedHashes.has(hash) || queuedHashes.has(hash)) continue;
      queuedHashes.add(hash);
    }
    batch.push(file);
  }
  return batch;
};
