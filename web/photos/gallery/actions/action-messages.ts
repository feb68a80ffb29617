// What the gallery says after an organizing action: the toast of a done
// action, and the spec's message (§8) for each reason the worker refuses
// one. Pure: the hook in `use-library-action.tsx` shows them.

import type {
  ActionErrorCode,
  ActionOutcome,
  LibraryAction,
} from "../../../../workers/gallery/gallery-contract";
import { CollectionOperation } from "../../../../shared/model/library/collection-operation";
import type { MessageId } from "../../../common/i18n/messages";

/** A message of the catalogue with its values. */
export interface ActionMessage {
  id: MessageId;
  values?: Record<string, string | number>;
}

/**
 * What a refusal shows: a message in the error dialog, or the spec's
 * session-expired dialog (§2: not closable, only "Log in").
 */
export type RefusalDisplay =
  { kind: "session-expired" } | { kind: "error"; message: ActionMessage };

// Each code of the contract to the catalogue's message (spec §8). `stale`
// means another device changed the file first: the views have been refreshed
// and the person can simply try again, which is what the generic message says.
const refusalMessages: Record<
  Exclude<ActionErrorCode, "session-expired" | "album-name-taken">,
  MessageId
> = {
  "not-file-owner": "gallery.actions.error.notFileOwner",
  "invalid-collection-operation": "gallery.actions.error.invalidCollectionOperation",
  network: "error.network",
  stale: "error.unknown",
  "not-found": "gallery.actions.error.notFound",
  "no-exif-date": "gallery.actions.error.noMetadata",
  "storage-quota-exceeded": "error.storageQuotaExceeded",
  "no-account-for-email": "gallery.actions.error.noAccountForEmail",
  "cannot-share-with-self": "gallery.actions.error.cannotShareWithSelf",
  "link-device-limit-fixed": "gallery.actions.error.linkDeviceLimitFixed",
  "restore-needs-album": "gallery.actions.error.restoreNeedsAlbum",
  unknown: "error.unknown",
};

/** The album name an action asks for (the new-album rule's message names it). */
const albumNameOf = (action: LibraryAction): string =>
  action.kind === "create-album" || action.kind === "rename-album" ? action.name : "";

export const refusalDisplay = (code: ActionErrorCode, action: LibraryAction): RefusalDisplay => {
  if (code === "session-expired") return { kind: "session-expired" };
  if (code === "album-name-taken") {
    return {
      kind: "error",
      message: {
        id: "gallery.actions.error.albumNameTaken",
        values: { name: albumNameOf(action) },
      },
    };
  }
  return { kind: "error", message: { id: refusalMessages[code] } };
};

/**
 * The toast of a done action, where one helps: actions whose result leaves
 * the view (trash, hide, move…) say where the files went; favorites, album
 * settings and file edits show their effect in place and say nothing.
 */
export const successMessage = (
  action: LibraryAction,
  outcome: Extract<ActionOutcome, { ok: true }>,
): ActionMessage | undefined => {
  const count = { count: outcome.changedCount };
  switch (action.kind) {
    case "trash":
      return { id: "gallery.actions.done.trashed", values: count };
    case "restore":
      return { id: "gallery.actions.done.restored", values: count };
    case "delete-permanently":
      return { id: "gallery.actions.done.deleted", values: count };
    case "empty-trash":
      return { id: "gallery.actions.done.trashEmptied" };
    case "hide":
      return { id: "gallery.actions.done.hidden", values: count };
    case "unhide":
      return { id: "gallery.actions.done.unhidden", values: count };
    case "archive":
      return {
        id: action.archived ? "gallery.actions.done.archived" : "gallery.actions.done.unarchived",
        values: count,
      };
    case "fix-time":
      return { id: "gallery.actions.done.timeFixed", values: count };
    case "create-album":
      return { id: "gallery.actions.done.albumCreated", values: { name: action.name } };
    case "delete-album":
      return { id: "gallery.actions.done.albumDeleted" };
    case "set-album-cover":
      return { id: "gallery.actions.done.coverSet" };
    case "collection-operation":
      switch (action.operation) {
        case CollectionOperation.add:
          return { id: "gallery.actions.done.added", values: count };
        case CollectionOperation.move:
          return { id: "gallery.actions.done.moved", values: count };
        case CollectionOperation.remove:
          return { id: "gallery.actions.done.removed", values: count };
        case CollectionOperation.restore:
          return { id: "gallery.actions.done.restored", values: count };
        case CollectionOperation.unhide:
          return { id: "gallery.actions.done.unhidden", values: count };
        default:
          return undefined;
      }
    case "share-album":
      return { id: "gallery.actions.done.shared", values: { email: action.email } };
    case "leave-album":
      return { id: "gallery.actions.done.left" };
    case "disable-link":
      return { id: "gallery.actions.done.linkRemoved" };
    case "unshare-album":
    case "create-link":
    case "update-link":
    case "favorite":
    case "rename-album":
    case "pin-album":
    case "set-album-sort":
    case "edit-file":
      return undefined;
  }
};

/**
 * The toast of a done action that can be undone: its usual message, and for
 * a favorite (which shows its effect in place and otherwise says nothing)
 * what changed, so that the Undo beside it names what it undoes.
 */
export const undoableMessage = (
  action: LibraryAction,
  outcome: Extract<ActionOutcome, { ok: true }>,
): ActionMessage | undefined =>
  successMessage(action, outcome) ??
  (action.kind === "favorite"
    ? {
        id: action.favorite ? "gallery.actions.done.favorited" : "gallery.actions.done.unfavorited",
        values: { count: outcome.changedCount },
      }
    : undefined);
