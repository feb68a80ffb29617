import type { collectionActionEndpoints } from "../../../../shared/api/endpoints/collection-actions";
import type { HandlerMap } from "../../http/register-endpoints";
import type { LibraryContext } from "../context";
import { pendingActionsPage, rejectDeleteSuggestions } from "./collection-action-queues";

// The queues of collection actions (wire-contract §3.2): each handler only
// translates the request and delegates.
// See: [Note: A deletion suggestion takes the files out and asks their owners]

export const createCollectionActionHandlers = (
  context: LibraryContext,
): HandlerMap<typeof collectionActionEndpoints> => ({
  listDeleteSuggestions: async ({ session, query }) => {
    const page = await pendingActionsPage(
      context,
      session.userID,
      "DELETE_SUGGESTED",
      query.sinceTime ?? 0,
    );
    return { actions: page.rows, hasMore: page.hasMore };
  },

  rejectDeleteSuggestions: async ({ session, body }) => ({
    updated: await rejectDeleteSuggestions(context, session.userID, body.fileIDs),
  }),

  listPendingRemovals: async ({ session, query }) => {
    const page = await pendingActionsPage(context, session.userID, "REMOVE", query.sinceTime ?? 0);
    return { actions: page.rows, hasMore: page.hasMore };
  },
});
