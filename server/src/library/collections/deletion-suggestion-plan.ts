import type { CollectionActionKind } from "../../../../shared/api/endpoints/collection-actions";

// What `POST /collections/suggest-delete` does to the files it names, as a
// pure rule over their rows in the collection.
// See: [Note: A deletion suggestion takes the files out and asks their owners]

/** A file's row in the collection, live or not. */
export interface SuggestedFileEntry {
  file_id: number;
  f_owner_id: number;
  is_deleted: number;
  action: string | null;
}

/** An action to ask of a file's owner. */
export interface PlannedAction {
  userID: number;
  fileID: number;
  action: CollectionActionKind;
}

/** Why a suggestion is refused: a file never in the collection (404), or one of the actor's (403). */
export type DeletionSuggestionRefusal = "FILE_NOT_IN_COLLECTION" | "OWN_FILE";

export type DeletionSuggestionPlan =
  | { refusal: DeletionSuggestionRefusal }
  | {
      refusal?: undefined;
      /** Files of others than the album owner: they leave the collection. */
      removedFileIDs: number[];
      /** The album owner's files (an admin asks): marked REMOVE, left for the owner to move. */
      markedFileIDs: number[];
      actions: PlannedAction[];
    };

export interface DeletionSuggestion {
  actorID: number;
  collectionOwnerID: number;
  fileIDs: readonly number[];
  /** The collection's rows of those files that it has. */
  entries: readonly SuggestedFileEntry[];
}

/**
 * A file never in the collection refuses the whole request; files no
 * longer in it (removed, or already marked for the owner) are passed over;
 * a file of the actor's among the rest refuses it.
 */
export const planDeletionSuggestion = ({
  actorID,
  collectionOwnerID,
  fileIDs,
  entries,
}: DeletionSuggestion): DeletionSuggestionPlan => {
  const entryOf = new Map(entries.map((entry) => [entry.file_id, entry]));
  if (fileIDs.some((fileID) => !entryOf.has(fileID))) return { refusal: "FILE_NOT_IN_COLLECTION" };
  const active = fileIDs
    .map((fileID) => entryOf.get(fileID))
    .filter(
      (entry): entry is SuggestedFileEntry =>
        entry !== undefined && entry.is_deleted === 0 && entry.action !== "REMOVE",
    );
  if (active.some((entry) => entry.f_owner_id === actorID)) return { refusal: "OWN_FILE" };
  const marked = active.filter((entry) => entry.f_owner_id === collectionOwnerID);
  const removed = active.filter((entry) => entry.f_owner_id !== collectionOwnerID);
  return {
    removedFileIDs: removed.map((entry) => entry.file_id),
    markedFileIDs: marked.map((entry) => entry.file_id),
    actions: [
      ...marked.map((entry) => ({
        userID: entry.f_owner_id,
        fileID: entry.file_id,
        action: "REMOVE" as const,
      })),
      ...active.map((entry) => ({
        userID: entry.f_owner_id,
        fileID: entry.file_id,
        action: "DELETE_SUGGESTED" as const,
      })),
    ],
  };
};
