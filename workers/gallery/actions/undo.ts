// The undo of an organizing action (pure): from what the files were before
// it and what they are once it is done, the actions that put them back.
//
// [Note: An undo puts files back where they were]
//
// A reversible action (favorite, archive, hide, trash, and adding, moving
// or removing files of albums) offers Undo in its toast for a few seconds.
// The undo is not the action's mirror image but a diff: the files' state is
// read before the action (as the person saw it, pending actions included)
// and again once the server has it, and only what changed is changed back.
// So favoriting a selection where some files were favorites already
// un-favorites only the others; removing a file from its only album (which
// moves it to uncategorized) moves it back; trashing or hiding a file that
// was in two albums restores it into one and adds it to the other. The
// undo is made of ordinary actions, so it is shown at once and refused
// with the usual messages like any other.

import { CollectionOperation } from "../../../shared/model/library/collection-operation";
import { Visibility } from "../../../shared/model/library/file-metadata";
import type { LibraryAction, LibraryReader } from "../gallery-contract";
import { fileVisibility } from "../engine/library-facts";
import { findSpecialCollection, locateFiles } from "./action-plan";

/** What an undo needs to know of a file at one moment. */
export interface FileState {
  /** The user's own collections that hold it, the hidden ones included. */
  collectionIDs: readonly number[];
  archived: boolean;
  trashed: boolean;
}

export interface LibraryStateOfFiles {
  files: ReadonlyMap<number, FileState>;
  favoritesID: number | undefined;
  /** The user's hidden collections (the hidden album and hidden albums). */
  hiddenIDs: ReadonlySet<number>;
}

/** The actions an undo is offered for. */
export const isUndoable = (action: LibraryAction): boolean => {
  switch (action.kind) {
    case "favorite":
    case "archive":
    case "hide":
    case "trash":
      return true;
    case "collection-operation":
      return (
        action.operation === CollectionOperation.add ||
        action.operation === CollectionOperation.move ||
        action.operation === CollectionOperation.remove
      );
    default:
      return false;
  }
};

/** The files an undoable action is about. */
export const filesOfAction = (action: LibraryAction): readonly number[] =>
  "fileIDs" in action && action.fileIDs !== undefined ? action.fileIDs : [];

/** Reads the state of `fileIDs` from `reader` (a walk of the library's collections). */
export const readFileStates = (
  reader: LibraryReader,
  fileIDs: readonly number[],
): LibraryStateOfFiles => {
  const owned = new Set<number>();
  for (const collection of reader.collections()) {
    if (collection.owner.id === reader.userID) owned.add(collection.id);
  }
  const entries = locateFiles(reader, fileIDs);
  const trashed = new Set<number>();
  const wanted = new Set(fileIDs);
  for (const entry of reader.trashEntries()) {
    if (wanted.has(entry.file.id)) trashed.add(entry.file.id);
  }
  const files = new Map<number, FileState>();
  for (const id of wanted) {
    const located = entries.get(id) ?? [];
    const first = located[0];
    files.set(id, {
      collectionIDs: [
        ...new Set(located.map((entry) => entry.collectionID).filter((c) => owned.has(c))),
      ],
      archived: first !== undefined && fileVisibility(first) === Visibility.archived,
      trashed: trashed.has(id),
    });
  }
  return {
    files,
    favoritesID: findSpecialCollection(reader, "favorites")?.id,
    hiddenIDs: new Set([...reader.hiddenIDs()].filter((id) => owned.has(id))),
  };
};

/** Actions that share their kind and collections gather their files. */
class UndoBatch {
  private readonly groups = new Map<string, { action: LibraryAction; fileIDs: number[] }>();

  add(fileID: number, action: LibraryAction & { fileIDs: number[] }): void {
    const key = JSON.stringify({ ...action, fileIDs: [] });
    const group = this.groups.get(key);
    if (group === undefined) this.groups.set(key, { action, fileIDs: [fileID] });
    else group.fileIDs.push(fileID);
  }

  actions(): LibraryAction[] {
    return [...this.groups.values()].map(({ action, fileIDs }) => ({ ...action, fileIDs }));
  }
}

