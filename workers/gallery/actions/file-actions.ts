// The file actions of the gallery (spec §4 "File bulk actions"): favorites,
// archive, hide and unhide, trash, restore, permanent deletion, emptying the
// trash. Each is a planner: the patch it shows and the calls that make it.
// See: [Note: An action is planned twice: for the view, then against the stored library]

import { trashRetentionUs } from "../../../shared/model/library/trash-retention";
import { Visibility } from "../../../shared/model/library/file-metadata";
import { splitByFileOwner } from "../../../shared/model/library/visibility-rules";
import { restoreFiles } from "../../library/collection-operations";
import type { DecryptedFile } from "../../library/decrypted-records";
import {
  emptyTrash as emptyTrashCall,
  trashFiles,
  updateFilesMagicMetadata,
} from "../../library/file-operations";
import type { LibraryReader } from "../gallery-contract";
import type { TrashEntry } from "../../sync/library-store-records";
import { ActionRefusedError } from "./action-errors";
import {
  type ActionPlanner,
  emptyPlan,
  ensureOwnFiles,
  ensureOwnedCollection,
  entriesIn,
  findSpecialCollection,
  isOwned,
  locateFiles,
  locatedFiles,
  specialCollectionFor,
} from "./action-plan";
import { type MoveGroup, sendAdds, sendMoves, sendPermanentDeletes } from "./collection-writes";
import { LibraryPatch } from "./library-patch";
import { planRemovalFrom } from "./removal";
import { trashHomesOf } from "../../sync/trash-homes";

const ownedCollectionIDs = (reader: LibraryReader): Set<number> => {
  const ids = new Set<number>();
  for (const collection of reader.collections()) {
    if (!collection.isDeleted && isOwned(collection, reader.userID)) ids.add(collection.id);
  }
  return ids;
};

// ---------------------------------------------------------------------------
// Favorites

export const planFavorite =
  (fileIDs: readonly number[], favorite: boolean): ActionPlanner =>
  (reader, env) => {
    const entries = locateFiles(reader, fileIDs);
    const files = locatedFiles(fileIDs, entries);
    const patch = new LibraryPatch();
    if (favorite) {
      ensureOwnFiles(files, reader.userID);
      const favorites = specialCollectionFor(reader, env, patch, "favorites");
      const joining = files.filter((file) => !entriesIn(entries.get(file.id), favorites.id));
      for (const file of joining) patch.addToCollection(favorites.id, file);
      return Promise.resolve({
        patch,
        run: async ({ deps, ensureSpecial }) => {
          const target = await ensureSpecial("favorites");
          await sendAdds(deps, [{ target, files: joining }]);
          return { changedCount: joining.length };
        },
      });
    }
    const favorites = findSpecialCollection(reader, "favorites");
    if (favorites === undefined) return Promise.resolve(emptyPlan());
    const leaving = files.flatMap(
      (file) => entries.get(file.id)?.filter((entry) => entry.collectionID === favorites.id) ?? [],
    );
    const remove = planRemovalFrom(reader, env, patch, favorites, leaving);
    return Promise.resolve({
      patch,
      run: async (context) => {
        await remove(context);
        return { changedCount: leaving.length };
      },
    });
  };

// ---------------------------------------------------------------------------
// Visibility (archive) and the magic-metadata calls

/** The files whose private visibility is not yet `visibility`. */
const needingVisibility = (files: readonly DecryptedFile[], visibility: Visibility) =>
  files.filter(
    (file) => (file.magicMetadata?.data.visibility ?? Visibility.visible) !== visibility,
  );

export const planArchive =
  (fileIDs: readonly number[], archived: boolean): ActionPlanner =>
  (reader) => {
    const files = locatedFiles(fileIDs, locateFiles(reader, fileIDs));
    const { own, othersIDs } = splitByFileOwner(files, reader.userID);
    if (othersIDs.length > 0) throw new ActionRefusedError("not-file-owner", othersIDs);
    const visibility = archived ? Visibility.archived : Visibility.visible;
    const changing = needingVisibility(own, visibility);
    const patch = new LibraryPatch();
    for (const file of changing) patch.editFile(file.id, { private: { visibility } });
    return Promise.resolve({
      patch,
      run: async ({ deps }) => {
        await updateFilesMagicMetadata(
          deps,
          "private",
          changing.map((file) => ({ file, changes: { visibility } })),
        );
        return { changedCount: changing.length };
      },
    });
  };

// ---------------------------------------------------------------------------
// Hidden album

