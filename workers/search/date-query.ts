// Dates in what a person types (pure): "2019", "July", "jul 2019",
// "24 Dec", "Dec 24 2019", "24.12.2019", "2019-07-24", month names in the
// user's language and in English, and years the library holds that begin
// with the typed digits ("20" → 2019, 2020…). Each reading becomes one date
// suggestion; the search index counts the files of each.
//
// [Note: Month names come from the platform's calendar]
//
// Month names are read from `Intl.DateTimeFormat` for the user's locale,
// in every form the language uses: the long and short names, standalone and
// inside a date (Russian declines "июль" to "24 июля"), folded for search.
// English names are always understood too, as many people type them
// whatever their language. A word names a month when it is a whole name, or
// when three or more letters begin exactly one month's name ("ju" is June
// or July, so it waits for a third letter).

import type { SearchDate } from "../../shared/model/search/search-query";
import { foldForSearch } from "./fold-text";

/** Folded month names per month (index 0 is January), for a locale. */
export type MonthNames = readonly (readonly string[])[];

/** Every form of every month's name in `locale` and English, folded. See: [Note: Month names come from the platform's calendar] */
export const monthNamesOf = (locale: string): MonthNames => {
  const forms: Intl.DateTimeFormatOptions[] = [
    { month: "long" },
    { month: "short" },
    { month: "long", day: "numeric" },
    { month: "short", day: "numeric" },
  ];
  const names = Array.from({ length: 12 }, () => new Set<string>());
  for (const tag of new Set([locale, "en-US"])) {
    for (const options of forms) {
      let format: Intl.DateTimeFormat;
      try {
        format = new Intl.DateTimeFormat(tag, { ...options, timeZone: "UTC" });
      } catch {
        continue;
      }
      for (let month = 0; month < 12; month++) {
        const date = new Date(Date.UTC(2001, month, 15));
        for (const part of format.formatToParts(date)) {
          if (part.type !== "month") continue;
          const name = foldForSearch(part.value).replace(/\.$/, "").trim();
          if (name.length > 0 && !/^\d+$/.test(name)) names[month]?.add(name);
        }
      }
    }
  }
  return names.map((set) => [...set]);
};

/** The shortest prefix of a month's name that names it, when only one month begins so. */
const minimumPrefixLength = 3;

/** The month (1–12) a folded word names, or undefined. See: [Note: Month names come from the platform's calendar] */
export const monthOfWord = (word: string, months: MonthNames): number | undefined => {
  let prefixMatch: number | undefined;
  let prefixMatches = 0;
  for (let month = 0; month < 12; month++) {
    const names = months[month] ?? [];
    if (names.includes(word)) return month + 1;
    if (word.length >= minimumPrefixLength && names.some((name) => name.startsWith(word))) {
      if (prefixMatch !== month + 1) prefixMatches += 1;
      prefixMatch = month + 1;
    }
  }
  return prefixMatches === 1 ? prefixMatch : undefined;
};

const isYear = (value: number) => value >= 1800 && value <= 2200;

const daysInMonth = (month: number, year = 2000) => new Date(Date.UTC(year, month, 0)).getUTCDate();

const validDate = ({ year, month, day }: SearchDate): boolean =>
  day === undefined || (month !== undefined && day >= 1 && day <= daysInMonth(month, year ?? 2000));

/** Ordinal endings of a day: "24th", "1er", "2e", "24." */
const ordinalDay = /^(\d{1,2})(?:st|nd|rd|th|er|e|\.)$/;

const tokensOf = (text: string): string[] =>
  foldForSearch(text)
    // Chinese dates: "2019年7月24日" reads as "2019 7月 24"; 月 stays with its number, the month's name.
    .replace(/(\d+)\s*年/g, "$1 ")
    .replace(/(\d+)\s*日/g, "$1 ")
    .replace(/月(?=\d)/g, "月 ")
    .split(/[\s,/\-–]+/u)
    .map((token) => ordinalDay.exec(token)?.[1] ?? token.replace(/\.$/, ""))
    .filter((token) => token.length > 0);

/** Numeric dates: ISO `2019-07-24`/`2019-07`, and day-first `24.12.2019`/`24.12.`. */
const numericDate = (text: string): SearchDate | undefined => {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/.exec(trimmed);
  if (iso !== null) {
    const date = {
      year: Number(iso[1]),
      month: Number(iso[2]),
      day: iso[3] === undefined ? undefined : Number(iso[3]),
    };
    return isYear(date.year) && date.month >= 1 && date.month <= 12 && validDate(date)
      ? date
      : undefined;
  }
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})?$/.exec(trimmed);
  if (dotted !== null) {
    const date = {
      day: Number(dotted[1]),
      month: Number(dotted[2]),
      year: dotted[3] === undefined ? undefined : Number(dotted[3]),
    };
    if (date.year !== undefined && !isYear(date.year)) return undefined;
    return date.month >= 1 && date.month <= 12 && validDate(date) ? date : undefined;
  }
  return undefined;
};

/**
 * The dates `text` can mean, most specific first. `libraryYears` (the years
 * the library holds, newest first) complete a typed year's beginning.
 */
export const parseSearchDates = (
  text: string,
  months: MonthNames,
  libraryYears: readonly number[] = [],
): SearchDate[] => {
  const numeric = numericDate(text);
  if (numeric !== undefined) return [numeric];
  const tokens = tokensOf(text);
  if (tokens.length === 0 || tokens.length > 3) return [];
  let year: number | undefined;
  let month: number | undefined;
  let day: number | undefined;
  const numbers: string[] = [];
  for (const token of tokens) {
    if (/^\d+$/.test(token)) {
      numbers.push(token);
      continue;
    }
    const named = monthOfWord(token, months);
    if (named === undefined || month !== undefined) return [];
    month = named;
  }
  for (const digits of numbers) {
    const value = Number(digits);
    if (digits.length === 4 && isYear(value) && year === undefined) year = value;
    else if (
      digits.length <= 2 &&
      value >= 1 &&
      value <= 31 &&
      day === undefined &&
      month !== undefined
    )
      day = value;
    else if (
      numbers.length === 1 &&
      month === undefined &&
      digits.length >= 2 &&
      digits.length < 4
    ) {
      // A year being typed: the library's years that begin with it.
      return libraryYears
        .filter((candidate) => String(candidate).startsWith(digits))
        .map((candidate) => ({ year: candidate }));
    } else return [];
  }
  const date = { year, month, day };
  if (year === undefined && month === undefined) return [];
  return validDate(date) ? [date] : [];
};
