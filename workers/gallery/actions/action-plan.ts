// What every organizing action is made of: a plan computed from a library
// reader (the patch it shows at once, and the server calls that make it
// true), and the lookups plans share.
// See: [Note: An action is planned twice: for the view, then against the stored library]

import {
  CollectionSubType,
  defaultCollectionNames,
} from "../../../shared/model/library/collection-metadata";
import { Visibility } from "../../../shared/model/library/file-metadata";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import type { LibraryDeps } from "../../library/library-deps";
import type { LibraryReader } from "../gallery-contract";
import { ActionRefusedError } from "./action-errors";
import { LibraryPatch } from "./library-patch";

// [Note: An action is planned twice: for the view, then against the stored library]
//
// `perform` plans an action over the patched view (so actions performed in
// quick succession build on each other) and records that plan's patch at
// once. Actions then run one after the other; when its turn comes, an action
// is planned again over the stored library alone (what the server had at the
// last pull, never another action's pending patch) and that plan's calls are
// made. Planning twice keeps one description of each action, and the calls
// always use the versions and keys the server last answered. A collection
// the action needs but that does not exist yet (favorites, uncategorized,
// the hidden album, a new album) is shown under a provisional ID and created
// when the calls run; the pending patches then name it by its real ID.

/** The collections made on first use. */
export type SpecialCollectionKind = "favorites" | "uncategorized" | "hidden";

/** What planning needs besides the library. */
export interface PlanEnvironment {
  userID: number;
  nowMs: () => number;
  /** A new provisional collection ID. See: [Note: Optimistic patches overlay the stored library] */
  provisionalCollectionID: () => number;
  /** The EXIF creation time of a file's original (fix time), µs. */
  exifCreationTimeUs: (file: DecryptedFile) => Promise<number | undefined>;
}

/** What the calls of a plan run with. */
export interface ExecutionContext {
  deps: LibraryDeps;
  /** The stored library (no pending patch). */
  base: LibraryReader;
  /** The special collection: the stored one, or created now (the pending patches learn its ID). */
  ensureSpecial: (kind: SpecialCollectionKind) => Promise<DecryptedCollection>;
  /** Creates the album a `create-album` plan showed provisionally. */
  createAlbum: (name: string) => Promise<DecryptedCollection>;
}

export interface ActionResult {
  changedCount: number;
  collectionID?: number | undefined;
}

export interface ActionPlan {
  patch: LibraryPatch;
  run(context: ExecutionContext): Promise<ActionResult>;
}

/** Plans an action over a reader; throws `ActionRefusedError` to refuse it. */
export type ActionPlanner = (reader: LibraryReader, env: PlanEnvironment) => Promise<ActionPlan>;

/** A plan that changes nothing. */
export const emptyPlan = (): ActionPlan => ({
  patch: new LibraryPatch(),
  run: () => Promise.resolve({ changedCount: 0 }),
});

// ---------------------------------------------------------------------------
// Collections

export const isOwned = (collection: DecryptedCollection, userID: number): boolean =>
  collection.owner.id === userID;

const isDefaultHidden = (collection: DecryptedCollection) =>
  collection.magicMetadata?.data.subType === CollectionSubType.defaultHidden;

/** The user's special collection of that kind in `reader`, if any. */
export const findSpecialCollection = (
  reader: LibraryReader,
  kind: SpecialCollectionKind,
): DecryptedCollection | undefined => {
  let found: DecryptedCollection | undefined;
  for (const collection of reader.collections()) {
    if (collection.isDeleted || !isOwned(collection, reader.userID)) continue;
    const matches = kind === "hidden" ? isDefaultHidden(collection) : collection.type === kind;
    // Of two (made by two devices at once), the older one is the one kept.
    if (matches && (found === undefined || collection.id < found.id)) found = collection;
  }
  return found;
};

/** How a special collection is created (spec §3 default names; the hidden album's subtype). */
export const specialCollectionSpec = (kind: SpecialCollectionKind) => {
  switch (kind) {
    case "favorites":
      return { name: defaultCollectionNames.favorites, type: "favorites" } as const;
    case "uncategorized":
      return { name: defaultCollectionNames.uncategorized, type: "uncategorized" } as const;
    case "hidden":
      return {
        name: defaultCollectionNames.hidden,
        type: "album",
        magicMetadata: { subType: CollectionSubType.defaultHidden, visibility: Visibility.hidden },
      } as const;
  }
};

