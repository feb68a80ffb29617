// The gallery's pages and their addresses (pure): the timeline at
// `/gallery` (with the open view in its query, see `gallery-url.ts`), the
// albums, the sharing, the people, the map and the settings under it. Each page has its own
// address, so a reload, a bookmark and the back button come back to it.

import { searchWithView } from "../gallery-url";

export type GalleryPageID = "timeline" | "albums" | "sharing" | "people" | "map" | "settings";

export const galleryBasePath = "/gallery";

const pagePaths: Record<GalleryPageID, string> = {
  timeline: galleryBasePath,
  albums: `${galleryBasePath}/albums`,
  sharing: `${galleryBasePath}/sharing`,
  people: `${galleryBasePath}/people`,
  map: `${galleryBasePath}/map`,
  settings: `${galleryBasePath}/settings`,
};

export const galleryPagePath = (page: GalleryPageID): string => pagePaths[page];

/** The address of the timeline with `viewID` open (a collection or pseudo-collection). */
export const viewAddress = (viewID: number): string => {
  const search = searchWithView(new URLSearchParams(), viewID).toString();
  return search === "" ? pagePaths.timeline : `${pagePaths.timeline}?${search}`;
};

/**
 * The page an address under `/gallery` shows, or undefined for one that is
 * not a page (the gallery then sends it to the timeline). A trailing slash
 * is forgiven.
 */
export const galleryPageOfPath = (pathname: string): GalleryPageID | undefined => {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const [page, path] of Object.entries(pagePaths) as [GalleryPageID, string][]) {
    if (path === trimmed) return page;
  }
  return undefined;
};
