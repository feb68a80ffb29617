import type { LibraryReader } from "../gallery/gallery-contract";
import type { PerceptualHash } from "./perceptual-hash";
import type { DuplicateFile, DuplicateGroup, SimilarGroup } from "./duplicates-contract";
import { hasCaptionOrEdit } from "./exact-duplicates";
import { ownVisibleCopies, shownNameAndTime } from "./own-copies";
import { type SimilarityPhoto, similarPhotoGroups } from "./similar-photos";

// The similar photos of a library: the user's own visible copies (as the
// exact duplicates: see [Note: Exact duplicates are the user's own copies])
// that indexing has hashed, grouped by `similarPhotoGroups` and shown as the
// duplicates' rows. See: [Note: Similar photos are near in hash and in time]

/** What the grouping reads of the ML indexes. */
export interface SimilarityInputs {
  perceptualHashOf(fileID: number): PerceptualHash | undefined;
  clipEmbeddingOf(fileID: number): Float32Array | undefined;
}

/**
 * Embeddings recently read back from the index. The grouping reads a photo's
 * embedding only for its few neighbours in time (see: [Note: Similar photos
 * are near in hash and in time]), so the last few are all it asks again;
 * holding every photo's floats at once would be 2 KB a photo (200 MB for
 * 100,000), where the index keeps them as bytes.
 */
const recentEmbeddings = 16;

const embeddingReader = (indexes: SimilarityInputs) => {
  const recent = new Map<number, Float32Array | undefined>();
  return (fileID: number): Float32Array | undefined => {
    if (recent.has(fileID)) return recent.get(fileID);
    const embedding = indexes.clipEmbeddingOf(fileID);
    recent.set(fileID, embedding);
    for (const kept of recent.keys()) {
      if (recent.size <= recentEmbeddings) break;
      recent.delete(kept);
    }
    return embedding;
  };
};

/**
 * The library's groups of similar photos at `threshold`, without the
 * copies of `exactDuplicates`, and how many of the user's photos are hashed.
 * See: [Note: Similar photos leave exact duplicates to their own list]
 */
export const librarySimilarPhotos = (
  reader: LibraryReader,
  indexes: SimilarityInputs,
  exactDuplicates: readonly DuplicateGroup[],
  threshold: number,
): { groups: SimilarGroup[]; hashedPhotos: number } => {
  const rows = new Map<number, DuplicateFile>();
  const photos: SimilarityPhoto[] = [];
  const embeddingOf = embeddingReader(indexes);
  for (const { file, collectionIDs } of ownVisibleCopies(reader)) {
    const hash = indexes.perceptualHashOf(file.id);
    if (hash === undefined) continue;
    const row: DuplicateFile = {
      fileID: file.id,
      ...shownNameAndTime(file),
      sizeBytes: file.info?.fileSize,
      collectionIDs,
      hasCaptionOrEdit: hasCaptionOrEdit(file),
    };
    rows.set(file.id, row);
    const fileID = file.id;
    photos.push({
      fileID,
      takenAtUs: row.creationTimeUs,
      hash,
      // Read when the grouping compares it. See `recentEmbeddings`.
      get clip() {
        return embeddingOf(fileID);
      },
      sizeBytes: row.sizeBytes,
    });
  }
  const groups = similarPhotoGroups(photos, exactDuplicates, { threshold }).map(
    ({ fileIDs, freedBytes, similarity }) => ({
      groupKey: [...fileIDs].sort((a, b) => a - b).join(","),
      files: fileIDs.flatMap((fileID) => rows.get(fileID) ?? []),
      freedBytes,
      similarity,
    }),
  );
  return { groups, hashedPhotos: photos.length };
};
