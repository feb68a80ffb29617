// Which of the user's albums the gallery offers to share (spec §6): every
// owned album but uncategorized and the default hidden album, by its
// summary type. Pure.

import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";

const shareableTypes: ReadonlySet<GallerySummary["type"]> = new Set([
  "album",
  "folder",
  "favorites",
  "outgoingShare",
  "sharedOnlyViaLink",
  "pinned",
  "archived",
]);

/** Whether the album's header offers "Share". */
export const sharingOffered = (summary: GallerySummary): boolean =>
  summary.id > 0 && summary.isOwned && shareableTypes.has(summary.type);
