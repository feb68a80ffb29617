// Reading a library as a client: collections changed since a time, and the
// pages of a collection's file diff and of the trash diff, each decrypted as a
// page. The sync worker keeps its own loop (it stores as it goes); these serve
// the Node client, its tests and the bench.

import { getCollectionDiff, listCollections } from "../../shared/api/endpoints/collections";
import type { RemoteTrashItem } from "../../shared/api/endpoints/library-schemas";
import { getTrashDiff } from "../../shared/api/endpoints/trash";
import { type CollectionKeyLookup, decryptFiles } from "./file-decryption";
import { decryptCollections } from "./collection-decryption";
import { type CollectionDecryption, type FileDecryption } from "./decrypted-records";
import type { LibraryDeps } from "./library-deps";

/** Collections changed after `sinceTimeUs` (0: all), deleted ones included as tombstones. */
export const fetchCollections = async (
  deps: LibraryDeps,
  sinceTimeUs = 0,
): Promise<CollectionDecryption[]> => {
  const { collections } = await deps.api.call(listCollections, {
    query: { sinceTime: sinceTimeUs },
  });
  return decryptCollections(deps.pool, deps.keyring, collections, deps.userID);
};

export interface DiffPage<T> {
  entries: T[];
  hasMore: boolean;
  /** The `sinceTime` of the next page: the newest version on this one (or the one asked). */
  nextSinceTimeUs: number;
}

/** One page of a collection's file diff, decrypted. See wire-contract §7. */
export const fetchCollectionDiffPage = async (
  deps: LibraryDeps,
  collection: { id: number; keyB64: string },
  sinceTimeUs: number,
): Promise<DiffPage<FileDecryption>> => {
  const { diff, hasMore } = await deps.api.call(getCollectionDiff, {
    query: { collectionID: collection.id, sinceTime: sinceTimeUs },
  });
  const files = diff ?? [];
  const keys = new Map([[collection.id, collection.keyB64]]);
  return {
    entries: await decryptFiles(deps.pool, keys, files),
    hasMore,
    nextSinceTimeUs: files.reduce(
      (newest, file) => Math.max(newest, file.updationTime),
      sinceTimeUs,
    ),
  };
};

/** Every diff entry of a collection since `sinceTimeUs`, page after page while `hasMore`. */
export const fetchCollectionFiles = async (
  deps: LibraryDeps,
  collection: { id: number; keyB64: string },
  sinceTimeUs = 0,
): Promise<{ entries: FileDecryption[]; latestTimeUs: number }> => {
  const entries: FileDecryption[] = [];
  let since = sinceTimeUs;
  for (;;) {
    const page = await fetchCollectionDiffPage(deps, collection, since);
    entries.push(...page.entries);
    since = page.nextSinceTimeUs;
    if (!page.hasMore) return { entries, latestTimeUs: since };
  }
};

export interface DecryptedTrashEntry {
  item: RemoteTrashItem;
  file: FileDecryption;
}

/**
 * Every trash diff entry since `sinceTimeUs`, with each file decrypted under
 * its collection's key from `collectionKeys` (a file of a collection missing
 * there fails on its own).
 */
export const fetchTrash = async (
  deps: LibraryDeps,
  collectionKeys: CollectionKeyLookup,
  sinceTimeUs = 0,
): Promise<{ entries: DecryptedTrashEntry[]; latestTimeUs: number }> => {
  const entries: DecryptedTrashEntry[] = [];
  let since = sinceTimeUs;
  for (;;) {
    const { diff, hasMore } = await deps.api.call(getTrashDiff, { query: { sinceTime: since } });
    const items = diff ?? [];
    // A trashed file's entry is marked deleted (trashing removed it from its
    // collection) but still holds its key and metadata: decrypt it unless the
    // file is gone for good (its metadata is then blanked).
    const files = await decryptFiles(
      deps.pool,
      collectionKeys,
      items.map((item) => ({ ...item.file, isDeleted: item.isDeleted })),
    );
    items.forEach((item, i) => {
      const file = files[i];
      if (file !== undefined) entries.push({ item, file });
    });
    since = items.reduce((newest, item) => Math.max(newest, item.updatedAt), since);
    if (!hasMore) return { entries, latestTimeUs: since };
  }
};
