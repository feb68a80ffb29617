// What the search bar asks of the library's worker and what it gets back:
// suggestions for typed text, grouped by kind, each with how many files it
// finds, and the search view of a chosen query. Types only; the sync worker
// implements them (`library-search.ts`). See: [Note: A worker's API is declared once]

import type {
  SearchDate,
  SearchFileKind,
  SearchQuery,
} from "../../shared/model/search/search-query";
import type { GalleryViewSnapshot } from "../gallery/gallery-contract";

/** The suggestion groups, in the order the bar shows them. */
export const suggestionGroups = [
  "album",
  "person",
  "date",
  "place",
  "thing",
  "file-kind",
  "camera",
  "semantic",
  "name",
  "caption",
] as const;
export type SuggestionGroup = (typeof suggestionGroups)[number];

/** One suggestion: what it finds and how many files. Labels of dates and kinds are the page's to format. */
export type SearchSuggestion =
  /** An album whose name matches: choosing it opens the album. */
  | { group: "album"; collectionID: number; name: string; count: number }
  /** A named person: choosing it opens the photos they are in. */
  | {
      group: "person";
      query: Extract<SearchQuery, { kind: "person" }>;
      name: string;
      count: number;
    }
  | { group: "date"; query: { kind: "date"; date: SearchDate }; count: number }
  /** A city, a country, or a place the user named in an Ente app (a location tag). */
  | {
      group: "place";
      query: Extract<SearchQuery, { kind: "place" | "location-tag" }>;
      /** "Paris", the country's name in the user's language for a country, or the tag's name ("Home"). */
      name: string;
      /** The country's name, beside a city. */
      countryName?: string | undefined;
      count: number;
    }
  | { group: "thing"; query: Extract<SearchQuery, { kind: "thing" }>; count: number }
  | { group: "file-kind"; query: Extract<SearchQuery, { kind: "file-kind" }>; count: number }
  /** A camera of the library whose name matches: its name is the query's. */
  | { group: "camera"; query: Extract<SearchQuery, { kind: "camera" }>; count: number }
  /** "Photos of <text>": its count is unknown until the search runs. */
  | { group: "semantic"; query: Extract<SearchQuery, { kind: "semantic" }> }
  | { group: "name"; query: Extract<SearchQuery, { kind: "name" }>; count: number }
  | { group: "caption"; query: Extract<SearchQuery, { kind: "caption" }>; count: number };

/** What the page tells the worker about the words a person reads: the user's locale and the kinds' names in it. */
export interface SuggestionContext {
  /** A BCP 47 locale of the app ("de-DE"): month and country names are read in it. */
  locale: string;
  /** The file kinds' names as the page shows them ("Videos", "Bildschirmfotos"). */
  fileKindNames: Readonly<Record<SearchFileKind, string>>;
  /** The things' names as the page shows them, by COCO label ("dog" → "Hund"). */
  thingNames?: Readonly<Record<string, string>> | undefined;
}

/** The search calls of the library's worker. */
export interface SearchCalls {
  /** Suggestions for what is typed, most useful first within each group. */
  searchSuggestions(text: string, context: SuggestionContext): Promise<SearchSuggestion[]>;
  /**
   * Makes the search results of `query` the open view (view ID
   * `PseudoCollectionID.searchResults`) and answers its snapshot; library
   * notifications then carry it as the library changes.
   */
  openSearch(query: SearchQuery): Promise<GalleryViewSnapshot>;
  /** The name of a place search's city (GeoNames ID), for its title; undefined when unknown. */
  cityName(cityID: number): Promise<string | undefined>;
  /** The name of a location tag (its entity's ID), for its search's title; undefined when there is none. */
  locationTagName(tagID: string): Promise<string | undefined>;
}
