// The search over a library's view engine: the index of its searchable
// view (rebuilt when that view is), the suggestions for typed text, and the
// search results view of a chosen query. See: [Note: Search runs where the library is]

import { PseudoCollectionID } from "../../shared/model/library/gallery-summary";
import type { SearchQuery } from "../../shared/model/search/search-query";
import type { GalleryViewSnapshot } from "../gallery/gallery-contract";
import type { DayOf } from "../gallery/engine/days";
import type { GalleryEngine } from "../gallery/engine/gallery-engine";
import type { BuiltView } from "../gallery/engine/view-builder";
import { type MonthNames, monthNamesOf } from "./date-query";
import type { SearchSuggestion, SuggestionContext } from "./search-contract";
import { type SearchFacets, SearchIndex } from "./search-index";
import {
  type PlaceNames,
  type SuggestableAlbum,
  type SuggestablePerson,
  searchSuggestions,
} from "./suggestions";
import type { Places } from "../places/places-loader";
import type { LibraryML } from "../ml/indexing/library-ml";
import type { LocationTag } from "../places/location-tag";

export interface LibrarySearchOptions {
  engine: GalleryEngine;
  dayOf: DayOf;
  /** The places data, loaded on the first search; without it there are no place searches. */
  places?: (() => Promise<Places>) | undefined;
  /** On-device ML: the things of files and CLIP's matches, once it runs. */
  ml?: (() => LibraryML | undefined) | undefined;
  /** Settles once on-device ML's code has loaded (or failed to): the suggestions wait for it. */
  mlHosted?: (() => Promise<void>) | undefined;
  /** The people (face search), once face indexing has found some. */
  people?: (() => PeopleSearch | undefined) | undefined;
  /** The account's location tags (places named in an Ente app). */
  locationTags?: (() => LocationTagsSearch | undefined) | undefined;
}

/** What the search reads of the location tags. */
export interface LocationTagsSearch {
  /** Pulls the tags when stale: a search may wait for it. */
  prepare(): Promise<void>;
  /** The tags, once prepared. */
  tags(): readonly LocationTag[];
  /** A tag by its entity's ID; undefined once deleted (or never known). */
  tagByID(tagID: string): LocationTag | undefined;
}

/** What the search reads of the people. */
export interface PeopleSearch {
  /** Clusters the faces and reads the named people, when stale: a search may wait for it. */
  prepare(): Promise<void>;
  /** The files a person is in, once prepared; undefined for an unknown person. */
  filesOf(personID: string): ReadonlySet<number> | undefined;
  /** The named people who are not hidden, once prepared. */
  suggestable(): readonly SuggestablePerson[];
}

/** Where a photo was taken, as the info panel shows it. */
export interface PlaceOfFile {
  cityName?: string | undefined;
  countryCode: string;
}

export interface LibrarySearch {
  suggestions(text: string, context: SuggestionContext): Promise<SearchSuggestion[]>;
  /** Opens the results of `query` as the search results view. */
  open(query: SearchQuery): Promise<GalleryViewSnapshot>;
  /** The index of the library as it is now (built if the library changed). */
  index(): SearchIndex;
  /** A city's name by its GeoNames ID (the places data loaded first). */
  cityName(cityID: number): Promise<string | undefined>;
  /** The place of a location (the places data loaded first), or undefined. */
  placeOf(latitude: number, longitude: number): Promise<PlaceOfFile | undefined>;
  /**
   * The people changed (named, merged, faces found or removed): an open
   * search of a person is made again. Whether it was one (the page needs a new snapshot).
   */
  peopleChanged(): boolean;
  /** The location tags changed: an open search of a tag is made again. Whether it was one. */
  locationTagsChanged(): boolean;
  /** A location tag's name (the tags pulled first when stale), or undefined when there is none. */
  locationTagName(tagID: string): Promise<string | undefined>;
}

// [Note: Places load with the first search]
//
// The places data (130k cities and the countries' shapes, 3.9 MB, 2.4 MB
// on the wire, cached for a year) is fetched from the app's origin and its
// indexes built the first time a search or an info panel needs a place,
// not when the library opens: most visits never search. The search field
// asks for it as it gains focus, so the first keystroke rarely waits. A
// failed load is retried at the next need; until then places are absent,
// and everything else works.

// [Note: The suggestions know whether CLIP is on]
//
// "Photos of …" is offered only when CLIP is on, which the indexing runs
// learn from the ML worker; things and people, too, come from on-device
// ML, whose code the sync worker loads after the library. After a reload,
// someone typing at once (or on a busy machine) was offered none of them
// for that text until they typed again. So the suggestions and a search's
// opening wait for that code to load, and the first suggestions ask
// whether CLIP is on when no run has yet, the ML worker answering from the
// server's models status alone (see: [Note: CLIP is on once the server
// says its models are ready]) and sharing that one request with the run.

