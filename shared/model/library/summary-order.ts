// The order of the albums bar (spec §3): summaries go by section (all and
// hidden items, uncategorized, favorites, pinned, albums, archive, trash,
// default hidden), pinned albums by their pin order, then by the sort the
// user chose. Pure and free of worker code: the page re-sorts with it when
// the user changes the sort, the sync worker sorts with it before answering.

import type { CollectionSortBy, CollectionSummaryType, GallerySummary } from "./gallery-summary";

/** Section display order of each summary type (spec §3). */
export const summarySectionOrder: Readonly<Record<CollectionSummaryType, number>> = {
  all: 0,
  hiddenItems: 0,
  uncategorized: 1,
  favorites: 2,
  pinned: 3,
  album: 4,
  folder: 4,
  outgoingShare: 4,
  incomingShareViewer: 4,
  incomingShareCollaborator: 4,
  sharedOnlyViaLink: 4,
  archived: 4,
  archive: 5,
  trash: 6,
  defaultHidden: 7,
};

/** The album sort orders of the spec, in the order a menu lists them. */
export const collectionSortOrders: readonly CollectionSortBy[] = [
  "name",
  "creation-time-asc",
  "updation-time-desc",
];

export const isCollectionSortBy = (value: unknown): value is CollectionSortBy =>
  typeof value === "string" && (collectionSortOrders as readonly string[]).includes(value);

type Sortable = Pick<
  GallerySummary,
  "id" | "name" | "order" | "pinOrder" | "updationTimeUs" | "creationTimeUs"
>;

/**
 * The collection ID stands in for an unknown creation time: the server hands
 * out collection IDs in creation order.
 */
const creationKey = (summary: Sortable): number => summary.creationTimeUs ?? summary.id;

const byChosenSort = (by: CollectionSortBy, a: Sortable, b: Sortable): number => {
  switch (by) {
    case "name":
      return a.name.localeCompare(b.name);
    case "creation-time-asc":
      return creationKey(a) - creationKey(b);
    case "updation-time-desc":
      return b.updationTimeUs - a.updationTimeUs;
  }
};

/** Compares two summaries for the bar: section, then pin order (higher first), then `by`, then ID. */
export const compareSummaries = (by: CollectionSortBy, a: Sortable, b: Sortable): number =>
  a.order - b.order ||
  (b.pinOrder ?? 0) - (a.pinOrder ?? 0) ||
  byChosenSort(by, a, b) ||
  a.id - b.id;

/** A new array of `summaries` in the bar's order for the sort `by`. */
export const sortSummaries = <S extends Sortable>(
  summaries: readonly S[],
  by: CollectionSortBy,
): S[] => [...summaries].sort((a, b) => compareSummaries(by, a, b));
