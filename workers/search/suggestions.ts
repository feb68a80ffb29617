// The search bar's suggestions for what is typed (pure): albums by name,
// dates, places (the user's location tags among them), things, file kinds, cameras, and files by name or caption,
// each with the number of files it finds; a suggestion that finds nothing is
// not offered. See: [Note: Suggestions rank whole words first]

import { searchFileKinds, type SearchQuery } from "../../shared/model/search/search-query";
import { type MonthNames, parseSearchDates } from "./date-query";
import { foldForSearch } from "./fold-text";
import type { SearchIndex } from "./search-index";
import type { SearchSuggestion, SuggestionContext } from "./search-contract";

// [Note: Suggestions rank whole words first]
//
// Within a group, a suggestion whose name has a word that starts with what
// was typed ("par" → "Paris trip") comes before one that only contains it
// ("par" → "Sparrows"), and then the one that finds more files. Each group
// shows a few suggestions, so a long list of one kind never pushes the
// others out of sight.

/** Suggestions shown per group. See: [Note: Suggestions rank whole words first] */
export const suggestionsPerGroup = 4;

/** Shorter text suggests nothing (one letter matches half of any library). */
export const minimumSuggestionTextLength = 2;

/** A person the bar can suggest: the user's named people who are not hidden. */
export interface SuggestablePerson {
  personID: string;
  name: string;
  /** Photos they are in. */
  count: number;
}

/** A place the user named in an Ente app: its entity's ID and name. */
export interface SuggestableLocationTag {
  id: string;
  name: string;
}

/** An album the bar can suggest: the user's albums outside the hidden section. */
export interface SuggestableAlbum {
  id: number;
  name: string;
  count: number;
}

export interface SuggestionSources {
  index: SearchIndex;
  albums: readonly SuggestableAlbum[];
  months: MonthNames;
  /** Names of places for the place suggestions; without them none is offered. */
  placeNames?: PlaceNames | undefined;
  /** The things present in the library, by COCO label. */
  things?: readonly string[] | undefined;
  /** The account's location tags, once pulled. */
  locationTags?: readonly SuggestableLocationTag[] | undefined;
  /** Named people (face search), once faces are indexed. */
  people?: readonly SuggestablePerson[] | undefined;
  /** Whether "photos of …" can be searched (CLIP's models are there and the library is indexed). */
  semanticAvailable?: boolean | undefined;
}

export interface PlaceNames {
  cityName(cityID: number): string | undefined;
  countryName(countryCode: string, locale: string): string | undefined;
}

/** 2: a word of `name` starts with `typed`; 1: `name` only contains it; 0: neither. */
const matchRank = (name: string, typed: string): number => {
  let rank = 0;
  for (let at = name.indexOf(typed); at !== -1; at = name.indexOf(typed, at + 1)) {
    if (at === 0 || /[^\p{L}\p{N}]/u.test(name[at - 1] ?? "")) return 2;
    rank = 1;
  }
  return rank;
};

const best = <T extends { rank: number; count: number }>(candidates: T[]): T[] =>
  candidates
    .filter(({ rank, count }) => rank > 0 && count > 0)
    .sort((a, b) => b.rank - a.rank || b.count - a.count)
    .slice(0, suggestionsPerGroup);

const albumSuggestions = (albums: readonly SuggestableAlbum[], typed: string): SearchSuggestion[] =>
  best(
    albums.map((album) => ({
      album,
      rank: matchRank(foldForSearch(album.name), typed),
      count: album.count,
    })),
  ).map(({ album }) => ({
    group: "album",
    collectionID: album.id,
    name: album.name,
    count: album.count,
  }));

const personSuggestions = (
  people: readonly SuggestablePerson[],
  typed: string,
): SearchSuggestion[] =>
  best(
    people.map((person) => ({
      person,
      rank: matchRank(foldForSearch(person.name), typed),
      count: person.count,
    })),
  ).map(({ person }) => ({
    group: "person",
    query: { kind: "person", personID: person.personID },
    name: person.name,
    count: person.count,
  }));

// [Note: A place the user named comes before a city of the same name]
//
// The places group mixes the user's location tags with GeoNames' cities
// and countries. A tag is a place the user chose and named, so among
// suggestions that match the typed text equally well it comes first,
// whatever the counts: "home" lists the tag "Home" before the town of
// Homer, even with more photos taken in Homer. A better match still comes
// first (see: [Note: Suggestions rank whole words first]): "ome" lists
// Omegna, whose name starts with it, before "Home", which only contains it.

type PlaceCandidate = {
  rank: number;
  count: number;
  /** A location tag. See: [Note: A place the user named comes before a city of the same name] */
  named: boolean;
  suggestion: Extract<SearchSuggestion, { group: "place" }>;
};

const locationTagCandidates = (
  { index, locationTags }: SuggestionSources,
  typed: string,
): PlaceCandidate[] =>
  (locationTags ?? []).map(({ id, name }) => {
    const query = { kind: "location-tag", tagID: id } as const;
    const rank = matchRank(foldForSearch(name), typed);
    const count = rank > 0 ? index.countOf(query) : 0;
    return { rank, count, named: true, suggestion: { group: "place", query, name, count } };
  });

