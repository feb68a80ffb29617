// The view engine of the sync worker: summaries for the albums bar, the open
// view's snapshot, windows of any view's items, a file's position and its
// details. It reads any `LibraryReader` (the stored library, or it with the
// pending optimistic changes) and rebuilds only what the reader's versions
// say changed. See: [Note: Views cache on versions]

import type { ViewChoices } from "../../../shared/model/library/view-choices";
import { Visibility } from "../../../shared/model/library/file-metadata";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import {
  type GalleryCalls,
  type GalleryFileDetails,
  type GalleryItem,
  type GalleryViewSnapshot,
  type LibraryReader,
} from "../gallery-contract";
import {
  type CollectionSortBy,
  type GallerySummary,
  PseudoCollectionID,
} from "../../../shared/model/library/gallery-summary";
import { type DayOf, localDayOf } from "./days";
import { FileEntriesCache } from "./file-entries";
import { type LibraryFacts, fileVisibility, libraryFacts } from "./library-facts";
import { buildSummaries } from "./summaries";
import { uploaderNameOf } from "./uploader-name";
import {
  type BuiltView,
  buildView,
  everythingInTimeline,
  planSearchable,
  planView,
  selectFromView,
} from "./view-builder";

/** Which items of the searchable view the open search keeps (undefined: none, no search is open). */
export type SearchSelection = (searchable: BuiltView) => ((index: number) => boolean) | undefined;

/** A file the library does not hold (any more). */
export class FileNotInLibraryError extends Error {
  override readonly name = "FileNotInLibraryError";

  constructor(readonly fileID: number) {
    super(`File ${String(fileID)} is not in the library`);
  }
}

export interface GalleryEngineOptions {
  /** The library as views show it (read on every call: it may be replaced). */
  reader: () => LibraryReader;
  /** The calendar of day groups (the local time zone by default). */
  dayOf?: DayOf;
  /** The user's choices (read on every call: views are rebuilt when they change). */
  choices?: () => ViewChoices;
}

/** The view engine: the gallery's view reads (see `GalleryCalls`), and what the worker's own services read of views. */
export interface GalleryEngine extends Pick<
  GalleryCalls,
  "openView" | "viewWindow" | "viewItemsAt" | "indexOfFile"
> {
  /** The info panel's details of a file (without its place: the search's places data adds it). */
  fileDetails(fileID: number): GalleryFileDetails;
  /** Every summary, in the bar's order for `sortBy` (name by default). */
  summaries(sortBy?: CollectionSortBy): GallerySummary[];
  /** The open view's snapshot as the library now is (undefined before `openView`). */
  openSnapshot(): GalleryViewSnapshot | undefined;
  /** A view's snapshot without making it the open view (the first-screen record). */
  viewSnapshot(viewID: number): GalleryViewSnapshot;
  /** The record of a file in any collection or the trash (thumbnails, originals, downloads). */
  fileByID(fileID: number): DecryptedFile | undefined;
  /** The records of a view's items `[startIndex, startIndex + count)`, in display order. */
  viewFiles(viewID: number, startIndex: number, count: number): DecryptedFile[];
  /** What the search searches, in display order (rebuilt when the library changes, as views are). */
  searchableView(): BuiltView;
  /** Sets what the search results view (`PseudoCollectionID.searchResults`) keeps of the searchable view. */
  setSearch(selection: SearchSelection | undefined): void;
}

/** How many built views are kept besides the open one: the pseudo-collections the summaries need, and a few albums visited. */
const keptViewCount = 8;

