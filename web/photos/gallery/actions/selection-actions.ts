// Which actions the selection bar offers in each kind of view, and the
// `LibraryAction` each one performs. Pure; table-tested.

import { type LibraryAction } from "../../../../workers/gallery/gallery-contract";
import { CollectionOperation } from "../../../../shared/model/library/collection-operation";
import { type GallerySummary } from "../../../../shared/model/library/gallery-summary";
import type { ViewKind } from "../view-kind";

export type SelectionActionKey =
  | "favorite"
  | "unfavorite"
  | "archive"
  | "unarchive"
  | "hide"
  | "unhide"
  | "trash"
  | "restore"
  | "delete-permanently"
  | "add-to-album"
  | "move-to-album"
  | "remove-from-album"
  | "download"
  | "download-zip"
  | "fix-time"
  | "create-album"
  | "use-as-cover";

// The trash only restores or deletes for good (its files are in no album).
// Hidden files are only unhidden, downloaded or trashed: organizing them
// would put them back in sight. Albums others shared with the user allow
// what needs no ownership of the files; the worker refuses the rest with
// 'not file owner' (spec §6). Search results hold any of the library's
// files outside the hidden section, as the timeline and the archive do.
const byKind: Record<ViewKind, readonly SelectionActionKey[]> = {
  all: ["favorite", "add-to-album", "create-album", "archive", "hide", "fix-time", "trash"],
  favorites: ["unfavorite", "add-to-album", "create-album", "archive", "hide", "fix-time", "trash"],
  uncategorized: [
    "favorite",
    "add-to-album",
    "move-to-album",
    "create-album",
    "archive",
    "hide",
    "fix-time",
    "trash",
  ],
  album: [
    "favorite",
    "add-to-album",
    "move-to-album",
    "remove-from-album",
    "create-album",
    "archive",
    "hide",
    "fix-time",
    "trash",
  ],
  "shared-with-me": ["favorite", "add-to-album", "remove-from-album", "create-album"],
  archive: ["unarchive", "favorite", "add-to-album", "create-album", "hide", "fix-time", "trash"],
  hidden: ["unhide", "trash"],
  trash: ["restore", "delete-permanently"],
  search: ["favorite", "add-to-album", "create-album", "archive", "hide", "fix-time", "trash"],
};

/** The selection bar's actions, in order, for `count` selected files of a view. */
export const selectionActions = (
  kind: ViewKind,
  summary: GallerySummary | undefined,
  count: number,
): SelectionActionKey[] => {
  const actions = [...byKind[kind]];
  if (kind !== "trash") {
    actions.push("download");
    // One file needs no zip.
    if (count > 1) actions.push("download-zip");
  }
  // A cover is one file of an album the user owns.
  if (kind === "album" && summary?.isOwned === true && count === 1) actions.push("use-as-cover");
  return actions;
};

/**
 * The action a key performs directly, for the keys that need no dialog
 * first (album pickers, the name of a new album, fix time, confirmations
 * and downloads are driven by the bar).
 */
export const directAction = (
  key: SelectionActionKey,
  fileIDs: readonly number[],
  viewID: number,
): LibraryAction | undefined => {
  const ids = [...fileIDs];
  switch (key) {
    case "favorite":
    case "unfavorite":
      return { kind: "favorite", fileIDs: ids, favorite: key === "favorite" };
    case "archive":
    case "unarchive":
      return { kind: "archive", fileIDs: ids, archived: key === "archive" };
    case "hide":
      return { kind: "hide", fileIDs: ids };
    case "unhide":
      return { kind: "unhide", fileIDs: ids };
    case "restore":
      return { kind: "restore", fileIDs: ids };
    case "remove-from-album":
      return {
        kind: "collection-operation",
        operation: CollectionOperation.remove,
        fileIDs: ids,
        fromCollectionID: viewID,
      };
    case "use-as-cover": {
      const [fileID] = ids;
      return fileID === undefined
        ? undefined
        : { kind: "set-album-cover", collectionID: viewID, fileID };
    }
    default:
      return undefined;
  }
};