export const planHide =
  (fileIDs: readonly number[]): ActionPlanner =>
  (reader, env) => {
    const entries = locateFiles(reader, fileIDs);
    const files = locatedFiles(fileIDs, entries);
    ensureOwnFiles(files, reader.userID);
    const patch = new LibraryPatch();
    const hidden = specialCollectionFor(reader, env, patch, "hidden");
    const owned = ownedCollectionIDs(reader);
    // Out of every album of the user's that holds it, so no album shows it any more.
    const sources = new Map<number, DecryptedFile[]>();
    const moving = new Map<number, DecryptedFile>();
    for (const file of files) {
      for (const entry of entries.get(file.id) ?? []) {
        if (entry.collectionID === hidden.id || !owned.has(entry.collectionID)) continue;
        const list = sources.get(entry.collectionID) ?? [];
        list.push(entry);
        sources.set(entry.collectionID, list);
        moving.set(file.id, file);
        patch.removeFromCollection(entry.collectionID, file.id);
      }
    }
    for (const file of moving.values()) patch.addToCollection(hidden.id, file);
    return Promise.resolve({
      patch,
      run: async ({ deps, ensureSpecial }) => {
        if (moving.size === 0) return { changedCount: 0 };
        const target = await ensureSpecial("hidden");
        await sendMoves(
          deps,
          [...sources].map(([fromCollectionID, list]) => ({
            fromCollectionID,
            target,
            files: list,
          })),
        );
        return { changedCount: moving.size };
      },
    });
  };

export const planUnhide =
  (fileIDs: readonly number[], toCollectionID: number | undefined): ActionPlanner =>
  (reader, env) => {
    const entries = locateFiles(reader, fileIDs);
    const files = locatedFiles(fileIDs, entries);
    ensureOwnFiles(files, reader.userID);
    const patch = new LibraryPatch();
    const target =
      toCollectionID === undefined
        ? specialCollectionFor(reader, env, patch, "uncategorized")
        : ensureOwnedCollection(reader, toCollectionID);
    const hiddenIDs = reader.hiddenIDs();
    const owned = ownedCollectionIDs(reader);
    const sources = new Map<number, DecryptedFile[]>();
    const moving = new Map<number, DecryptedFile>();
    for (const file of files) {
      for (const entry of entries.get(file.id) ?? []) {
        const from = entry.collectionID;
        if (!hiddenIDs.has(from) || !owned.has(from) || from === target.id) continue;
        sources.set(from, [...(sources.get(from) ?? []), entry]);
        moving.set(file.id, file);
        patch.removeFromCollection(from, file.id);
      }
    }
    for (const file of moving.values()) patch.addToCollection(target.id, file);
    return Promise.resolve({
      patch,
      run: async ({ deps, base, ensureSpecial }) => {
        if (moving.size === 0) return { changedCount: 0 };
        const to =
          toCollectionID === undefined
            ? await ensureSpecial("uncategorized")
            : ensureOwnedCollection(base, toCollectionID);
        const groups: MoveGroup[] = [...sources].map(([fromCollectionID, list]) => ({
          fromCollectionID,
          target: to,
          files: list,
        }));
        await sendMoves(deps, groups);
        return { changedCount: moving.size };
      },
    });
  };

// ---------------------------------------------------------------------------
// Trash

export const planTrash =
  (fileIDs: readonly number[]): ActionPlanner =>
  (reader, env) => {
    const entries = locateFiles(reader, fileIDs);
    const files = locatedFiles(fileIDs, entries);
    ensureOwnFiles(files, reader.userID);
    const owned = ownedCollectionIDs(reader);
    const items: { fileID: number; collectionID: number }[] = [];
    const unreachable: number[] = [];
    for (const file of files) {
      // The server takes one (file, collection) pair per file, from a collection the
      // user owns, and trashes the file out of every collection holding it.
      const from = entries.get(file.id)?.find((entry) => owned.has(entry.collectionID));
      if (from === undefined) unreachable.push(file.id);
      else items.push({ fileID: file.id, collectionID: from.collectionID });
    }
    // Own files only in others' albums: the trash call needs a collection of the user's.
    if (unreachable.length > 0) throw new ActionRefusedError("not-file-owner", unreachable);
    const patch = new LibraryPatch();
    const nowUs = env.nowMs() * 1000;
    for (const file of files) {
      for (const entry of entries.get(file.id) ?? []) {
        patch.removeFromCollection(entry.collectionID, file.id);
      }
      const trashedFrom = items.find((item) => item.fileID === file.id)?.collectionID;
      patch.putInTrash({
        file: { ...file, collectionID: trashedFrom ?? file.collectionID },
        deleteByUs: nowUs + trashRetentionUs,
        updatedAtUs: nowUs,
      });
    }
    return Promise.resolve({
      patch,
      run: async ({ deps }) => {
        await trashFiles(deps, items);
        return { changedCount: items.length };
      },
    });
  };

/** The trash entries of the given files, in the order asked; `not-found` when none is there. */
const trashEntriesOf = (reader: LibraryReader, fileIDs: readonly number[]): TrashEntry[] => {
  const wanted = new Set(fileIDs);
  const found = new Map<number, TrashEntry>();
  for (const entry of reader.trashEntries()) {
    if (wanted.has(entry.file.id)) found.set(entry.file.id, entry);
  }
  const entries = [...wanted].flatMap((id) => {
    const entry = found.get(id);
    return entry === undefined ? [] : [entry];
  });
  if (entries.length === 0 && fileIDs.length > 0) throw new ActionRefusedError("not-found");
  return entries;
};

