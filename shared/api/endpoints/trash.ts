import { z } from "zod";
import { defineEndpoint, emptyResponse } from "../endpoint";
import { idField, timeField, timeFromString, trashItemSchema } from "./library-schemas";

// The trash (wire-contract §6). See: [Note: Diff pagination never splits a version]

/** `GET /trash/v2/diff?sinceTime=`: trash entries changed since, by `updatedAt`. */
export const getTrashDiff = defineEndpoint({
  method: "GET",
  path: "/trash/v2/diff",
  auth: "user",
  query: z.object({ sinceTime: timeFromString() }),
  response: z.object({ diff: z.array(trashItemSchema).nullable(), hasMore: z.boolean() }),
});

/** `POST /trash/delete`: deletes files in the caller's trash for good (at most 2500). */
export const deleteFromTrash = defineEndpoint({
  method: "POST",
  path: "/trash/delete",
  auth: "user",
  body: z.object({ fileIDs: z.array(idField()) }),
  response: emptyResponse,
});

/** `POST /trash/empty`: deletes every trash entry updated at or before `lastUpdatedAt`. */
export const emptyTrash = defineEndpoint({
  method: "POST",
  path: "/trash/empty",
  auth: "user",
  body: z.object({ lastUpdatedAt: timeField() }),
  response: emptyResponse,
});

export const trashEndpoints = { getTrashDiff, deleteFromTrash, emptyTrash };
