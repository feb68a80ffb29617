// The search bar's calls into the library's worker: its `SearchCalls` with
// every answer a promise, each waiting for the stored library to be open.
// See: [Note: Gallery calls wait for the stored library]
// See: [Note: A worker's API is declared once]

import type { GalleryViewSnapshot } from "../../../workers/gallery/gallery-contract";
import type { SearchCalls } from "../../../workers/search/search-contract";
import type { WorkerCalls } from "../../../workers/worker-boundary";
import type { IndexingCalls } from "../../../workers/ml/indexing/indexing-contract";

/** The search bar's and the indexing settings' calls. */
export type SearchClient = WorkerCalls<SearchCalls & IndexingCalls>;

/**
 * A `SearchClient` over the worker's calls. `onOpened` hears the search
 * view's snapshot, as it hears any opened view's (the library view keeps the
 * open view's latest).
 */
export const searchClientOverWorker = (
  api: SearchClient,
  opened: Promise<unknown>,
  onOpened: (snapshot: GalleryViewSnapshot) => void,
): SearchClient => ({
  searchSuggestions: async (text, context) => {
    await opened;
    return api.searchSuggestions(text, context);
  },
  indexingStatus: async () => {
    await opened;
    return api.indexingStatus();
  },
  setIndexingEnabled: async (enabled) => {
    await opened;
    await api.setIndexingEnabled(enabled);
  },
  cityName: async (cityID) => {
    await opened;
    return api.cityName(cityID);
  },
  locationTagName: async (tagID) => {
    await opened;
    return api.locationTagName(tagID);
  },
  openSearch: async (query) => {
    await opened;
    const snapshot = await api.openSearch(query);
    onOpened(snapshot);
    return snapshot;
  },
});
