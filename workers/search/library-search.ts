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
import { type PlaceNames, type SuggestableAlbum, searchSuggestions } from "./suggestions";

export interface LibrarySearchOptions {
  engine: GalleryEngine;
  dayOf: DayOf;
  facets?: SearchFacets | undefined;
  placeNames?: PlaceNames | undefined;
}

export interface LibrarySearch {
  suggestions(text: string, context: SuggestionContext): SearchSuggestion[];
  /** Opens the results of `query` as the search results view. */
  open(query: SearchQuery): GalleryViewSnapshot;
  /** The index of the library as it is now (built if the library changed). */
  index(): SearchIndex;
}

export const createLibrarySearch = ({
  engine,
  dayOf,
  facets,
  placeNames,
}: LibrarySearchOptions): LibrarySearch => {
  let indexed: { base: BuiltView; index: SearchIndex } | undefined;
  const monthsByLocale = new Map<string, MonthNames>();

  const indexOf = (base: BuiltView): SearchIndex => {
    if (indexed?.base !== base) indexed = { base, index: new SearchIndex(base, dayOf, facets) };
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

  /** Albums a person may be offered: real ones outside the hidden section (never revealed by a search). */
  const albums = (): SuggestableAlbum[] =>
    engine
      .summaries()
      .filter((summary) => summary.id > 0 && !summary.isHidden && summary.fileCount > 0)
      .map(({ id, name, fileCount }) => ({ id, name, count: fileCount }));

  return {
    index: () => indexOf(engine.searchableView()),

    suggestions(text, context) {
      return searchSuggestions(
        text,
        {
          index: indexOf(engine.searchableView()),
          albums: albums(),
          months: monthsOf(context.locale),
          placeNames,
        },
        context,
      );
    },

    open(query) {
      engine.setSearch((base) => indexOf(base).matcher(query));
      return engine.openView(PseudoCollectionID.searchResults);
    },
  };
};
