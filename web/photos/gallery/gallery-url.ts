// The open view lives in the URL (`/gallery?collection=<id>`), so a reload
// or a shared link comes back to it; "all" is the bare `/gallery`. Hidden
// albums and hidden items are views like any other, so their section is
// kept too (see `sectionOfView`). Pure.

import { PseudoCollectionID } from "../../../shared/model/library/gallery-summary";
import {
  type SearchQuery,
  encodeSearchQuery,
  searchParam,
} from "../../../shared/model/search/search-query";

export const collectionParam = "collection";

/** The view a URL's search parameters open: a collection or pseudo-collection ID, else "all". */
export const viewIDFromSearch = (params: URLSearchParams): number => {
  const raw = params.get(collectionParam);
  if (raw === null || !/^-?\d{1,16}$/.test(raw)) return PseudoCollectionID.all;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : PseudoCollectionID.all;
};

/** The search parameters with `viewID` open (other parameters are kept; an open search is closed). */
export const searchWithView = (params: URLSearchParams, viewID: number): URLSearchParams => {
  const next = new URLSearchParams(params);
  next.delete(searchParam);
  if (viewID === PseudoCollectionID.all) next.delete(collectionParam);
  else next.set(collectionParam, String(viewID));
  return next;
};

// The photo open in the viewer is in the address too (`?file=<fileID>`), so a
// photo can be linked, bookmarked and reopened after a reload.
// See: [Note: The viewer's photo has an address]
export const fileParam = "file";

/** The file a URL opens in the viewer, if any. */
export const fileIDFromSearch = (params: URLSearchParams): number | undefined => {
  const raw = params.get(fileParam);
  if (raw === null || !/^\d{1,16}$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The search parameters with `fileID` open in the viewer, or none (other parameters are kept). */
export const searchWithFile = (
  params: URLSearchParams,
  fileID: number | undefined,
): URLSearchParams => {
  const next = new URLSearchParams(params);
  if (fileID === undefined) next.delete(fileParam);
  else next.set(fileParam, String(fileID));
  return next;
};

// A search's results have an address too (`?search=<kind>:<value>`), so a
// reload or a shared address shows them again. See `search-query.ts`.

/** The search parameters with `query`'s results open (no album, no viewer), or none. */
export const searchWithQuery = (
  params: URLSearchParams,
  query: SearchQuery | undefined,
): URLSearchParams => {
  const next = new URLSearchParams(params);
  next.delete(collectionParam);
  next.delete(fileParam);
  if (query === undefined) next.delete(searchParam);
  else next.set(searchParam, encodeSearchQuery(query));
  return next;
};
