// What the albums page and the sharing page list (pure). The albums page
// starts with the library's places (favorites, uncategorized, archive,
// hidden, trash: on phones it is the way to them), then every album that is
// not hidden, in the chosen sort, filtered by the search. The sharing page
// groups albums by how they are shared.

import {
  PseudoCollectionID,
  type CollectionSortBy,
  type GallerySummary,
} from "../../../../shared/model/library/gallery-summary";
import { sortSummaries } from "../../../../shared/model/library/summary-order";
import { searchAlbums } from "./bar-entries";

export type LibraryPlace = "favorites" | "uncategorized" | "archive" | "hidden" | "trash";

export interface LibraryPlaceCard {
  place: LibraryPlace;
  viewID: number;
  count: number;
  /** Undefined for hidden: a hidden file never shows outside the hidden section. */
  coverFileID: number | undefined;
}

/**
 * The library's places, each once it exists: favorites once a file was
 * favorited, uncategorized and archive once they hold a file, hidden once
 * something is hidden; the trash always.
 */
export const libraryPlaceCards = (
  summaries: readonly GallerySummary[],
  hiddenFileCount: number | undefined,
): LibraryPlaceCard[] => {
  const visible = summaries.filter((summary) => !summary.isHidden);
  const byType = (type: GallerySummary["type"]) => visible.find((s) => s.type === type);
  const card = (place: LibraryPlace, summary: GallerySummary | undefined): LibraryPlaceCard[] =>
    summary === undefined
      ? []
      : [{ place, viewID: summary.id, count: summary.fileCount, coverFileID: summary.coverFileID }];
  const uncategorized = byType("uncategorized");
  const archive = byType("archive");
  const hidden = summaries.filter((summary) => summary.isHidden);
  const hiddenCount =
    hiddenFileCount ?? hidden.reduce((total, summary) => total + summary.fileCount, 0);
  return [
    ...card("favorites", byType("favorites")),
    ...card("uncategorized", uncategorized?.fileCount ? uncategorized : undefined),
    ...card("archive", archive?.fileCount ? archive : undefined),
    ...(hiddenCount > 0 || hidden.some((summary) => summary.id > 0)
      ? [
          {
            place: "hidden" as const,
            viewID: PseudoCollectionID.hiddenItems,
            count: hiddenCount,
            coverFileID: undefined,
          },
        ]
      : []),
    ...card("trash", byType("trash")),
  ];
};

/** Real albums people made or were given, not hidden and not the special ones. */
const isListedAlbum = (summary: GallerySummary) =>
  summary.id > 0 &&
  !summary.isHidden &&
  summary.type !== "favorites" &&
  summary.type !== "uncategorized";

/** The albums page's albums: sorted as chosen, then those whose name holds `query`. */
export const albumsPageAlbums = (
  summaries: readonly GallerySummary[],
  sortBy: CollectionSortBy,
  query: string,
  label: (summary: GallerySummary) => string,
): GallerySummary[] =>
  searchAlbums(sortSummaries(summaries.filter(isListedAlbum), sortBy), query, label);

export interface SharingGroups {
  /** The user's albums shared with people. */
  sharedByMe: GallerySummary[];
  /** Albums others shared with the user. */
  sharedWithMe: GallerySummary[];
  /** The user's albums with a public link on. */
  links: GallerySummary[];
}

/** The sharing page's three lists, each in the chosen sort; hidden albums stay out. */
export const sharingGroups = (
  summaries: readonly GallerySummary[],
  sortBy: CollectionSortBy,
): SharingGroups => {
  const albums = sortSummaries(summaries.filter(isListedAlbum), sortBy);
  return {
    sharedByMe: albums.filter((album) => album.isOwned && (album.shareeCount ?? 0) > 0),
    sharedWithMe: albums.filter((album) => !album.isOwned),
    links: albums.filter((album) => album.isOwned && album.hasPublicLink === true),
  };
};
