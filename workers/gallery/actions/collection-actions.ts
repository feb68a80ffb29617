// The collection actions (spec §4 "Collection operations"; §5 new-album
// rule): ADD, MOVE, REMOVE, RESTORE and UNHIDE by their numbers, creating,
// renaming and deleting albums, and an album's pin, cover and sort order.

import { trashRetentionUs } from "../../../shared/model/library/trash-retention";
import { collectionOperationOf } from "../../../shared/model/library/collection-operation";
import { CollectionSubType } from "../../../shared/model/library/collection-metadata";
import type { MagicMetadataChanges } from "../../../shared/model/library/magic-metadata-update";
import { mergeMagicMetadata } from "../../../shared/model/library/magic-metadata-update";
import { isAlbumNameTaken } from "../../../shared/model/library/new-album-rule";
import {
  deleteCollection,
  renameCollection,
  updateCollectionMagicMetadata,
} from "../../library/collection-operations";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import type { LibraryReader } from "../gallery-contract";
import { ActionRefusedError } from "./action-errors";
import {
  type ActionPlanner,
  ensureCollection,
  ensureOwnFiles,
  ensureOwnedCollection,
  entriesIn,
  locateFiles,
  locatedFiles,
  provisionalCollection,
} from "./action-plan";
import { sendAdds, sendMoves } from "./collection-writes";
import { planRestore, planUnhide } from "./file-actions";
import { LibraryPatch } from "./library-patch";
import { planRemovalFrom } from "./removal";

export interface CollectionOperationRequest {
  operation: number;
  fileIDs: readonly number[];
  toCollectionID?: number | undefined;
  fromCollectionID?: number | undefined;
}

const planAdd =
  (fileIDs: readonly number[], toCollectionID: number): ActionPlanner =>
  (reader) => {
    // Shared albums where the user collaborates accept files too: the server judges the role.
    const target = ensureCollection(reader, toCollectionID);
    const entries = locateFiles(reader, fileIDs);
    const files = locatedFiles(fileIDs, entries);
    ensureOwnFiles(files, reader.userID);
    const joining = files.filter((file) => !entriesIn(entries.get(file.id), target.id));
    const patch = new LibraryPatch();
    for (const file of joining) patch.addToCollection(target.id, file);
    return Promise.resolve({
      patch,
      run: async ({ deps }) => {
        await sendAdds(deps, [{ target, files: joining }]);
        return { changedCount: joining.length };
      },
    });
  };

const planMove =
  (fileIDs: readonly number[], fromCollectionID: number, toCollectionID: number): ActionPlanner =>
  (reader) => {
    const from = ensureOwnedCollection(reader, fromCollectionID);
    const target = ensureOwnedCollection(reader, toCollectionID);
    if (from.id === target.id) return Promise.resolve({ patch: new LibraryPatch(), run: noChange });
    const entries = locateFiles(reader, fileIDs);
    const moving = locatedFiles(fileIDs, entries).flatMap(
      (file) => entries.get(file.id)?.filter((entry) => entry.collectionID === from.id) ?? [],
    );
    ensureOwnFiles(moving, reader.userID);
    const patch = new LibraryPatch();
    for (const file of moving) {
      patch.removeFromCollection(from.id, file.id);
      patch.addToCollection(target.id, file);
    }
    return Promise.resolve({
      patch,
      run: async ({ deps }) => {
        await sendMoves(deps, [{ fromCollectionID: from.id, target, files: moving }]);
        return { changedCount: moving.length };
      },
    });
  };

const noChange = () => Promise.resolve({ changedCount: 0 });