const placeSuggestions = (
  sources: SuggestionSources,
  typed: string,
  locale: string,
): SearchSuggestion[] => {
  const candidates = [
    ...locationTagCandidates(sources, typed),
    ...geoNamesCandidates(sources, typed, locale),
  ];
  return candidates
    .filter(({ rank, count }) => rank > 0 && count > 0)
    .sort((a, b) => b.rank - a.rank || Number(b.named) - Number(a.named) || b.count - a.count)
    .slice(0, suggestionsPerGroup)
    .map(({ suggestion }) => suggestion);
};

/** The cities and countries of the library's photos, once the places data is loaded. */
const geoNamesCandidates = (
  { index, placeNames }: SuggestionSources,
  typed: string,
  locale: string,
): PlaceCandidate[] => {
  if (placeNames === undefined) return [];
  const cityCounts = new Map<number, { countryCode: string; count: number }>();
  const countryCounts = new Map<string, number>();
  for (let at = 0; at < index.count; at++) {
    const place = index.placeAt(at);
    if (place?.countryCode === undefined) continue;
    countryCounts.set(place.countryCode, (countryCounts.get(place.countryCode) ?? 0) + 1);
    if (place.cityID === undefined) continue;
    const city = cityCounts.get(place.cityID);
    if (city === undefined)
      cityCounts.set(place.cityID, { countryCode: place.countryCode, count: 1 });
    else city.count += 1;
  }
  const candidates: PlaceCandidate[] = [];
  for (const [countryCode, count] of countryCounts) {
    const name = placeNames.countryName(countryCode, locale) ?? countryCode;
    const englishName = placeNames.countryName(countryCode, "en-US") ?? countryCode;
    const rank = Math.max(
      matchRank(foldForSearch(name), typed),
      matchRank(foldForSearch(englishName), typed),
    );
    candidates.push({
      rank,
      count,
      named: false,
      suggestion: { group: "place", query: { kind: "place", countryCode }, name, count },
    });
  }
  for (const [cityID, { countryCode, count }] of cityCounts) {
    const name = placeNames.cityName(cityID);
    if (name === undefined) continue;
    candidates.push({
      rank: matchRank(foldForSearch(name), typed),
      count,
      named: false,
      suggestion: {
        group: "place",
        query: { kind: "place", countryCode, cityID },
        name,
        countryName: placeNames.countryName(countryCode, locale),
        count,
      },
    });
  }
  return candidates;
};

const thingSuggestions = (
  sources: SuggestionSources,
  typed: string,
  context: SuggestionContext,
): SearchSuggestion[] =>
  best(
    (sources.things ?? []).map((label) => {
      const query = { kind: "thing", label } as const;
      const shown = context.thingNames?.[label] ?? label;
      const rank = Math.max(matchRank(foldForSearch(shown), typed), matchRank(label, typed));
      return { query, rank, count: rank > 0 ? sources.index.countOf(query) : 0 };
    }),
  ).map(({ query, count }) => ({ group: "thing", query, count }));

/** The library's cameras whose name matches, by make or model. See: [Note: A camera is named by its model, with its maker when the model lacks it] */
const cameraSuggestions = (index: SearchIndex, typed: string): SearchSuggestion[] =>
  best(
    index.cameras.map((camera) => ({
      camera,
      rank: matchRank(camera.folded, typed),
      count: camera.count,
    })),
  ).map(({ camera, count }) => ({
    group: "camera",
    query: { kind: "camera", name: camera.name },
    count,
  }));

/** The suggestions for `text`, in the bar's group order. */
export const searchSuggestions = (
  text: string,
  sources: SuggestionSources,
  context: SuggestionContext,
): SearchSuggestion[] => {
  const trimmed = text.trim();
  const typed = foldForSearch(trimmed);
  if (typed.length < minimumSuggestionTextLength) return [];
  const { index } = sources;
  const counted = <Q extends SearchQuery>(query: Q) => ({ query, count: index.countOf(query) });

  const dates = parseSearchDates(trimmed, sources.months, index.libraryYears())
    .map((date) => counted({ kind: "date" as const, date }))
    .filter(({ count }) => count > 0)
    .slice(0, suggestionsPerGroup)
    .map((found): SearchSuggestion => ({ group: "date", ...found }));

  const fileKinds = best(
    searchFileKinds.map((fileKind) => {
      const query = { kind: "file-kind" as const, fileKind };
      const rank = Math.max(
        matchRank(foldForSearch(context.fileKindNames[fileKind]), typed),
        matchRank(fileKind.replace("-", " "), typed),
      );
      return { query, rank, count: rank > 0 ? index.countOf(query) : 0 };
    }),
  ).map(({ query, count }): SearchSuggestion => ({ group: "file-kind", query, count }));

  const byName = counted({ kind: "name" as const, text: trimmed });
  const byCaption = counted({ kind: "caption" as const, text: trimmed });

  return [
    ...albumSuggestions(sources.albums, typed),
    ...personSuggestions(sources.people ?? [], typed),
    ...dates,
    ...placeSuggestions(sources, typed, context.locale),
    ...thingSuggestions(sources, typed, context),
    ...fileKinds,
    ...cameraSuggestions(index, typed),
    ...(sources.semanticAvailable === true
      ? [{ group: "semantic", query: { kind: "semantic", text: trimmed } } as const]
      : []),
    ...(byName.count > 0 ? [{ group: "name" as const, ...byName }] : []),
    ...(byCaption.count > 0 ? [{ group: "caption" as const, ...byCaption }] : []),
  ];
};
