// The gallery's and the uploads' calls over the sync worker's library: the
// loaded library's view engine, media and actions answer them, and before it
// is loaded the first screen answers its own thumbnails (the rest waits for
// the library). See: [Note: The gallery's first screen opens before the library]

import { albumSharingOf } from "../gallery/engine/album-sharing";
import type { GalleryCalls, ThumbnailResult } from "../gallery/gallery-contract";
import type { UploadCalls } from "../upload/upload-contract";
import type { OpenLibrary } from "./sync-service-contract";
import type { SearchCalls } from "../search/search-contract";
import type { DuplicatesCalls, SimilarPhotosCalls } from "../dedupe/duplicates-contract";
import { librarySimilarPhotos } from "../dedupe/library-similar-photos";
import { exactDuplicateGroups } from "../dedupe/exact-duplicates";
import { deduplicationActions } from "../dedupe/deduplication-actions";
import { largeFilesOf } from "../dedupe/large-files";
import type { MapCalls } from "../map/map-contract";
import { createLibraryMap } from "../map/library-map";
import type { GalleryServices } from "./gallery-services";
import type { PeopleCalls } from "../people/people-contract";
import { peopleCallsOf } from "./library-people-calls";

/** The map of a loaded library's services (made on the first map call). */
const mapsOfGalleries = new WeakMap<GalleryServices, MapCalls>();

const mapOf = (gallery: GalleryServices): MapCalls => {
  let map = mapsOfGalleries.get(gallery);
  if (map === undefined) {
    map = createLibraryMap({
      version: () => gallery.reader().version,
      libraryColumns: () => gallery.search.index(),
      albumFiles: (collectionID) => {
        const summary = gallery.engine.summaries().find((album) => album.id === collectionID);
        if (summary === undefined || summary.isHidden) return undefined;
        return gallery.engine.viewFiles(collectionID, 0, Number.MAX_SAFE_INTEGER);
      },
    });
    mapsOfGalleries.set(gallery, map);
  }
  return map;
};

export const libraryGalleryCalls = (
  library: OpenLibrary,
): GalleryCalls &
  UploadCalls &
  SearchCalls &
  DuplicatesCalls &
  SimilarPhotosCalls &
  MapCalls &
  PeopleCalls => {
  /** Thumbnails before the library is loaded: the first screen's at once, any other once it is. */
  const earlyThumbnails = async (fileIDs: readonly number[]): Promise<ThumbnailResult[]> => {
    const early = library.early();
    if (early !== undefined && fileIDs.every((id) => early.screen.files.has(id))) {
      const answered = await early.media.thumbnails(fileIDs);
      if (fileIDs.some((id) => early.screen.itemIDs.has(id))) library.startLoading();
      return answered;
    }
    await library.loaded();
    return library.gallery().media.thumbnails(fileIDs);
  };

  return {
    openView(viewID) {
      const snapshot = library.gallery().engine.openView(viewID);
      library.viewOpened(viewID);
      return snapshot;
    },
    viewWindow: (viewID, startIndex, count) =>
      library.gallery().engine.viewWindow(viewID, startIndex, count),
    viewItemsAt: (viewID, indexes) => library.gallery().engine.viewItemsAt(viewID, indexes),
    indexOfFile: (viewID, fileID) => library.gallery().engine.indexOfFile(viewID, fileID),
    fileDetails: async (fileID) => {
      const { engine, search } = library.gallery();
      const details = engine.fileDetails(fileID);
      const { latitude, longitude } = details;
      if (latitude === undefined || longitude === undefined) return details;
      return { ...details, place: await search.placeOf(latitude, longitude) };
    },
    albumSharing: (collectionID) => albumSharingOf(library.gallery().reader(), collectionID),
    thumbnails: (fileIDs) =>
      library.isLoaded() ? library.gallery().media.thumbnails(fileIDs) : earlyThumbnails(fileIDs),
    original: (fileID, onProgress) => library.gallery().media.original(fileID, onProgress),
    playableVideo: (fileID) => library.gallery().media.playableVideo(fileID),
    download: (fileIDs, mode, onProgress, onFile, zipName) =>
      library.gallery().media.download(fileIDs, mode, onProgress, onFile, zipName),
    perform: (action) => library.gallery().actions.perform(action),
    searchSuggestions: (text, context) => library.gallery().search.suggestions(text, context),
    // Not `viewOpened`: the first screen stays the last album or timeline opened.
    openSearch: (query) => library.gallery().search.open(query),
    cityName: (cityID) => library.gallery().search.cityName(cityID),
    locationTagName: (tagID) => library.gallery().search.locationTagName(tagID),
    exactDuplicates: async () => {
      await library.loaded();
      // Over the library as the views show it: an action just performed is already in it.
      return exactDuplicateGroups(library.gallery().reader());
    },
    removeDuplicates: async (groups) => {
      await library.loaded();
      const { actions } = library.gallery();
      let trashed = 0;
      // In order, the first refusal stopping the rest: the kept copies join
      // their albums before any copy goes to the trash.
      for (const action of deduplicationActions(groups)) {
        const outcome = await actions.perform(action);
        if (!outcome.ok) return outcome;
        if (action.kind === "trash") trashed = outcome.changedCount;
      }
      return { ok: true, changedCount: trashed };
    },
    largeFiles: async () => {
      await library.loaded();
      return largeFilesOf(library.gallery().reader());
    },
    similarPhotos: async (threshold) => {
      await library.loaded();
      const ml = library.ml();
      await ml?.loadStored();
      const reader = library.gallery().reader();
      const none = { perceptualHashOf: () => undefined, clipEmbeddingOf: () => undefined };
      return {
        ...librarySimilarPhotos(reader, ml ?? none, exactDuplicateGroups(reader), threshold),
        indexingEnabled: library.indexingEnabled(),
      };
    },
    mapOverview: async (scope) => {
      await library.loaded();
      return mapOf(library.gallery()).mapOverview(scope);
    },
    mapMarkers: async (request) => {
      await library.loaded();
      return mapOf(library.gallery()).mapMarkers(request);
    },
    ...peopleCallsOf(library),
    upload: async (request, onProgress) => {
      await library.loaded();
      return (await library.uploads()).upload(request, onProgress);
    },
    cancelUpload: () => {
      library.cancelUploads();
    },
  };
};
