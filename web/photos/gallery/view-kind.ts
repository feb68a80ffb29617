// What kind of view the page shows, from the open view's summary: it decides
// the selection bar's actions, the album menu and the empty state. Pure.

import {
  PseudoCollectionID,
  type GallerySummary,
} from "../../../shared/model/library/gallery-summary";

export type ViewKind =
  | "all"
  | "archive"
  | "trash"
  | "hidden"
  | "favorites"
  | "uncategorized"
  /** An album of the user's (album, folder, shared by them, pinned, archived). */
  | "album"
  /** An album someone else shared with the user. */
  | "shared-with-me"
  /** The results of a search. */
  | "search";

export const viewKindOf = (viewID: number, summary: GallerySummary | undefined): ViewKind => {
  switch (viewID) {
    case PseudoCollectionID.all:
      return "all";
    case PseudoCollectionID.archive:
      return "archive";
    case PseudoCollectionID.trash:
      return "trash";
    case PseudoCollectionID.uncategorized:
      return "uncategorized";
    case PseudoCollectionID.hiddenItems:
      return "hidden";
    case PseudoCollectionID.searchResults:
      return "search";
  }
  if (summary === undefined) return "album";
  if (summary.isHidden) return "hidden";
  switch (summary.type) {
    case "favorites":
      return "favorites";
    case "uncategorized":
      return "uncategorized";
    case "incomingShareViewer":
    case "incomingShareCollaborator":
      return "shared-with-me";
    default:
      return "album";
  }
};
