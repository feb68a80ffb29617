// The map's calls over the library's worker: one map index per scope (the
// library, or an album), rebuilt when the library changes. See: [Note: The map clusters in the worker]

import type { DecryptedFile } from "../library/decrypted-records";
import type { MapCalls, MapScope } from "./map-contract";
import { type LocationColumns, locatedPhotosOf, locationColumnsOfFiles } from "./located-photos";
import { type MapIndex, createMapIndex } from "./map-index";

export interface LibraryMapSource {
  /** Grows with every change of the library. */
  version(): number;
  /** The library's located photos as the search sees them (its index's columns). */
  libraryColumns(): LocationColumns;
  /** An album's files in display order, or undefined for no such album (or a hidden one). */
  albumFiles(collectionID: number): readonly DecryptedFile[] | undefined;
}

/** Indexes kept: the library's and a few albums' (each 100k photos is some 20 MB). */
const keptIndexCount = 3;

export const createLibraryMap = (source: LibraryMapSource): MapCalls => {
  /** By scope key, for the library version they were built at; most recently used last. */
  const indexes = new Map<string, { version: number; index: MapIndex }>();

  const indexOf = ({ collectionID }: MapScope): MapIndex => {
    const key = collectionID === undefined ? "library" : `album:${String(collectionID)}`;
    const version = source.version();
    const kept = indexes.get(key);
    indexes.delete(key);
    if (kept?.version === version) {
      indexes.set(key, kept);
      return kept.index;
    }
    const columns =
      collectionID === undefined
        ? source.libraryColumns()
        : locationColumnsOfFiles(source.albumFiles(collectionID) ?? []);
    const index = createMapIndex(locatedPhotosOf(columns));
    indexes.set(key, { version, index });
    for (const oldest of indexes.keys()) {
      if (indexes.size <= keptIndexCount) break;
      indexes.delete(oldest);
    }
    return index;
  };

  return {
    mapOverview: (scope) => Promise.resolve(indexOf(scope).overview()),
    mapMarkers: ({ area, zoom, collectionID }) =>
      Promise.resolve(indexOf({ collectionID }).markers(area, zoom)),
  };
};
