// What the UI thread is told about the library: collections with their
// counts, totals and the trash. Pure; built from the sync worker's in-memory
// index. It carries no key and no file record, only what the sidebar and the
// page header show.

import type { Visibility } from "../../shared/model/library/file-metadata";
import type { DecryptedCollection, DecryptedFile } from "../library/decrypted-records";
import type { GallerySummary } from "../../shared/model/library/gallery-summary";
import { collectionVisibility } from "./collection-rules";

export interface CollectionSummary {
  id: number;
  name: string;
  /** `album`, `folder`, `favorites`, `uncategorized`, or a newer client's type. */
  type: string;
  visibility: Visibility;
  /** Shared with this user by someone else. */
  isIncomingShare: boolean;
  fileCount: number;
  /** µs: the creation time (edited time if set) of the collection's newest file. */
  latestFileTimeUs?: number | undefined;
}

export interface LibrarySummary {
  /** Sorted by name (then ID), the way the sidebar lists them. */
  collections: CollectionSummary[];
  /**
   * Distinct files in collections that are not hidden: the user's own only,
   * unless shared files are in the timeline. See: [Note: Shared files stay out of the timeline unless chosen]
   */
  fileCount: number;
  /** Distinct files in hidden collections. */
  hiddenFileCount: number;
  trashCount: number;
  /** ms since the epoch of the last sync that finished without error. */
  lastSyncedAtMs?: number | undefined;
  /** The albums bar (spec §3), sorted by name within sections: see `sortSummaries`. */
  summaries: GallerySummary[];
}

/** The time a file is shown at: the user's edited time if set, else its creation time. */
export const fileTimeUs = (file: Pick<DecryptedFile, "metadata" | "pubMagicMetadata">): number =>
  file.pubMagicMetadata?.data.editedTime ?? file.metadata.creationTime;

/** What the summary reads of the library. */
export interface SummarySource {
  userID: number;
  collections: Iterable<DecryptedCollection>;
  hiddenIDs: ReadonlySet<number>;
  filesOf: (collectionID: number) => Iterable<DecryptedFile>;
  trashCount: number;
  lastSyncedAtMs?: number | undefined;
  summaries: GallerySummary[];
  /** Files owned by others count in `fileCount` (true without). */
  sharedInTimeline?: boolean | undefined;
}

export const librarySummary = (source: SummarySource): LibrarySummary => {
  const collections: CollectionSummary[] = [];
  const visibleFileIDs = new Set<number>();
  const hiddenFileIDs = new Set<number>();
  const countsShared = source.sharedInTimeline ?? true;
  for (const collection of source.collections) {
    const hidden = source.hiddenIDs.has(collection.id);
    let fileCount = 0;
    let latestFileTimeUs: number | undefined;
    for (const file of source.filesOf(collection.id)) {
      fileCount += 1;
      if (hidden) hiddenFileIDs.add(file.id);
      else if (countsShared || file.ownerID === source.userID) visibleFileIDs.add(file.id);
      const timeUs = fileTimeUs(file);
      if (latestFileTimeUs === undefined || timeUs > latestFileTimeUs) latestFileTimeUs = timeUs;
    }
    collections.push({
      id: collection.id,
      name: collection.name,
      type: collection.type,
      visibility: collectionVisibility(collection, source.userID),
      isIncomingShare: collection.owner.id !== source.userID,
      fileCount,
      latestFileTimeUs,
    });
  }
  collections.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return {
    collections,
    fileCount: visibleFileIDs.size,
    hiddenFileCount: hiddenFileIDs.size,
    trashCount: source.trashCount,
    lastSyncedAtMs: source.lastSyncedAtMs,
    summaries: source.summaries,
  };
};
