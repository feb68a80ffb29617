// Where an upload can go, as the gallery sees it: the open album (files go
// there at once), the albums the target dialog offers, and the album a new
// name would land in. Pure; table-tested.

import type {
  CollectionSummaryType,
  GallerySummary,
} from "../../../shared/model/library/gallery-summary";
import { pickableAlbums } from "../gallery/actions/album-picker-rules";

/**
 * Collections of the user's that are not albums one uploads into: files are
 * favorited with the favorite action, land in uncategorized on their own, and
 * are hidden with the hide action.
 */
const notUploadTargets: ReadonlySet<CollectionSummaryType> = new Set([
  "favorites",
  "uncategorized",
  "defaultHidden",
  "hiddenItems",
]);

/**
 * The open view's album when picked or dropped files go straight into it: a
 * real album the user owns (as the view header decides which album shows the
 * album menu), not favorites, uncategorized or the hidden items' collection;
 * or an album shared with them as a collaborator (spec §6: they add their
 * own files; see [Note: A collaborator's upload is registered in their own
 * library]). A viewer's album takes nothing, and a pseudo-view (all,
 * archive, trash…) is no album: both ask where the files go.
 */
export const openUploadAlbum = (summary: GallerySummary | undefined): GallerySummary | undefined =>
  summary !== undefined && summary.id > 0 && takesUploads(summary) ? summary : undefined;

const takesUploads = (summary: GallerySummary): boolean =>
  summary.type === "incomingShareCollaborator" ||
  (summary.isOwned && !notUploadTargets.has(summary.type));

/**
 * Whether the open view offers to upload (the button, and dropping files on
 * the page). Spec §6: a viewer of an album shared with them may not add to
 * it, so the album they are looking at offers no upload at all, rather
 * than one that would send their files somewhere else; every other view
 * does (an album of theirs takes the files, the others ask where).
 */
export const uploadOffered = (summary: GallerySummary | undefined): boolean =>
  summary?.type !== "incomingShareViewer" && summary?.type !== "trash";

/**
 * [Note: Uploading from the timeline needs no album]
 *
 * People add photos to their library first and sort them into albums later,
 * if ever (as every phone's photo app does). So loose files picked or dropped
 * on the timeline (or on the uncategorized view) go straight into the
 * library, the user's uncategorized collection, without a question; "Files
 * into an album…" in the Upload menu asks for an album instead. Folders still
 * ask, since one album per folder is what most people want for them; and the
 * other views (favorites, archive, hidden) ask, because a file sent there
 * would not show where the person is looking.
 */
export const uploadsToLibrary = (summary: GallerySummary | undefined): boolean =>
  summary !== undefined && (summary.type === "all" || summary.type === "uncategorized");

/**
 * The albums the target dialog offers, matching `query`: the album picker's
 * rules (visible albums, no favorites or uncategorized, sorted by name,
 * the user's own and those shared with them as a collaborator).
 */
export const uploadableAlbums = (
  summaries: readonly GallerySummary[],
  query: string,
): GallerySummary[] => pickableAlbums(summaries, undefined, query);

/**
 * The user's album a new album name lands in, if any: spec §5's new-album
 * rule creates an album only when no owned, visible album, folder or
 * uncategorized collection has that exact name, so the files go into that
 * one instead (the worker applies the rule; the dialog says it beforehand).
 */
export const existingAlbumNamed = (
  summaries: readonly GallerySummary[],
  name: string,
): GallerySummary | undefined => {
  const wanted = name.trim();
  if (wanted === "") return undefined;
  return summaries.find(
    (summary) =>
      summary.id > 0 &&
      summary.isOwned &&
      !summary.isHidden &&
      summary.type !== "favorites" &&
      summary.name === wanted,
  );
};
