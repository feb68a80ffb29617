// Which albums the album picker offers. Pure; table-tested.

import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";

/**
 * Albums files can be added or moved to: real collections (positive IDs)
 * that are not hidden (a hidden target would hide the files: that is the
 * "Hide" action), not favorites (the favorite action) and not uncategorized
 * (files land there on their own), owned by the user or shared with them as
 * a collaborator (viewers cannot add). The album the files come from is left
 * out. Sorted by name, then ID.
 */
export const pickableAlbums = (
  summaries: readonly GallerySummary[],
  excludeCollectionID: number | undefined,
  query: string,
): GallerySummary[] => {
  const needle = query.trim().toLocaleLowerCase();
  return summaries
    .filter(
      (summary) =>
        summary.id > 0 &&
        summary.id !== excludeCollectionID &&
        !summary.isHidden &&
        summary.type !== "favorites" &&
        summary.type !== "uncategorized" &&
        (summary.isOwned || summary.type === "incomingShareCollaborator") &&
        summary.name.toLocaleLowerCase().includes(needle),
    )
    .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
};
