// One sync run: remote → local (spec §4 "Collections sync"). Collections
// since the stored time, then the file diff of every collection whose time
// changed, then the trash diff. Every page is decrypted in a few batched pool
// calls (a page of a collection's files: read and decrypted in one) and
// stored before the next page is asked for, so a run that stops anywhere
// resumes from the last stored page without duplicates.
// See: [Note: A page is decrypted in one pool call per kind of work] and
// [Note: A diff page is read where it is decrypted]

import type { ApiClient } from "../../shared/api/client";
import {
  getCollection,
  getCollectionDiff,
  listCollections,
} from "../../shared/api/endpoints/collections";
import type { RemoteTrashItem } from "../../shared/api/endpoints/library-schemas";
import { getTrashDiff } from "../../shared/api/endpoints/trash";
import {
  NotFoundError,
  RequestCanceledError,
  UnexpectedResponseError,
} from "../../shared/model/errors";
import { decryptFiles } from "../library/file-decryption";
import { decryptCollections } from "../library/collection-decryption";
import { type DecryptedCollection, type DecryptionPool } from "../library/decrypted-records";
import type { LibraryKeyring } from "../library/keyring";
import { collectionsToPull, mergeCollections } from "./collection-rules";
import type { LibraryStore } from "./library-store";
import type { TrashEntry } from "./library-store-records";
import type { FileDeparture } from "./trash-homes";

/**
 * How many collections pull their files at once: four. About half of a
 * page's time is the server answering it (measured: 10k files in 50 albums,
 * 1.9 s of 3.6 s in requests with one lane), so while some collections wait
 * for the server, others' pages are decrypted and stored, keeping the crypto
 * pool and the network both busy (one lane 3.6 s, four 2.7 s for those
 * 10k). More lanes only queue on the same pool workers (2 to 4) and the
 * same IndexedDB. Pages of one collection always follow each other.
 */
export const collectionPullLanes = 4;

export interface PullDependencies {
  api: ApiClient;
  pool: DecryptionPool;
  keyring: Pick<LibraryKeyring, "openCollectionKeys">;
  store: LibraryStore;
  /** The account's user ID (which collections are owned). */
  userID: number;
  /** Aborting stops the run at the next request or page. */
  signal?: AbortSignal | undefined;
  /** Called after each stored change. */
  onChange: () => void;
  /**
   * Told the files that left the user's own collections, page by page.
   * See: [Note: The trash remembers a file's albums]
   */
  onDepartures?: (departures: readonly FileDeparture[]) => void;
  /** Records that could not be decrypted are skipped and counted here. */
  onSkipped?: (what: "collection" | "file" | "trash", count: number) => void;
}

const ensureNotAborted = (signal: AbortSignal | undefined) => {
  if (signal?.aborted === true) throw new RequestCanceledError({ cause: signal.reason });
};

const maxOf = (values: readonly number[], floor: number) =>
  values.reduce((max, value) => Math.max(max, value), floor);

/** `GET /collections/v2` since the stored time, merged and stored. */
export const pullCollections = async (deps: PullDependencies): Promise<void> => {
  const { api, pool, keyring, store, userID, signal } = deps;
  const { collections: remote } = await api.call(listCollections, {
    query: { sinceTime: store.listTimeUs },
    signal,
  });
  if (remote.length === 0) return;
  const decrypted = await decryptCollections(pool, keyring, remote, userID);
  ensureNotAborted(signal);
  const change = mergeCollections(
    { collections: store.collections, hiddenIDs: store.hiddenIDs, listTimeUs: store.listTimeUs },
    decrypted,
    userID,
  );
  if (change.failedIDs.length > 0) deps.onSkipped?.("collection", change.failedIDs.length);
  await store.applyCollections(change);
  deps.onChange();
};

/**
 * A collection's file diff from its stored time while `hasMore`, one stored
 * page at a time (wire-contract §7.4: `sinceTime = max(updationTime)` of
 * the page). At the end the stored time becomes the collection's updation
 * time (or the newest entry seen, if later), so an unchanged collection is
 * skipped next time.
 */
export const pullCollectionFiles = async (
  deps: PullDependencies,
  collection: DecryptedCollection,
): Promise<void> => {
  const { api, pool, store, signal } = deps;
  let sinceTimeUs = store.syncTimeUs(collection.id) ?? 0;
  for (;;) {
    ensureNotAborted(signal);
    // See: [Note: A diff page is read where it is decrypted]
    const answerBytes = await api.callForJSONBytes(getCollectionDiff, {
      query: { collectionID: collection.id, sinceTime: sinceTimeUs },
      signal,
    });
    const page = await pool.readFileDiffPage(answerBytes, collection.id, collection.keyB64);
    if (!page.ok) throw new UnexpectedResponseError({ status: 200, issues: page.issues });
    if (page.entryCount === 0) break;
    const { upserts, removals, removedAtUs, failed } = page.changes;
    if (failed > 0) deps.onSkipped?.("file", failed);
    if (removals.length > 0 && collection.owner.id === deps.userID) {
      deps.onDepartures?.(
        removals.map((fileID, index) => ({
          fileID,
          collectionID: collection.id,
          atUs: removedAtUs[index] ?? 0,
        })),
      );
    }
    ensureNotAborted(signal);
    sinceTimeUs = Math.max(page.latestUpdationTimeUs, sinceTimeUs);
    await store.applyFilePage(collection.id, upserts, removals, sinceTimeUs);
    deps.onChange();
    if (!page.hasMore) break;
  }
  const finalTimeUs = Math.max(sinceTimeUs, collection.updationTime);
  if (store.syncTimeUs(collection.id) !== finalTimeUs) {
    await store.setSyncTime(collection.id, finalTimeUs);
  }
};

