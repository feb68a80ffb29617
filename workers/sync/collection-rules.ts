// The pure rules of the collection pull (spec §4 "Collections sync"): merging
// a `/collections/v2` answer into the local collections, tracking hidden
// collections, and which collections need their files pulled.

import { Visibility } from "../../shared/model/library/file-metadata";
import type { CollectionDecryption, DecryptedCollection } from "../library/decrypted-records";

/**
 * A collection's visibility for this user: the owner's private magic
 * metadata for an owned collection; for a collection shared with the user,
 * the user's own (sharee) magic metadata of the share (spec §6: a
 * non-owner's visibility lives in the shared metadata).
 */
export const collectionVisibility = (
  collection: Pick<DecryptedCollection, "owner" | "magicMetadata" | "sharedMagicMetadata">,
  userID: number,
): Visibility => {
  const visibility =
    collection.owner.id === userID
      ? collection.magicMetadata?.data.visibility
      : collection.sharedMagicMetadata?.data.visibility;
  return visibility === Visibility.archived || visibility === Visibility.hidden
    ? visibility
    : Visibility.visible;
};

export const isHiddenCollection = (
  collection: Pick<DecryptedCollection, "owner" | "magicMetadata" | "sharedMagicMetadata">,
  userID: number,
): boolean => collectionVisibility(collection, userID) === Visibility.hidden;

/** The local collections a merge starts from. */
export interface LocalCollections {
  collections: ReadonlyMap<number, DecryptedCollection>;
  hiddenIDs: ReadonlySet<number>;
  listTimeUs: number;
}

/** What a `/collections/v2` answer changes locally. */
export interface CollectionsChange {
  /** New or changed collections (the newest version of each). */
  upserts: DecryptedCollection[];
  /** Local collections the server deleted (or unshared): their files go too. */
  removals: DecryptedCollection[];
  /** IDs the server reported deleted, whether or not they were known here. */
  deletedIDs: number[];
  /** The hidden collections after the change. */
  hiddenIDs: Set<number>;
  /**
   * Collections whose hidden status changed: their files are dropped from the
   * store they were in and their per-collection time reset, so the next pull
   * brings them back into the right store.
   */
  resetIDs: number[];
  /** The time to ask from next (µs). */
  listTimeUs: number;
  /** Collections that could not be decrypted (asked again next time). */
  failedIDs: number[];
}

/** The newest entry per ID; on equal times the later entry wins. */
const newestByID = (
  decryptions: readonly CollectionDecryption[],
): Map<number, CollectionDecryption> => {
  const newest = new Map<number, CollectionDecryption>();
  for (const decryption of decryptions) {
    const id = decryption.ok ? decryption.collection.id : decryption.id;
    const time = decryption.ok ? decryption.collection.updationTime : decryption.updationTime;
    const current = newest.get(id);
    const currentTime =
      current === undefined
        ? -Infinity
        : current.ok
          ? current.collection.updationTime
          : current.updationTime;
    if (time >= currentTime) newest.set(id, decryption);
  }
  return newest;
};

/**
 * Merges a decrypted `/collections/v2` answer into the local collections
 * (spec §4): deleted ones are dropped, the newest by updation time wins (a
 * remote version older than the local one is ignored), hidden IDs are
 * tracked, and a collection whose hidden status changed is reset. A
 * collection that fails to decrypt holds the list time back below its
 * version, so the next pull asks for it again.
 */
export const mergeCollections = (
  local: LocalCollections,
  decryptions: readonly CollectionDecryption[],
  userID: number,
): CollectionsChange => {
  const upserts: DecryptedCollection[] = [];
  const removals: DecryptedCollection[] = [];
  const deletedIDs: number[] = [];
  const resetIDs: number[] = [];
  const failedIDs: number[] = [];
  const hiddenIDs = new Set(local.hiddenIDs);
  let newestTimeUs = local.listTimeUs;
  let failedBeforeUs = Infinity;

  for (const decryption of newestByID(decryptions).values()) {
    const id = decryption.ok ? decryption.collection.id : decryption.id;
    const timeUs = decryption.ok ? decryption.collection.updationTime : decryption.updationTime;
    const isDeleted = decryption.ok ? decryption.collection.isDeleted : decryption.isDeleted;
    newestTimeUs = Math.max(newestTimeUs, timeUs);
    const current = local.collections.get(id);
    if (current !== undefined && current.updationTime > timeUs) continue;

    if (isDeleted) {
      deletedIDs.push(id);
      if (current !== undefined) removals.push(current);
      hiddenIDs.delete(id);
      continue;
    }
    if (!decryption.ok) {
      failedIDs.push(id);
      failedBeforeUs = Math.min(failedBeforeUs, timeUs);
      continue;
    }
    const collection = decryption.collection;
    upserts.push(collection);
    const wasHidden = local.hiddenIDs.has(id);
    const hidden = isHiddenCollection(collection, userID);
    if (hidden) hiddenIDs.add(id);
    else hiddenIDs.delete(id);
    if (current !== undefined && wasHidden !== hidden) resetIDs.push(id);
  }

  const listTimeUs =
    failedBeforeUs === Infinity
      ? newestTimeUs
      : Math.max(local.listTimeUs, Math.min(newestTimeUs, failedBeforeUs - 1));
  return { upserts, removals, deletedIDs, hiddenIDs, resetIDs, listTimeUs, failedIDs };
};

/**
 * The collections whose files must be pulled: those whose stored file time
 * differs from their updation time (the server keeps a collection's time at
 * or above its files', wire-contract §7.4, so equal times mean nothing new).
 */
export const collectionsToPull = (
  collections: Iterable<DecryptedCollection>,
  syncTimeUsOf: (collectionID: number) => number | undefined,
): DecryptedCollection[] =>
  [...collections].filter((collection) => syncTimeUsOf(collection.id) !== collection.updationTime);