const planRemove =
  (fileIDs: readonly number[], fromCollectionID: number): ActionPlanner =>
  (reader, env) => {
    const from = ensureCollection(reader, fromCollectionID);
    const wanted = new Set(fileIDs);
    const leaving: DecryptedFile[] = [];
    for (const file of reader.filesOf(from.id)) if (wanted.has(file.id)) leaving.push(file);
    if (leaving.length === 0 && fileIDs.length > 0) throw new ActionRefusedError("not-found");
    const patch = new LibraryPatch();
    const remove = planRemovalFrom(reader, env, patch, from, leaving);
    return Promise.resolve({
      patch,
      run: async (context) => {
        await remove(context);
        return { changedCount: leaving.length };
      },
    });
  };

/** A collection operation by its number; any other number is `invalid-collection-operation`. */
export const planCollectionOperation = ({
  operation,
  fileIDs,
  toCollectionID,
  fromCollectionID,
}: CollectionOperationRequest): ActionPlanner => {
  const invalid = () => {
    throw new ActionRefusedError("invalid-collection-operation");
  };
  switch (collectionOperationOf(operation)) {
    case "add":
      return toCollectionID === undefined ? invalid() : planAdd(fileIDs, toCollectionID);
    case "move":
      return toCollectionID === undefined || fromCollectionID === undefined
        ? invalid()
        : planMove(fileIDs, fromCollectionID, toCollectionID);
    case "remove":
      return fromCollectionID === undefined ? invalid() : planRemove(fileIDs, fromCollectionID);
    case "restore":
      return planRestore(fileIDs, toCollectionID, "library");
    case "unhide":
      return planUnhide(fileIDs, toCollectionID);
    case undefined:
      return invalid();
  }
};

// ---------------------------------------------------------------------------
// Albums

/** Collections as the new-album rule reads them. */
const nameCandidates = function* (reader: LibraryReader) {
  const hidden = reader.hiddenIDs();
  for (const collection of reader.collections()) {
    yield {
      name: collection.name,
      type: collection.type,
      ownerID: collection.owner.id,
      subType: collection.magicMetadata?.data.subType,
      isHidden: hidden.has(collection.id),
      isDeleted: collection.isDeleted,
    };
  }
};

/** The provisional name of a `create-album` plan's collection in its patch. */
const newAlbumKey = "album";

export const planCreateAlbum =
  (name: string, fileIDs: readonly number[] = []): ActionPlanner =>
  (reader, env) => {
    if (isAlbumNameTaken(name, nameCandidates(reader), reader.userID)) {
      throw new ActionRefusedError("album-name-taken");
    }
    const entries = locateFiles(reader, fileIDs);
    const files = fileIDs.length === 0 ? [] : locatedFiles(fileIDs, entries);
    ensureOwnFiles(files, reader.userID);
    const patch = new LibraryPatch();
    const album = provisionalCollection(env.provisionalCollectionID(), env.userID, env.nowMs(), {
      name,
      type: "album",
    });
    patch.newCollections.set(album.id, album);
    patch.provisional.set(newAlbumKey, album.id);
    for (const file of files) patch.addToCollection(album.id, file);
    return Promise.resolve({
      patch,
      run: async ({ deps, createAlbum }) => {
        const created = await createAlbum(name);
        await sendAdds(deps, [{ target: created, files }]);
        return { changedCount: files.length, collectionID: created.id };
      },
    });
  };

/** A collection with changes merged into one of its magic metadata (as the server will hold it). */
const withMetadata = (
  collection: DecryptedCollection,
  kind: "private" | "public",
  changes: MagicMetadataChanges,
): DecryptedCollection => {
  const current = kind === "private" ? collection.magicMetadata : collection.pubMagicMetadata;
  const { data, count } = mergeMagicMetadata(current?.data, changes);
  const next = { version: (current?.version ?? 0) + 1, count, data };
  return kind === "private"
    ? { ...collection, magicMetadata: next }
    : { ...collection, pubMagicMetadata: next };
};

/** Spec §4: a renamed hidden or uncategorized album is first set to the default subtype. */
const needsDefaultSubType = (collection: DecryptedCollection): boolean =>
  collection.type === "uncategorized" ||
  collection.magicMetadata?.data.subType === CollectionSubType.defaultHidden;