/**
 * Pulls the files of every collection whose time changed,
 * `collectionPullLanes` at a time. After a failure no lane starts another
 * collection, and the run ends only once every lane has stopped (so no write
 * of this run can land during the next one).
 */
export const pullAllCollectionFiles = async (deps: PullDependencies): Promise<void> => {
  const queue = collectionsToPull(deps.store.collections.values(), (id) =>
    deps.store.syncTimeUs(id),
  );
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (failure === undefined) {
      const collection = queue[next++];
      if (collection === undefined) return;
      try {
        await pullCollectionFiles(deps, collection);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: collectionPullLanes }, lane));
  if (failure !== undefined) throw failure.error;
};

/**
 * Deleted collections that trash items point to, fetched with
 * `GET /collections/:id` (which answers deleted ones too), decrypted and
 * remembered. Unknown ones (404) are left out.
 */
const fetchMissingCollections = async (
  deps: PullDependencies,
  collectionIDs: readonly number[],
): Promise<void> => {
  const { api, pool, keyring, userID, signal } = deps;
  const fetched = await Promise.all(
    collectionIDs.map(async (collectionID) => {
      try {
        return (await api.call(getCollection, { params: { collectionID }, signal })).collection;
      } catch (e) {
        if (e instanceof NotFoundError) return undefined;
        throw e;
      }
    }),
  );
  const remote = fetched.filter((collection) => collection !== undefined);
  if (remote.length === 0) return;
  const decrypted = await decryptCollections(pool, keyring, remote, userID);
  await deps.store.putDeletedCollections(
    decrypted.flatMap((result) => (result.ok ? [result.collection] : [])),
  );
};

/**
 * How many collection fetches a trash page may start at once; trash items of
 * deleted collections are rare, and this keeps a page of them from opening
 * hundreds of requests.
 */
const missingCollectionBatch = 8;

/**
 * `GET /trash/v2/diff` from the stored trash time while `hasMore`: deleted
 * or restored entries leave the local trash, others are decrypted with their
 * collection's key (a deleted collection's from `deleted-collection`,
 * fetched when missing) and stored; the trash time advances to the page's
 * newest `updatedAt`.
 */
export const pullTrash = async (deps: PullDependencies): Promise<void> => {
  const { api, pool, store, signal } = deps;
  let sinceTimeUs = store.trashTimeUs;
  for (;;) {
    ensureNotAborted(signal);
    const { diff, hasMore } = await api.call(getTrashDiff, {
      query: { sinceTime: sinceTimeUs },
      signal,
    });
    const items: RemoteTrashItem[] = diff ?? [];
    if (items.length === 0) break;
    const gone = items.filter((item) => item.isDeleted || item.isRestored);
    const present = items.filter((item) => !item.isDeleted && !item.isRestored);

    const missing = [
      ...new Set(
        present
          .map((item) => item.file.collectionID)
          .filter((id) => store.collectionKeyB64(id) === undefined),
      ),
    ];
    for (let start = 0; start < missing.length; start += missingCollectionBatch) {
      await fetchMissingCollections(deps, missing.slice(start, start + missingCollectionBatch));
    }

    // A trashed file's entry is deleted from its collection, so the server
    // marks it `isDeleted`; here it is a file to show in the trash.
    const decrypted = await decryptFiles(
      pool,
      { get: (id) => store.collectionKeyB64(id) },
      present.map((item) => ({ ...item.file, isDeleted: false })),
    );
    const upserts: TrashEntry[] = [];
    let failed = 0;
    decrypted.forEach((result, index) => {
      const item = present[index];
      if (item === undefined) return;
      if (result.kind === "file") {
        upserts.push({ file: result.file, deleteByUs: item.deleteBy, updatedAtUs: item.updatedAt });
      } else failed += 1;
    });
    if (failed > 0) deps.onSkipped?.("trash", failed);
    ensureNotAborted(signal);
    sinceTimeUs = maxOf(
      items.map((item) => item.updatedAt),
      sinceTimeUs,
    );
    await store.applyTrashPage(
      upserts,
      gone.map((item) => item.file.id),
      sinceTimeUs,
    );
    deps.onChange();
    if (!hasMore) break;
  }
};

/**
 * A whole sync run: collections, then their files, then the trash; last,
 * the trash entries learn the collections their files left.
 * See: [Note: The trash remembers a file's albums]
 */
export const pullLibrary = async (deps: PullDependencies): Promise<void> => {
  const departures: FileDeparture[] = [];
  await pullCollections(deps);
  await pullAllCollectionFiles({
    ...deps,
    onDepartures: (found) => {
      departures.push(...found);
      deps.onDepartures?.(found);
    },
  });
  await pullTrash(deps);
  await deps.store.rememberTrashHomes(departures);
};