/**
 * Restores trashed files: all into `toCollectionID` when given (an undo
 * knows where they were), else each back into the user's collections it was
 * in that are still there (see [Note: The trash remembers a file's albums]):
 * restored into the first, added to the others. Files none of whose
 * collections remain go to `homelessTo` (an album, or "library" for the
 * uncategorized collection); without it the restore is refused with
 * `restore-needs-album` and nothing changes, so the page can ask where.
 */
export const planRestore =
  (
    fileIDs: readonly number[],
    toCollectionID: number | undefined,
    homelessTo: number | "library" | undefined,
  ): ActionPlanner =>
  (reader, env) => {
    const entries = trashEntriesOf(reader, fileIDs);
    const patch = new LibraryPatch();
    const live = ownedCollectionIDs(reader);
    /** Each file's collections to go back into, the one to restore into first. */
    const homes = new Map<number, number[]>();
    const homeless: TrashEntry[] = [];
    for (const entry of entries) {
      const back =
        toCollectionID === undefined ? trashHomesOf(entry).filter((id) => live.has(id)) : [];
      if (toCollectionID === undefined && back.length === 0) homeless.push(entry);
      else homes.set(entry.file.id, back);
    }
    if (homeless.length > 0 && homelessTo === undefined) {
      throw new ActionRefusedError("restore-needs-album");
    }
    const needsElsewhere = toCollectionID !== undefined || homeless.length > 0;
    const elsewhere = toCollectionID ?? homelessTo;
    const elsewhereTarget =
      !needsElsewhere || elsewhere === undefined
        ? undefined
        : elsewhere === "library"
          ? specialCollectionFor(reader, env, patch, "uncategorized")
          : ensureOwnedCollection(reader, elsewhere);
    for (const { file } of entries) {
      patch.takeFromTrash(file.id);
      const back = homes.get(file.id) ?? [];
      if (back.length === 0 && elsewhereTarget !== undefined) {
        patch.addToCollection(elsewhereTarget.id, file);
      }
      for (const id of back) patch.addToCollection(id, { ...file, collectionID: id });
    }
    return Promise.resolve({
      patch,
      run: async ({ deps, base, ensureSpecial }) => {
        const target =
          elsewhereTarget === undefined
            ? undefined
            : elsewhere === "library"
              ? await ensureSpecial("uncategorized")
              : ensureOwnedCollection(base, elsewhereTarget.id);
        // Restored into one collection each, then added to the others.
        const restores = new Map<number, DecryptedFile[]>();
        const adds = new Map<number, DecryptedFile[]>();
        const put = (into: Map<number, DecryptedFile[]>, id: number, file: DecryptedFile) => {
          const files = into.get(id);
          if (files === undefined) into.set(id, [file]);
          else files.push(file);
        };
        for (const { file } of entries) {
          const [first, ...others] = homes.get(file.id) ?? [];
          const restoreInto = first ?? target?.id;
          if (restoreInto === undefined) continue;
          put(restores, restoreInto, file);
          for (const id of others) put(adds, id, file);
        }
        for (const [collectionID, files] of restores) {
          const collection =
            collectionID === target?.id ? target : ensureOwnedCollection(base, collectionID);
          await restoreFiles(deps, collection, files);
        }
        await sendAdds(
          deps,
          [...adds].map(([collectionID, files]) => ({
            target: ensureOwnedCollection(base, collectionID),
            files,
          })),
        );
        return { changedCount: entries.length };
      },
    });
  };

export const planDeletePermanently =
  (fileIDs: readonly number[]): ActionPlanner =>
  (reader) => {
    const entries = trashEntriesOf(reader, fileIDs);
    const patch = new LibraryPatch();
    for (const { file } of entries) patch.takeFromTrash(file.id);
    const ids = entries.map(({ file }) => file.id);
    return Promise.resolve({
      patch,
      run: async ({ deps }) => {
        await sendPermanentDeletes(deps, ids);
        return { changedCount: ids.length };
      },
    });
  };

/**
 * Empties the trash up to the newest entry the library holds: entries the
 * client has not seen yet (trashed on another device meanwhile) stay.
 */
export const planEmptyTrash = (): ActionPlanner => (reader) => {
  let newestUs: number | undefined;
  let count = 0;
  for (const entry of reader.trashEntries()) {
    count++;
    newestUs = Math.max(newestUs ?? entry.updatedAtUs, entry.updatedAtUs);
  }
  if (newestUs === undefined) return Promise.resolve(emptyPlan());
  const lastUpdatedAtUs = newestUs;
  const patch = new LibraryPatch();
  patch.trashClearedUpToUs = lastUpdatedAtUs;
  return Promise.resolve({
    patch,
    run: async ({ deps }) => {
      await emptyTrashCall(deps, lastUpdatedAtUs);
      return { changedCount: count };
    },
  });
};
