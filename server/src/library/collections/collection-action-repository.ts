import type { Selectable } from "kysely";
import type { CollectionActionKind } from "../../../../shared/api/endpoints/collection-actions";
import type { DB } from "../../db/db";
import type { CollectionActionsTable } from "../../db/schema";
import { newPrefixedID } from "../../prefixed-ids";

// The queries of `collection_actions`: what someone asked of a file's owner
// about the file in a collection. See: [Note: One repository per table family]
// and [Note: A deletion suggestion takes the files out and asks their owners]

export type CollectionActionRow = Selectable<CollectionActionsTable>;

/** The reference's prefix of an action's ID. See: [Note: Entity IDs are prefixed random strings] */
const actionIDPrefix = "cact";

export interface NewCollectionAction {
  /** The file's owner, whom it asks. */
  userID: number;
  actorUserID: number;
  collectionID: number;
  fileID: number;
  action: CollectionActionKind;
}

/** Insert pending actions, created and versioned at `nowUs`. */
export const insertCollectionActions = async (
  db: DB,
  actions: readonly NewCollectionAction[],
  nowUs: number,
): Promise<void> => {
  if (actions.length === 0) return;
  await db
    .insertInto("collection_actions")
    .values(
      actions.map((action) => ({
        id: newPrefixedID(actionIDPrefix),
        user_id: action.userID,
        actor_user_id: action.actorUserID,
        collection_id: action.collectionID,
        file_id: action.fileID,
        action: action.action,
        is_pending: 1,
        created_at_us: nowUs,
        updated_at_us: nowUs,
      })),
    )
    .execute();
};

/** The user's pending actions of a kind, as a query to narrow. */
const pendingActionsOf = (db: DB, userID: number, action: CollectionActionKind) =>
  db
    .selectFrom("collection_actions")
    .selectAll()
    .where("user_id", "=", userID)
    .where("action", "=", action)
    .where("is_pending", "=", 1);

/** The user's pending actions of a kind versioned after `afterUs`, ascending, at most `count`. */
export const pendingActionsAfter = (
  db: DB,
  userID: number,
  action: CollectionActionKind,
  afterUs: number,
  count: number,
): Promise<CollectionActionRow[]> =>
  pendingActionsOf(db, userID, action)
    .where("updated_at_us", ">", afterUs)
    .orderBy("updated_at_us")
    .orderBy("id")
    .limit(count)
    .execute();

/** The user's pending actions of a kind versioned exactly at `versionUs`. */
export const pendingActionsAt = (
  db: DB,
  userID: number,
  action: CollectionActionKind,
  versionUs: number,
): Promise<CollectionActionRow[]> =>
  pendingActionsOf(db, userID, action)
    .where("updated_at_us", "=", versionUs)
    .orderBy("id")
    .execute();

/**
 * The user's pending deletion suggestions whose file is in the user's trash
 * or was deleted from it for good (a trash row not restored), or is no
 * longer the user's: the user has acted on them.
 */
export const mootDeleteSuggestionIDs = async (db: DB, userID: number): Promise<string[]> =>
  (
    await db
      .selectFrom("collection_actions")
      .select("id")
      .where("user_id", "=", userID)
      .where("action", "=", "DELETE_SUGGESTED")
      .where("is_pending", "=", 1)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom("trash")
              .select("trash.file_id")
              .whereRef("trash.file_id", "=", "collection_actions.file_id")
              .where("trash.user_id", "=", userID)
              .where("trash.is_restored", "=", 0),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom("files")
                .select("files.file_id")
                .whereRef("files.file_id", "=", "collection_actions.file_id")
                .where("files.owner_id", "=", userID),
            ),
          ),
        ]),
      )
      .execute()
  ).map((row) => row.id);

/**
 * The user's pending removals whose file is no longer live in the
 * collection with its REMOVE mark: the owner moved it out, trashed it, or
 * added it again (which clears the mark).
 */
export const mootRemovalIDs = async (db: DB, userID: number): Promise<string[]> =>
  (
    await db
      .selectFrom("collection_actions")
      .select("id")
      .where("user_id", "=", userID)
      .where("action", "=", "REMOVE")
      .where("is_pending", "=", 1)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("collection_files")
              .select("collection_files.file_id")
              .whereRef("collection_files.collection_id", "=", "collection_actions.collection_id")
              .whereRef("collection_files.file_id", "=", "collection_actions.file_id")
              .where("collection_files.is_deleted", "=", 0)
              .where("collection_files.action", "=", "REMOVE"),
          ),
        ),
      )
      .execute()
  ).map((row) => row.id);

/** Resolve actions by ID at `nowUs`. */
export const resolveActions = async (
  db: DB,
  actionIDs: readonly string[],
  nowUs: number,
): Promise<void> => {
  if (actionIDs.length === 0) return;
  await db
    .updateTable("collection_actions")
    .set({ is_pending: 0, updated_at_us: nowUs })
    .where("id", "in", [...actionIDs])
    .where("is_pending", "=", 1)
    .execute();
};

/** Resolve the user's pending deletion suggestions about `fileIDs`; answers how many. */
export const resolveDeleteSuggestionsOfFiles = async (
  db: DB,
  userID: number,
  fileIDs: readonly number[],
  nowUs: number,
): Promise<number> => {
  if (fileIDs.length === 0) return 0;
  const result = await db
    .updateTable("collection_actions")
    .set({ is_pending: 0, updated_at_us: nowUs })
    .where("user_id", "=", userID)
    .where("action", "=", "DELETE_SUGGESTED")
    .where("is_pending", "=", 1)
    .where("file_id", "in", [...fileIDs])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/** Every action that asks the user or that the user asked (when the account is deleted). */
export const deleteCollectionActionsOfAccount = async (db: DB, userID: number): Promise<void> => {
  await db
    .deleteFrom("collection_actions")
    .where((eb) => eb.or([eb("user_id", "=", userID), eb("actor_user_id", "=", userID)]))
    .execute();
};