const operation = (
  op: CollectionOperation,
  collections: { toCollectionID?: number; fromCollectionID?: number },
): LibraryAction & { fileIDs: number[] } => ({
  kind: "collection-operation",
  operation: op,
  fileIDs: [],
  ...collections,
});

/**
 * The collection a file goes back into first (a restore or an unhide takes
 * one): an album rather than favorites, which it then joins again.
 */
const firstHome = (collectionIDs: readonly number[], favoritesID: number | undefined) =>
  [...collectionIDs].sort((a, b) => Number(a === favoritesID) - Number(b === favoritesID))[0];

/**
 * The actions that undo `action`, given the files' states before and after
 * it; an empty list when nothing changed (or the action has no undo).
 * See: [Note: An undo puts files back where they were]
 */
export const undoActions = (
  action: LibraryAction,
  before: LibraryStateOfFiles,
  after: LibraryStateOfFiles,
): LibraryAction[] => {
  if (!isUndoable(action)) return [];
  const changed = (pick: (state: FileState) => boolean) =>
    filesOfAction(action).filter((id) => {
      const was = before.files.get(id);
      const is = after.files.get(id);
      return was !== undefined && is !== undefined && pick(was) !== pick(is);
    });

  if (action.kind === "favorite") {
    const { favoritesID } = after;
    if (favoritesID === undefined) return [];
    const ids = changed((state) => state.collectionIDs.includes(favoritesID));
    return ids.length === 0 ? [] : [{ kind: "favorite", fileIDs: ids, favorite: !action.favorite }];
  }
  if (action.kind === "archive") {
    const ids = changed((state) => state.archived);
    return ids.length === 0 ? [] : [{ kind: "archive", fileIDs: ids, archived: !action.archived }];
  }

  // Hiding, trashing and album changes: each file back into its collections.
  const returns = new UndoBatch();
  const adds = new UndoBatch();
  const moves = new UndoBatch();
  const removes = new UndoBatch();
  for (const id of new Set(filesOfAction(action))) {
    const was = before.files.get(id);
    const is = after.files.get(id);
    if (was === undefined || is === undefined) continue;
    const wasIn = new Set(was.collectionIDs);
    const isIn = new Set(is.collectionIDs);
    const left = was.collectionIDs.filter((c) => !isIn.has(c));
    const joined = is.collectionIDs.filter((c) => !wasIn.has(c));
    // Back where it was seen: its visible collections, else (a hidden file) its hidden ones.
    const shownHomes = left.filter((c) => !before.hiddenIDs.has(c));
    const homes = shownHomes.length > 0 ? shownHomes : left;
    const home = firstHome(homes, before.favoritesID);

    if (is.trashed && !was.trashed) {
      if (home === undefined) continue;
      returns.add(id, { kind: "restore", fileIDs: [], toCollectionID: home });
      for (const c of homes) {
        if (c !== home) adds.add(id, operation(CollectionOperation.add, { toCollectionID: c }));
      }
      continue;
    }
    const hiddenNow = joined.some((c) => after.hiddenIDs.has(c));
    if (hiddenNow && shownHomes.length > 0 && home !== undefined) {
      returns.add(id, { kind: "unhide", fileIDs: [], toCollectionID: home });
      for (const c of homes) {
        if (c !== home) adds.add(id, operation(CollectionOperation.add, { toCollectionID: c }));
      }
      continue;
    }
    const [onlyJoined] = joined;
    const [firstLeft, ...otherLeft] = left;
    if (joined.length === 1 && onlyJoined !== undefined && firstLeft !== undefined) {
      moves.add(
        id,
        operation(CollectionOperation.move, {
          fromCollectionID: onlyJoined,
          toCollectionID: firstLeft,
        }),
      );
      for (const c of otherLeft)
        adds.add(id, operation(CollectionOperation.add, { toCollectionID: c }));
      continue;
    }
    for (const c of left) adds.add(id, operation(CollectionOperation.add, { toCollectionID: c }));
    for (const c of joined) {
      removes.add(id, operation(CollectionOperation.remove, { fromCollectionID: c }));
    }
  }
  // Back into a collection first, so that no file is ever in none.
  return [...returns.actions(), ...moves.actions(), ...adds.actions(), ...removes.actions()];
};
