// The albums bar's entries (spec §3 "Collection summary"): the summary types,
// the pseudo-collections and the sort orders, as the sync worker builds them
// and the page shows and re-sorts them. Types and constants only.

/** Pseudo-collection IDs of the spec (§3). Real collections have positive IDs. */
export const PseudoCollectionID = {
  all: 0,
  archive: -1,
  trash: -2,
  uncategorized: -3,
  hiddenItems: -4,
  /** The open search's results (no summary: the search bar opens it). */
  searchResults: -5,
} as const;

/** Summary types of the spec (§3). */
export type CollectionSummaryType =
  | "folder"
  | "favorites"
  | "album"
  | "archive"
  | "trash"
  | "uncategorized"
  | "all"
  | "outgoingShare"
  | "incomingShareViewer"
  | "incomingShareCollaborator"
  | "sharedOnlyViaLink"
  | "archived"
  | "defaultHidden"
  | "hiddenItems"
  | "pinned";

/** Album sort orders of the albums bar (spec §3), persisted as `collectionSortBy`. */
export type CollectionSortBy = "name" | "creation-time-asc" | "updation-time-desc";

/** One entry of the albums bar or the all-albums view. */
export interface GallerySummary {
  /** A collection ID, or a pseudo-collection ID. */
  id: number;
  name: string;
  type: CollectionSummaryType;
  /** Section display order (spec §3): 0 all/hidden items … 7 default hidden. */
  order: number;
  fileCount: number;
  /** µs: the collection's updationTime (sort "updation time descending"). */
  updationTimeUs: number;
  /** µs: creation time of the collection's oldest known state (sort "creation time ascending"); the collection ID stands in when unknown. */
  creationTimeUs?: number | undefined;
  /** The newest file (by shown time) and the cover file (coverID if still in the album, else the newest). */
  latestFileID?: number | undefined;
  coverFileID?: number | undefined;
  /** True for the hidden section's entries (label 'Hidden'). */
  isHidden: boolean;
  /** The user may rename, delete, pin, set cover/sort of it (owned real album, not a pseudo one). */
  isOwned: boolean;
  /** For pinned albums: their `order` from magic metadata (higher first). */
  pinOrder?: number | undefined;
  /** Album sort order (pub magic metadata `asc`): oldest first when true. */
  sortAscending: boolean;
  /** Owner's email for incoming shares. */
  ownerEmail?: string | undefined;
  /** For the user's own albums: how many people it is shared with (the sharing page). */
  shareeCount?: number | undefined;
  /** For the user's own albums: whether a public link is on. */
  hasPublicLink?: boolean | undefined;
}
