// What the duplicates page (`/deduplicate`) asks of the library's worker.
// Types only: the library implements them (`library-gallery.ts`), the page
// calls them as `WorkerCalls<DuplicatesCalls>`. See: [Note: A worker's API is declared once]

import type { ActionOutcome } from "../gallery/gallery-contract";

/** One copy in a group of exact duplicates. */
export interface DuplicateFile {
  fileID: number;
  title: string;
  /** The file's size as uploaded; undefined when the server gave none. */
  sizeBytes: number | undefined;
  /** µs: the photo's time (edited time if set). */
  creationTimeUs: number;
  /** The user's own visible albums (favorites included) holding this copy; none when only uncategorized. */
  collectionIDs: number[];
  /** It has a caption or an edited name or time: kept before a bare copy. */
  hasCaptionOrEdit: boolean;
}

/**
 * Copies of one content (same hash), the copy to keep first.
 * See: [Note: Which copy of a duplicate is kept]
 */
export interface DuplicateGroup {
  /** The content's hash (the live photo's two hashes joined): stable across scans. */
  contentKey: string;
  files: DuplicateFile[];
  /** What removing every copy but the kept one frees, in bytes (sizes known only). */
  freedBytes: number;
}

/**
 * Photos that look alike (a burst, resized or re-encoded copies), not
 * copies of one content: the one to keep (the largest) first. Its rows are
 * `DuplicateFile`s, as an exact duplicate's. See: [Note: Similar photos are
 * near in hash and in time], [Note: Similar photos leave exact duplicates to their own list]
 */
export interface SimilarGroup {
  /** The group's file IDs, ascending, joined by commas: a row's key while the slider moves. */
  groupKey: string;
  files: DuplicateFile[];
  /** What removing every photo but the kept one frees, in bytes (sizes known only). */
  freedBytes: number;
  /**
   * 0..1: the highest similarity setting at which these photos are still one
   * group. See: [Note: One similarity scale for the slider]
   */
  similarity: number;
}

/** The similar photos at one similarity, and why there may be none. */
export interface SimilarPhotosAnswer {
  groups: SimilarGroup[];
  /**
   * The user's photos that have a perceptual hash: none says on-device
   * indexing has not hashed any yet (or is off), not that nothing looks alike.
   */
  hashedPhotos: number;
  /** Whether this device computes indexes (the settings' switch). */
  indexingEnabled: boolean;
}

/** A file of the "Large files" list (`largeFileMinBytes` and up). */
export interface LargeFile {
  fileID: number;
  title: string;
  sizeBytes: number;
  creationTimeUs: number;
  /** As `DuplicateFile.collectionIDs`. */
  collectionIDs: number[];
}

export interface DuplicatesCalls {
  /**
   * The library's exact duplicates, most storage to free first, once the
   * stored library is loaded. See: [Note: Exact duplicates are the user's own copies]
   */
  exactDuplicates(): Promise<DuplicateGroup[]>;
  /**
   * Removes the copies of `groups`, as the page showed and the user
   * confirmed them: each kept copy (the first) joins its copies' albums, then
   * the copies go to the trash. A refusal stops there and is answered; the
   * success counts the copies trashed. See: [Note: Which copy of a duplicate is kept]
   */
  removeDuplicates(groups: readonly DuplicateGroup[]): Promise<ActionOutcome>;
  /** The user's own large files in their own visible albums, largest first. */
  largeFiles(): Promise<LargeFile[]>;
}

/** What the "Similar photos" tab of /deduplicate asks of the library's worker. */
export interface SimilarPhotosCalls {
  /**
   * The groups of similar photos at `threshold` (0..1, the slider), most
   * storage to free first, exact duplicates' copies left out; with how many
   * photos are hashed, in one answer so the page says why there are none.
   * See: [Note: One similarity scale for the slider]
   */
  similarPhotos(threshold: number): Promise<SimilarPhotosAnswer>;
}
