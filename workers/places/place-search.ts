// Places that match what a person types in the search bar: cities by their
// GeoNames name and countries by their names in the person's language and in
// English. Called on every keystroke, over 130 k cities. Pure once built.

import { foldForSearch, searchWords } from "../search/fold-text";
import { countryName, countryNamesIn, countryNamesLanguage } from "./country-names";
import type { PlacesData } from "./places-asset-format";

export type PlaceMatch =
  /** A country, named in the person's language. */
  | { kind: "country"; countryCode: string; name: string }
  /** A city: its GeoNames ID, name and country (alpha-2). */
  | { kind: "city"; id: number; name: string; countryCode: string };

/**
 * [Note: Place matches rank exact names first, then by population]
 *
 * Typed text and names are folded alike (See: [Note: Search forgives case
 * and accents]) and split into words; every typed word must begin a
 * different word of the name, so "zur" finds Zürich, "sao pa" São Paulo and
 * "york" New York City. Names whose words are exactly the typed words come
 * first ("york": York), then every other match by population, largest
 * first: a city's population is its order in the asset, and a country
 * ranks just ahead of its largest city, so "par" is Paris before Paraguay,
 * "s" is Shanghai before Spain, and "deutschl" is Deutschland before the
 * town of Deutschlandsberg. A name beginning with the text is not put above
 * a bigger one that has it further in: "york" is York, then New York City,
 * then Yorkton.
 */
const tiers = { exact: 0, begins: 1 } as const;
type Tier = (typeof tiers)[keyof typeof tiers];

/** The tier of a name for the typed words, or undefined when it does not match. */
const tierOf = (nameWords: readonly string[], typedWords: readonly string[]): Tier | undefined => {
  if (typedWords.length === 1) {
    const [typed = ""] = typedWords;
    if (!nameWords.some((word) => word.startsWith(typed))) return undefined;
    return nameWords.length === 1 && nameWords[0] === typed ? tiers.exact : tiers.begins;
  }
  const used = new Array<boolean>(nameWords.length).fill(false);
  for (const typed of typedWords) {
    const at = nameWords.findIndex((word, i) => !used[i] && word.startsWith(typed));
    if (at === -1) return undefined;
    used[at] = true;
  }
  const exact =
    nameWords.length === typedWords.length && nameWords.every((word, i) => word === typedWords[i]);
  return exact ? tiers.exact : tiers.begins;
};