export const createGalleryEngine = ({
  reader: currentReader,
  dayOf = localDayOf,
  choices: currentChoices = () => everythingInTimeline,
}: GalleryEngineOptions): GalleryEngine => {
  const cache = new FileEntriesCache();
  let factsOf: { reader: LibraryReader; version: number; facts: LibraryFacts } | undefined;
  /** Built views by ID, valid for one reader at one version; most recently used last. */
  const views = new Map<number, BuiltView>();
  let viewsOf: { reader: LibraryReader; version: number; choices: ViewChoices } | undefined;
  let nextViewVersion = 1;
  let openViewID: number | undefined;
  let searchable: BuiltView | undefined;
  let searchSelection: SearchSelection | undefined;

  const facts = (reader: LibraryReader): LibraryFacts => {
    if (factsOf?.reader === reader && factsOf.version === reader.version) return factsOf.facts;
    const next = libraryFacts(reader);
    factsOf = { reader, version: reader.version, facts: next };
    cache.retainOnly(new Set([...reader.collections()].map(({ id }) => id)));
    return next;
  };

  /** Drops the built views when the library or the choices changed since they were built. */
  const dropStaleViews = () => {
    const reader = currentReader();
    const choices = currentChoices();
    if (
      viewsOf?.reader !== reader ||
      viewsOf.version !== reader.version ||
      viewsOf.choices.sharedInTimeline !== choices.sharedInTimeline
    ) {
      views.clear();
      searchable = undefined;
      viewsOf = { reader, version: reader.version, choices };
    }
  };

  const view = (viewID: number): BuiltView => {
    dropStaleViews();
    const reader = currentReader();
    const choices = currentChoices();
    const cached = views.get(viewID);
    if (cached !== undefined) {
      views.delete(viewID);
      views.set(viewID, cached);
      return cached;
    }
    const built =
      viewID === PseudoCollectionID.searchResults
        ? searchResults()
        : buildView(
            planView(viewID, reader, facts(reader), cache, choices),
            nextViewVersion++,
            dayOf,
          );
    views.set(viewID, built);
    for (const id of views.keys()) {
      if (views.size <= keptViewCount) break;
      if (id !== openViewID) views.delete(id);
    }
    return built;
  };

  /** The searchable view, built with the views (after `dropStaleViews`: it drops both when the library changes). */
  const searchableBuilt = (): BuiltView => {
    if (searchable !== undefined) return searchable;
    const reader = currentReader();
    searchable = buildView(planSearchable(reader, facts(reader), cache), nextViewVersion++, dayOf);
    return searchable;
  };

  const searchResults = (): BuiltView => {
    const base = searchableBuilt();
    const keep = searchSelection?.(base);
    return selectFromView(
      base,
      keep ?? (() => false),
      PseudoCollectionID.searchResults,
      nextViewVersion++,
      dayOf,
    );
  };

  const snapshotOf = (built: BuiltView): GalleryViewSnapshot => ({
    viewID: built.viewID,
    version: built.version,
    totalCount: built.count,
    days: built.days,
    aspectRatios: built.aspectRatios,
  });

  const favoriteIDs = (reader: LibraryReader): ((fileID: number) => boolean) => {
    const favoritesID = facts(reader).favoritesID;
    if (favoritesID === undefined) return () => false;
    const entries = cache.of(reader, favoritesID);
    return (fileID) => entries.positionOf(fileID) !== -1;
  };

  /** Reads the grid's item at a view index of `built` (undefined outside the view). */
  const itemReader = (
    viewID: number,
    built: BuiltView,
  ): ((index: number) => GalleryItem | undefined) => {
    const reader = currentReader();
    const isFavorite = favoriteIDs(reader);
    // In an album, others' files say who added them. See: [Note: Who added someone else's file]
    const album = viewID > 0 ? reader.collection(viewID) : undefined;
    return (index) => {
      const file = Number.isInteger(index) ? built.files[index] : undefined;
      if (file === undefined) return undefined;
      return {
        id: file.id,
        collectionID: built.collectionIDs[index] ?? file.collectionID,
        isOwn: file.ownerID === reader.userID,
        fileType: file.metadata.fileType,
        timeUs: built.timesUs[index] ?? 0,
        title: file.pubMagicMetadata?.data.editedName ?? file.metadata.title,
        isFavorite: isFavorite(file.id),
        visibility: fileVisibility(file),
        durationSec: file.metadata.duration,
        deleteByUs: built.deleteByUs?.[index],
        uploaderName:
          album === undefined
            ? file.pubMagicMetadata?.data.uploaderName
            : uploaderNameOf(file, [album], reader.userID),
      };
    };
  };

  const fileByID = (fileID: number): DecryptedFile | undefined => {
    const reader = currentReader();
    const open = openViewID === undefined ? undefined : views.get(openViewID);
    for (const collection of reader.collections()) {
      const entries = cache.of(reader, collection.id);
      const position = entries.positionOf(fileID);
      if (position !== -1) return entries.files[position];
    }
    const trash = cache.trash(reader);
    const position = trash.positionOf(fileID);
    if (position !== -1) return trash.files[position];
    // A view built from a reader that has since moved on may still hold it.
    const index = open === undefined ? -1 : open.ids.indexOf(fileID);
    return index === -1 ? undefined : open?.files[index];
  };

  return {
    summaries(sortBy = "name") {
      const reader = currentReader();
      return buildSummaries({ reader, facts: facts(reader), cache, view }, sortBy);
    },

    openView(viewID) {
      openViewID = viewID;
      return snapshotOf(view(viewID));
    },

    openSnapshot() {
      return openViewID === undefined ? undefined : snapshotOf(view(openViewID));
    },

    viewSnapshot: (viewID) => snapshotOf(view(viewID)),

    viewWindow(viewID, startIndex, count) {
      const built = view(viewID);
      const itemAt = itemReader(viewID, built);
      const start = Math.max(0, Math.min(Math.floor(startIndex), built.count));
      const end = Math.max(start, Math.min(start + Math.max(0, Math.floor(count)), built.count));
      const items: GalleryItem[] = [];
      for (let index = start; index < end; index++) {
        const item = itemAt(index);
        if (item !== undefined) items.push(item);
      }
      return { viewID, version: built.version, startIndex: start, items };
    },

    viewItemsAt(viewID, indexes) {
      const built = view(viewID);
      const itemAt = itemReader(viewID, built);
      return {
        viewID,
        version: built.version,
        indexes: [...indexes],
        items: indexes.map((index) => itemAt(index)),
      };
    },

    indexOfFile(viewID, fileID) {
      return view(viewID).ids.indexOf(fileID);
    },

    fileDetails(fileID) {
      const file = fileByID(fileID);
      if (file === undefined) throw new FileNotInLibraryError(fileID);
      const reader = currentReader();
      const libraryFacts = facts(reader);
      const albums: DecryptedCollection[] = [];
      for (const collection of reader.collections()) {
        if (libraryFacts.hiddenIDs.has(collection.id)) continue;
        if (cache.of(reader, collection.id).positionOf(fileID) !== -1) albums.push(collection);
      }
      const albumNames = albums.map(({ name }) => name);
      albumNames.sort((a, b) => a.localeCompare(b));
      const publicData = file.pubMagicMetadata?.data;
      const editedTimeUs = publicData?.editedTime;
      return {
        id: file.id,
        title: publicData?.editedName ?? file.metadata.title,
        originalTitle: file.metadata.title,
        caption: publicData?.caption,
        timeUs: editedTimeUs ?? file.metadata.creationTime,
        editedTimeUs,
        latitude: file.metadata.latitude,
        longitude: file.metadata.longitude,
        sizeBytes: file.info?.fileSize,
        fileType: file.metadata.fileType,
        isOwn: file.ownerID === reader.userID,
        isFavorite: favoriteIDs(reader)(fileID),
        visibility: file.magicMetadata?.data.visibility ?? Visibility.visible,
        albumNames,
        uploaderName: uploaderNameOf(file, albums, reader.userID),
        width: publicData?.w,
        height: publicData?.h,
      };
    },

    fileByID,

    searchableView() {
      dropStaleViews();
      return searchableBuilt();
    },

    setSearch(selection) {
      searchSelection = selection;
      views.delete(PseudoCollectionID.searchResults);
    },

    viewFiles(viewID, startIndex, count) {
      const built = view(viewID);
      const start = Math.max(0, Math.floor(startIndex));
      return built.files.slice(start, start + Math.max(0, Math.floor(count)));
    },
  };
};
