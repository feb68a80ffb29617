// Which organizing actions the viewer offers for the shown file, from the
// view it was opened in and who owns it (spec §4, §6). Pure.

import { type GalleryItem } from "../../../../workers/gallery/gallery-contract";
import {
  PseudoCollectionID,
  type GallerySummary,
} from "../../../../shared/model/library/gallery-summary";
import { Visibility } from "../../../../shared/model/library/file-metadata";

export type ViewerAction =
  | "favorite"
  | "download"
  | "trash"
  | "archive"
  | "unarchive"
  | "hide"
  | "unhide"
  | "add-to-album"
  | "set-cover"
  | "restore"
  | "delete-permanently";

export interface ViewerActionContext {
  item: Pick<GalleryItem, "isOwn" | "visibility">;
  viewID: number;
  /** The open view's summary, when the page gave the summaries. */
  viewSummary?: Pick<GallerySummary, "isOwned" | "type"> | undefined;
  /** The album picker needs the summaries; without them there is no "add to album". */
  canPickAlbums: boolean;
}

/**
 * The actions, in the top bar's order. In the trash only restore, delete
 * permanently and download apply. Trash, archive and hide change the owner's
 * file, so only its owner gets them. Favorites and albums take only the
 * user's own files (the server adds nobody else's file to a collection), so
 * a file shared with the user gets neither: a button that can only fail is
 * not offered.
 */
export function viewerActions({
  item,
  viewID,
  viewSummary,
  canPickAlbums,
}: ViewerActionContext): ViewerAction[] {
  if (viewID === PseudoCollectionID.trash) return ["download", "restore", "delete-permanently"];
  const inHidden =
    viewID === PseudoCollectionID.hiddenItems || viewSummary?.type === "defaultHidden";
  const actions: ViewerAction[] = item.isOwn ? ["favorite", "download"] : ["download"];
  if (canPickAlbums && !inHidden && item.isOwn) actions.push("add-to-album");
  if (viewID > 0 && viewSummary?.isOwned === true && !inHidden) actions.push("set-cover");
  if (item.isOwn) {
    if (inHidden) actions.push("unhide");
    else {
      actions.push(item.visibility === Visibility.archived ? "unarchive" : "archive");
      actions.push("hide");
    }
    actions.push("trash");
  }
  return actions;
}