/** The first index in sorted `words` not less than `word`. */
const lowerBound = (words: readonly string[], word: string): number => {
  let [low, high] = [0, words.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((words[middle] ?? "") < word) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** Beyond every UTF-16 code unit of a folded word: `[w, w + this)` holds the words that begin with w. */
const afterEveryWord = "\uffff";

interface CountryEntry {
  countryCode: string;
  name: string;
  /** The words of each of its names, in the language and in English. */
  names: readonly (readonly string[])[];
}

export interface PlaceSearch {
  /** Up to `limit` places for the typed text, best first. See: [Note: Place matches rank exact names first, then by population] */
  search(text: string, locale: string, limit: number): PlaceMatch[];
}

/** The search over the decoded asset: folds every name once and indexes its words. */
export const placeSearch = (data: PlacesData): PlaceSearch => {
  const count = data.names.length;
  const cityWords = data.names.map((name) => searchWords(foldForSearch(name)));
  const countryCodeOf = (city: number) => data.countryCodes[data.countryIndexes[city] ?? 0] ?? "";

  // Every distinct word, sorted, and the cities that have it (by population:
  // cities are visited in index order, so each list is ascending).
  const citiesOfWord = new Map<string, number[]>();
  cityWords.forEach((words, city) => {
    for (const word of new Set(words)) {
      const cities = citiesOfWord.get(word);
      if (cities === undefined) citiesOfWord.set(word, [city]);
      else cities.push(city);
    }
  });
  const words = [...citiesOfWord.keys()].sort();
  const postingStarts = new Uint32Array(words.length + 1);
  const postings = new Uint32Array(
    words.reduce((total, word) => total + (citiesOfWord.get(word)?.length ?? 0), 0),
  );
  words.forEach((word, i) => {
    const cities = citiesOfWord.get(word) ?? [];
    postings.set(cities, postingStarts[i]);
    postingStarts[i + 1] = (postingStarts[i] ?? 0) + cities.length;
  });
  citiesOfWord.clear();

  /** The cities' postings of the words that begin with `typed`: [start, end). */
  const postingRange = (typed: string): [number, number] => [
    postingStarts[lowerBound(words, typed)] ?? 0,
    postingStarts[lowerBound(words, typed + afterEveryWord)] ?? 0,
  ];

  // A match's place in the answer as one number: its tier, then its rank
  // (a city's index; a country's largest city's index), a country just
  // ahead of the city of the same rank.
  const rankKey = (tier: Tier, rank: number, kind: PlaceMatch["kind"]) =>
    (tier * (count + 1) + rank) * 2 + (kind === "city" ? 1 : 0);

  /** Per country code: the index of its largest city, `count` for one without cities. */
  const countryRanks = new Map<string, number>();
  for (let city = count - 1; city >= 0; city--) countryRanks.set(countryCodeOf(city), city);

  // A city is seen once per query though several of its words match.
  const seenInQuery = new Uint32Array(count);
  let query = 0;

  /** Keys of the best `limit` cities. */
  const matchingCities = (typedWords: readonly string[], limit: number): Float64Array => {
    // The rarest typed word's cities are the fewest to check.
    const [start, end] = typedWords
      .map(postingRange)
      .reduce((best, range) => (range[1] - range[0] < best[1] - best[0] ? range : best));
    query = (query + 1) >>> 0 || 1;
    const keys: number[] = [];
    for (let p = start; p < end; p++) {
      const city = postings[p] ?? 0;
      if (seenInQuery[city] === query) continue;
      seenInQuery[city] = query;
      const tier = tierOf(cityWords[city] ?? [], typedWords);
      if (tier !== undefined) keys.push(rankKey(tier, city, "city"));
    }
    return Float64Array.from(keys).sort().subarray(0, limit);
  };

  const countriesByLanguage = new Map<string, readonly CountryEntry[]>();
  const countriesIn = (locale: string): readonly CountryEntry[] => {
    const language = countryNamesLanguage(locale);
    const known = countriesByLanguage.get(language);
    if (known !== undefined) return known;
    const localNames = countryNamesIn(language);
    const englishNames = countryNamesIn("en");
    const entries = Object.keys(englishNames).map((countryCode) => ({
      countryCode,
      name: countryName(countryCode, language),
      names: [...(localNames[countryCode] ?? []), ...(englishNames[countryCode] ?? [])].map(
        (name) => searchWords(foldForSearch(name)),
      ),
    }));
    countriesByLanguage.set(language, entries);
    return entries;
  };

  interface Ranked {
    key: number;
    /** A country's match; a city's is made from its key, for the few answered. */
    country?: PlaceMatch;
  }

  const matchingCountries = (typedWords: readonly string[], locale: string): Ranked[] =>
    countriesIn(locale).flatMap(({ countryCode, name, names }) => {
      const matched = names.map((words) => tierOf(words, typedWords));
      const tier = matched.includes(tiers.exact)
        ? tiers.exact
        : matched.includes(tiers.begins)
          ? tiers.begins
          : undefined;
      if (tier === undefined) return [];
      const key = rankKey(tier, countryRanks.get(countryCode) ?? count, "country");
      return [{ key, country: { kind: "country", countryCode, name } }];
    });

  const cityMatch = (key: number): PlaceMatch => {
    const city = ((key - 1) / 2) % (count + 1);
    return {
      kind: "city",
      id: data.geonameIDs[city] ?? 0,
      name: data.names[city] ?? "",
      countryCode: countryCodeOf(city),
    };
  };

  return {
    search(text, locale, limit) {
      const typedWords = searchWords(foldForSearch(text));
      if (typedWords.length === 0 || limit <= 0) return [];
      const cities = Array.from(matchingCities(typedWords, limit), (key): Ranked => ({ key }));
      // A stable sort: countries of one rank (those without cities) keep the names' order.
      return [...matchingCountries(typedWords, locale), ...cities]
        .sort((a, b) => a.key - b.key)
        .slice(0, limit)
        .map(({ key, country }) => country ?? cityMatch(key));
    },
  };
};