export const planRenameAlbum =
  (collectionID: number, name: string): ActionPlanner =>
  (reader) => {
    const collection = ensureOwnedCollection(reader, collectionID);
    const resetSubType = needsDefaultSubType(collection);
    const renamed = {
      ...(resetSubType
        ? withMetadata(collection, "private", { subType: CollectionSubType.default })
        : collection),
      name,
    };
    const patch = new LibraryPatch();
    patch.collectionEdits.set(collection.id, renamed);
    return Promise.resolve({
      patch,
      run: async ({ deps }) => {
        const current = resetSubType
          ? await updateCollectionMagicMetadata(deps, collection, "private", {
              subType: CollectionSubType.default,
            })
          : collection;
        await renameCollection(deps, current, name);
        return { changedCount: 0 };
      },
    });
  };

/**
 * Deletes an album. Keeping its files, they first leave it under the removal
 * rules (the server deletes only an empty album then); otherwise the server
 * trashes the owner's files that are in no other album.
 */
export const planDeleteAlbum =
  (collectionID: number, keepFiles: boolean): ActionPlanner =>
  (reader, env) => {
    const collection = ensureOwnedCollection(reader, collectionID);
    const files = [...reader.filesOf(collection.id)];
    const patch = new LibraryPatch();
    const remove = keepFiles ? planRemovalFrom(reader, env, patch, collection, files) : undefined;
    if (!keepFiles) showTrashedWithAlbum(reader, env.nowMs(), patch, collection, files);
    patch.deletedCollections.add(collection.id);
    return Promise.resolve({
      patch,
      run: async (context) => {
        await remove?.(context);
        await deleteCollection(context.deps, collection.id, { keepFiles });
        return { changedCount: files.length };
      },
    });
  };

/** Shows the files the server will trash with the album: the owner's, in no other live album. */
const showTrashedWithAlbum = (
  reader: LibraryReader,
  nowMs: number,
  patch: LibraryPatch,
  collection: DecryptedCollection,
  files: readonly DecryptedFile[],
): void => {
  const own = files.filter((file) => file.ownerID === reader.userID);
  const entries = locateFiles(
    reader,
    own.map((file) => file.id),
  );
  const nowUs = nowMs * 1000;
  for (const file of own) {
    const elsewhere = entries.get(file.id)?.some((entry) => entry.collectionID !== collection.id);
    if (elsewhere === true) continue;
    patch.putInTrash({ file, deleteByUs: nowUs + trashRetentionUs, updatedAtUs: nowUs });
  }
};

const planAlbumMetadata =
  (
    collectionID: number,
    kind: "private" | "public",
    changes: MagicMetadataChanges,
  ): ActionPlanner =>
  (reader) => {
    const collection = ensureOwnedCollection(reader, collectionID);
    const patch = new LibraryPatch();
    patch.collectionEdits.set(collection.id, withMetadata(collection, kind, changes));
    return Promise.resolve({
      patch,
      run: async ({ deps }) => {
        await updateCollectionMagicMetadata(deps, collection, kind, changes);
        return { changedCount: 0 };
      },
    });
  };

/** Pinned albums carry `order` 1 in the owner's magic metadata; unpinned 0. */
export const planPinAlbum = (collectionID: number, pinned: boolean): ActionPlanner =>
  planAlbumMetadata(collectionID, "private", { order: pinned ? 1 : 0 });

/** The album's cover (public magic metadata `coverID`). */
export const planSetAlbumCover = (collectionID: number, fileID: number): ActionPlanner =>
  planAlbumMetadata(collectionID, "public", { coverID: fileID });

/** The album's sort order (public magic metadata `asc`: oldest first). */
export const planSetAlbumSort = (collectionID: number, ascending: boolean): ActionPlanner =>
  planAlbumMetadata(collectionID, "public", { asc: ascending });