export const createLibrarySearch = ({
  engine,
  dayOf,
  places,
  ml,
  mlHosted,
  people,
  locationTags,
}: LibrarySearchOptions): LibrarySearch => {
  let indexed: { base: BuiltView; index: SearchIndex } | undefined;
  const monthsByLocale = new Map<string, MonthNames>();
  let loadedPlaces: Places | undefined;

  /** See: [Note: Places load with the first search] */
  const ensurePlaces = async (): Promise<Places | undefined> => {
    if (loadedPlaces !== undefined || places === undefined) return loadedPlaces;
    try {
      loadedPlaces = await places();
    } catch {
      // Retried at the next need; searches go on without places meanwhile.
    }
    return loadedPlaces;
  };

  const searchFacets: SearchFacets = {
    get placeOf() {
      const loaded = loadedPlaces;
      if (loaded === undefined) return undefined;
      return (latitude: number, longitude: number) => {
        const place = loaded.placeOf({ latitude, longitude });
        return place === undefined
          ? undefined
          : { countryCode: place.countryCode, cityID: place.city?.id };
      };
    },
    get thingsOf() {
      const current = ml?.();
      return current === undefined ? undefined : (fileID: number) => current.thingsOf(fileID);
    },
    get semanticMatches() {
      const current = ml?.();
      return current === undefined ? undefined : (text: string) => current.semanticMatches(text);
    },
    get personFiles() {
      const current = people?.();
      return current === undefined ? undefined : (personID: string) => current.filesOf(personID);
    },
    get locationTag() {
      const current = locationTags?.();
      return current === undefined ? undefined : (tagID: string) => current.tagByID(tagID);
    },
  };

  /** The names of places, once their data is loaded. */
  const placeNamesOf = (loaded: Places): PlaceNames => ({
    cityName: (cityID) => loaded.cityByID(cityID)?.name,
    countryName: (countryCode, locale) => loaded.countryName(countryCode, locale),
  });

  const indexOf = (base: BuiltView): SearchIndex => {
    if (indexed?.base !== base) {
      indexed = { base, index: new SearchIndex(base, dayOf, searchFacets) };
    }
    return indexed.index;
  };

  const monthsOf = (locale: string): MonthNames => {
    let months = monthsByLocale.get(locale);
    if (months === undefined) {
      months = monthNamesOf(locale);
      monthsByLocale.set(locale, months);
    }
    return months;
  };

  /** The files of an album as its view shows them (none for a hidden album: a search never reveals one). */
  const albumFileIDs = (collectionID: number): ReadonlySet<number> => {
    const summary = engine.summaries().find((candidate) => candidate.id === collectionID);
    if (summary === undefined || summary.isHidden) return new Set();
    return new Set(
      engine.viewFiles(collectionID, 0, Number.MAX_SAFE_INTEGER).map((file) => file.id),
    );
  };

  /** Albums a person may be offered: real ones outside the hidden section (never revealed by a search). */
  const albums = (): SuggestableAlbum[] =>
    engine
      .summaries()
      .filter((summary) => summary.id > 0 && !summary.isHidden && summary.fileCount > 0)
      .map(({ id, name, fileCount }) => ({ id, name, count: fileCount }));

  /** The query the search results view shows. */
  let openQuery: SearchQuery | undefined;
  const select = (query: SearchQuery) => {
    openQuery = query;
    engine.setSearch((base) => {
      const index = indexOf(base);
      const matches = index.matcher(query);
      if (matches === undefined || query.kind !== "area" || query.collectionID === undefined) {
        return matches;
      }
      // An album's map: its area keeps the album's files only.
      const inAlbum = albumFileIDs(query.collectionID);
      return (at) => matches(at) && inAlbum.has(index.ids[at] ?? 0);
    });
  };

  return {
    index: () => indexOf(engine.searchableView()),

    async suggestions(text, context) {
      await mlHosted?.();
      // The places, the indexes this device keeps (things, CLIP) and whether
      // CLIP is on, before the first answer.
      // See: [Note: The suggestions know whether CLIP is on]
      await Promise.all([
        ensurePlaces(),
        ml?.()?.loadStored(),
        ml?.()?.knowSemanticAvailability(),
        people?.()?.prepare(),
        locationTags?.()?.prepare(),
      ]);
      return searchSuggestions(
        text,
        {
          index: indexOf(engine.searchableView()),
          albums: albums(),
          months: monthsOf(context.locale),
          placeNames: loadedPlaces === undefined ? undefined : placeNamesOf(loadedPlaces),
          things: ml?.()?.thingLabels(),
          people: people?.()?.suggestable(),
          locationTags: locationTags?.()?.tags(),
          semanticAvailable: ml?.()?.semanticAvailable(),
        },
        context,
      );
    },

    peopleChanged() {
      if (openQuery?.kind !== "person") return false;
      select(openQuery);
      return true;
    },

    locationTagsChanged() {
      if (openQuery?.kind !== "location-tag") return false;
      select(openQuery);
      return true;
    },

    async locationTagName(tagID) {
      const current = locationTags?.();
      await current?.prepare();
      return current?.tagByID(tagID)?.name;
    },

    async open(query) {
      if (query.kind === "thing" || query.kind === "semantic" || query.kind === "person") {
        await mlHosted?.();
      }
      if (query.kind === "place") await ensurePlaces();
      if (query.kind === "thing" || query.kind === "semantic") await ml?.()?.loadStored();
      if (query.kind === "person") await people?.()?.prepare();
      if (query.kind === "location-tag") await locationTags?.()?.prepare();
      // See: [Note: A semantic search is embedded once, then matched in place]
      if (query.kind === "semantic") await ml?.()?.prepareSemantic(query.text);
      select(query);
      return engine.openView(PseudoCollectionID.searchResults);
    },

    async cityName(cityID) {
      return (await ensurePlaces())?.cityByID(cityID)?.name;
    },

    async placeOf(latitude, longitude) {
      const place = (await ensurePlaces())?.placeOf({ latitude, longitude });
      return place === undefined
        ? undefined
        : { cityName: place.city?.name, countryCode: place.countryCode };
    },
  };
};
