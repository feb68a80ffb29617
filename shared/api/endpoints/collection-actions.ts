import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { idField, timeFromString } from "./library-schemas";

// The queues of collection actions (wire-contract §3.2): what others asked
// of the caller about its files in their collections. Each is read whole
// from a `sinceTime` (by `updatedAt`, ascending, a page at most
// `libraryLimits.collectionActionsPage`); only pending actions are answered.
// See: [Note: A deletion suggestion takes the files out and asks their owners]

/** What is asked: the album owner removes its file (`REMOVE`), or a file's owner deletes it. */
export const collectionActionKindSchema = z.enum(["REMOVE", "DELETE_SUGGESTED"]);
export type CollectionActionKind = z.infer<typeof collectionActionKindSchema>;

/** One action, as the reference server answers it (its `data` is never set for these two). */
export const collectionActionSchema = z.object({
  /** `cact_` and 22 random characters. */
  id: z.string(),
  /** Whom it asks: the owner of the file. */
  userID: z.number(),
  /** Who asked. */
  actorUserID: z.number(),
  collectionID: z.number(),
  fileID: z.number().nullish(),
  action: collectionActionKindSchema,
  isPending: z.boolean(),
  /** µs. */
  createdAt: z.number(),
  /** µs: the version a queue is read by. */
  updatedAt: z.number(),
});
export type CollectionActionJSON = z.input<typeof collectionActionSchema>;

const actionQueueQuery = z.object({ sinceTime: timeFromString().optional() });
const actionQueueResponse = z.object({
  actions: z.array(collectionActionSchema),
  hasMore: z.boolean(),
});

/**
 * `GET /collection-actions/delete-suggestions?sinceTime=`: the caller's
 * pending suggestions to delete its files; those whose file is already in
 * its trash, or deleted for good, are resolved instead of answered.
 */
export const listDeleteSuggestions = defineEndpoint({
  method: "GET",
  path: "/collection-actions/delete-suggestions",
  auth: "user",
  query: actionQueueQuery,
  response: actionQueueResponse,
});

/**
 * `POST /collection-actions/reject-delete-suggestions`: the caller's
 * pending suggestions about these files are resolved; answers how many.
 * 1 to 2000 IDs. See: [Note: A rejection over its cap is a bad request]
 */
export const rejectDeleteSuggestions = defineEndpoint({
  method: "POST",
  path: "/collection-actions/reject-delete-suggestions",
  auth: "user",
  body: z.object({ fileIDs: z.array(idField()).min(1) }),
  response: z.object({ updated: z.number() }),
});

/**
 * `GET /collection-actions/pending-remove?sinceTime=`: the caller's own
 * files that an ADMIN sharee took out of the caller's albums, still marked
 * there; the apps poll it on every sync and move those files elsewhere.
 */
export const listPendingRemovals = defineEndpoint({
  method: "GET",
  path: "/collection-actions/pending-remove",
  auth: "user",
  query: actionQueueQuery,
  response: actionQueueResponse,
});

export const collectionActionEndpoints = {
  listDeleteSuggestions,
  rejectDeleteSuggestions,
  listPendingRemovals,
};