/** A collection shown before the server created it (no key yet). */
export const provisionalCollection = (
  id: number,
  userID: number,
  nowMs: number,
  {
    name,
    type,
    magicMetadata,
  }: { name: string; type: string; magicMetadata?: Record<string, number> | undefined },
): DecryptedCollection => ({
  id,
  owner: { id: userID },
  name,
  type,
  keyB64: "",
  ...(magicMetadata === undefined
    ? {}
    : {
        magicMetadata: {
          version: 0,
          count: Object.keys(magicMetadata).length,
          data: magicMetadata,
        },
      }),
  sharees: [],
  publicURLs: [],
  updationTime: nowMs * 1000,
  isDeleted: false,
});

/**
 * The special collection in `reader`, or a provisional one added to `patch`
 * (one per kind and patch: the calls create it and resolve the ID).
 */
export const specialCollectionFor = (
  reader: LibraryReader,
  env: PlanEnvironment,
  patch: LibraryPatch,
  kind: SpecialCollectionKind,
): DecryptedCollection => {
  const existing = findSpecialCollection(reader, kind);
  if (existing !== undefined) return existing;
  const provisionalID = patch.provisional.get(kind);
  const known = provisionalID === undefined ? undefined : patch.newCollections.get(provisionalID);
  if (known !== undefined) return known;
  const collection = provisionalCollection(
    env.provisionalCollectionID(),
    env.userID,
    env.nowMs(),
    specialCollectionSpec(kind),
  );
  patch.newCollections.set(collection.id, collection);
  patch.provisional.set(kind, collection.id);
  return collection;
};

/** A live collection by ID, or `not-found`. */
export const ensureCollection = (
  reader: LibraryReader,
  collectionID: number | undefined,
): DecryptedCollection => {
  const collection = collectionID === undefined ? undefined : reader.collection(collectionID);
  if (collection === undefined || collection.isDeleted) throw new ActionRefusedError("not-found");
  return collection;
};

/** A live collection the user owns: `not-found`, or `not-file-owner` for another's. */
export const ensureOwnedCollection = (
  reader: LibraryReader,
  collectionID: number | undefined,
): DecryptedCollection => {
  const collection = ensureCollection(reader, collectionID);
  if (!isOwned(collection, reader.userID)) throw new ActionRefusedError("not-file-owner");
  return collection;
};

// ---------------------------------------------------------------------------
// Files

/** Every entry (one per collection) of the given files; one pass over the library. */
export const locateFiles = (
  reader: LibraryReader,
  fileIDs: Iterable<number>,
): Map<number, DecryptedFile[]> => {
  const wanted = new Set(fileIDs);
  const entries = new Map<number, DecryptedFile[]>();
  if (wanted.size === 0) return entries;
  for (const collection of reader.collections()) {
    for (const file of reader.filesOf(collection.id)) {
      if (!wanted.has(file.id)) continue;
      const list = entries.get(file.id);
      if (list === undefined) entries.set(file.id, [file]);
      else list.push(file);
    }
  }
  return entries;
};

/**
 * One entry per located file, in the order asked; `not-found` when none of
 * the files is in the library (files that vanished meanwhile are skipped).
 */
export const locatedFiles = (
  fileIDs: readonly number[],
  entries: ReadonlyMap<number, readonly DecryptedFile[]>,
): DecryptedFile[] => {
  const files = [...new Set(fileIDs)].flatMap((id) => entries.get(id)?.slice(0, 1) ?? []);
  if (files.length === 0 && fileIDs.length > 0) throw new ActionRefusedError("not-found");
  return files;
};

/** The user's own files; others' refuse the whole action (spec §6). */
export const ensureOwnFiles = (files: readonly DecryptedFile[], userID: number): void => {
  const others = files.filter((file) => file.ownerID !== userID).map((file) => file.id);
  if (others.length > 0) throw new ActionRefusedError("not-file-owner", others);
};

/** Whether a collection holds a file (per its entries). */
export const entriesIn = (
  entries: readonly DecryptedFile[] | undefined,
  collectionID: number,
): boolean => entries?.some((entry) => entry.collectionID === collectionID) ?? false;
