// Which actions the viewer offers for the shown file, from the view it was
// opened in, who owns it and its type (spec §4, §6, §9). Pure.

import { type GalleryItem } from "../../../../workers/gallery/gallery-contract";
import {
  PseudoCollectionID,
  type GallerySummary,
} from "../../../../shared/model/library/gallery-summary";
import { Visibility } from "../../../../shared/model/library/file-metadata";
import { isCopyableFileType } from "./copy-image";

export type ViewerAction =
  | "favorite"
  | "download"
  | "copy"
  | "edit"
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
  item: Pick<GalleryItem, "isOwn" | "visibility" | "fileType">;
  viewID: number;
  /** The open view's summary, when the page gave the summaries. */
  viewSummary?: Pick<GallerySummary, "isOwned" | "type"> | undefined;
  /** The album picker needs the summaries; without them there is no "add to album". */
  canPickAlbums: boolean;
  /** Whether the page can save an edited copy (the photo editor is offered for images). */
  canEdit?: boolean | undefined;
}

/**
 * The actions, in the top bar's order. In the trash only restore, delete
 * permanently, download and copy apply. Only an image or a live photo is
 * copied (see: [Note: The viewer copies the image it shows, as a PNG]), and
 * edited (its still; the copy is saved as a new file, so a file shared with
 * the user is edited too, into their own library).
 * Trash, archive and hide change the owner's file, so only its owner gets
 * them. Favorites and albums take only the
 * user's own files (the server adds nobody else's file to a collection), so
 * a file shared with the user gets neither: a button that can only fail is
 * not offered.
 */
export function viewerActions({
  item,
  viewID,
  viewSummary,
  canPickAlbums,
  canEdit = false,
}: ViewerActionContext): ViewerAction[] {
  const saving: ViewerAction[] = isCopyableFileType(item.fileType)
    ? ["download", "copy"]
    : ["download"];
  if (viewID === PseudoCollectionID.trash) return [...saving, "restore", "delete-permanently"];
  if (canEdit && isCopyableFileType(item.fileType)) saving.push("edit");
  const inHidden =
    viewID === PseudoCollectionID.hiddenItems || viewSummary?.type === "defaultHidden";
  const actions: ViewerAction[] = item.isOwn ? ["favorite", ...saving] : saving;
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
