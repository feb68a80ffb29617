// The gallery's navigation (pure): which places it offers, where each leads,
// and which one the open page or view belongs to. The views of the timeline
// (favorites, archive, hidden, trash) are addresses of `/gallery` with their
// collection in the query; albums, sharing and settings are pages.

import {
  PseudoCollectionID,
  type GallerySummary,
} from "../../../../shared/model/library/gallery-summary";
import type { MessageId } from "../../../common/i18n/messages";
import { sectionOfView } from "../albums/bar-entries";
import type { GalleryPageID } from "./gallery-pages";

export type NavPlace =
  | "photos"
  | "albums"
  | "sharing"
  | "people"
  | "map"
  | "favorites"
  | "archive"
  | "hidden"
  | "trash"
  | "settings";

export interface NavEntry {
  place: NavPlace;
  labelID: MessageId;
  /** Where it leads: a page, or the timeline with a view open. */
  page: GalleryPageID;
  viewID?: number | undefined;
  /** The items of its view, where the entry shows a count. */
  count?: number | undefined;
  /**
   * On the phone's bottom bar too (else the albums page leads there).
   * See: [Note: The phone's bar holds four places]
   */
  onPhoneBar: boolean;
}

const labels: Record<NavPlace, MessageId> = {
  photos: "gallery.nav.photos",
  albums: "gallery.nav.albums",
  sharing: "gallery.nav.sharing",
  people: "gallery.nav.people",
  map: "gallery.nav.map",
  favorites: "gallery.albums.favorites",
  archive: "gallery.albums.archive",
  hidden: "gallery.albums.hidden",
  trash: "gallery.albums.trash",
  settings: "gallery.nav.settings",
};

const entry = (
  place: NavPlace,
  page: GalleryPageID,
  extra: Partial<Pick<NavEntry, "viewID" | "count" | "onPhoneBar">> = {},
): NavEntry => ({ place, labelID: labels[place], page, onPhoneBar: false, ...extra });

/**
 * [Note: The phone's bar holds four places]
 *
 * A bottom bar stays readable at 390 px with four places: Photos, Albums,
 * Sharing and Settings (as the phone apps people know have it). Favorites,
 * archive, hidden and trash are then reached from the albums page, which
 * lists them above the albums on every size.
 */
export const navEntries = (
  summaries: readonly GallerySummary[],
  hiddenFileCount: number | undefined,
): NavEntry[] => {
  const countOf = (id: number) => summaries.find((summary) => summary.id === id)?.fileCount;
  const favorites = summaries.find((summary) => summary.type === "favorites" && !summary.isHidden);
  return [
    entry("photos", "timeline", { viewID: PseudoCollectionID.all, onPhoneBar: true }),
    entry("albums", "albums", { onPhoneBar: true }),
    entry("sharing", "sharing", { onPhoneBar: true }),
    // On the phone, the albums bar's people and "Map" lead there.
    entry("people", "people"),
    entry("map", "map"),
    ...(favorites === undefined
      ? []
      : [entry("favorites", "timeline", { viewID: favorites.id, count: favorites.fileCount })]),
    entry("archive", "timeline", {
      viewID: PseudoCollectionID.archive,
      count: countOf(PseudoCollectionID.archive),
    }),
    entry("hidden", "timeline", { viewID: PseudoCollectionID.hiddenItems, count: hiddenFileCount }),
    entry("trash", "timeline", {
      viewID: PseudoCollectionID.trash,
      count: countOf(PseudoCollectionID.trash),
    }),
    entry("settings", "settings", { onPhoneBar: true }),
  ];
};

/** The place the open page (and, on the timeline, the open view) belongs to. */
export const currentPlace = (
  page: GalleryPageID,
  viewID: number,
  summaries: readonly GallerySummary[],
): NavPlace => {
  if (page !== "timeline") return page;
  switch (viewID) {
    case PseudoCollectionID.all:
      return "photos";
    case PseudoCollectionID.archive:
      return "archive";
    case PseudoCollectionID.trash:
      return "trash";
  }
  if (sectionOfView(viewID, summaries) === "hidden") return "hidden";
  const summary = summaries.find((candidate) => candidate.id === viewID);
  if (summary?.type === "favorites") return "favorites";
  if (summary !== undefined && summary.id > 0 && !summary.isOwned) return "sharing";
  return "albums";
};
