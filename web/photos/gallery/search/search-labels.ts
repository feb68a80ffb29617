// How a search reads on screen (pure over `formatMessage` and the locale):
// the label of each suggestion and of an open search, dates written in the
// user's language.

import type { IntlShape } from "react-intl";
import {
  searchFileKinds,
  type SearchDate,
  type SearchFileKind,
  type SearchQuery,
} from "../../../../shared/model/search/search-query";
import type {
  SearchSuggestion,
  SuggestionContext,
} from "../../../../workers/search/search-contract";
import type { MessageId } from "../../../common/i18n/messages";
import { isThingLabel, thingLabels } from "../../../../shared/model/search/thing-labels";
import { thingNameMessages } from "./thing-names";
import { placeLabel } from "../viewer/place-label";

type Format = Pick<IntlShape, "formatMessage" | "locale">;

const fileKindMessages: Record<SearchFileKind, MessageId> = {
  photo: "search.kind.photo",
  video: "search.kind.video",
  "live-photo": "search.kind.live-photo",
  raw: "search.kind.raw",
  screenshot: "search.kind.screenshot",
};

/** The file kinds' names in the user's language, for the worker to match typed text against. */
export const fileKindNames = (intl: Format): SuggestionContext["fileKindNames"] =>
  Object.fromEntries(
    searchFileKinds.map((kind) => [kind, intl.formatMessage({ id: fileKindMessages[kind] })]),
  ) as Record<SearchFileKind, string>;

/** The things' names in the user's language, by label, for the worker to match typed text against. */
export const thingNames = (intl: Format): Record<string, string> =>
  Object.fromEntries(
    thingLabels.map((label) => [label, intl.formatMessage({ id: thingNameMessages[label] })]),
  );

/** A date with any of its parts, as the user's language writes it ("July 2019", "24. Dezember"). */
export const formatSearchDate = ({ year, month, day }: SearchDate, locale: string): string => {
  // A fixed year for dates of any year: 2000 has a 29 February.
  const date = new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, day ?? 1));
  const options: Intl.DateTimeFormatOptions = { timeZone: "UTC" };
  if (year !== undefined) options.year = "numeric";
  if (month !== undefined) options.month = "long";
  if (day !== undefined) options.day = "numeric";
  return new Intl.DateTimeFormat(locale, options).format(date);
};

/** Names the worker knows: a place search's city, a location tag's. */
export interface KnownNames {
  cityName?: string | undefined;
  locationTagName?: string | undefined;
}

/** What an open search is called: the header's title and the bar's text. */
export const searchQueryLabel = (
  query: SearchQuery,
  intl: Format,
  { cityName, locationTagName }: KnownNames = {},
): string => {
  switch (query.kind) {
    case "words":
      return intl.formatMessage({ id: "search.words" }, { text: query.text });
    case "name":
      return intl.formatMessage({ id: "search.name" }, { text: query.text });
    case "caption":
      return intl.formatMessage({ id: "search.caption" }, { text: query.text });
    case "semantic":
      return intl.formatMessage({ id: "search.semantic" }, { text: query.text });
    case "date":
      return formatSearchDate(query.date, intl.locale);
    case "file-kind":
      return intl.formatMessage({ id: fileKindMessages[query.fileKind] });
    case "place":
      return placeLabel(
        {
          countryCode: query.countryCode,
          cityName: query.cityID === undefined ? undefined : cityName,
        },
        intl.locale,
        (city, country) => intl.formatMessage({ id: "search.place.inCountry" }, { city, country }),
      );
    case "thing":
      return isThingLabel(query.label)
        ? intl.formatMessage({ id: thingNameMessages[query.label] })
        : query.label;
    case "camera":
      // A camera's name reads the same in every language.
      return query.name;
    case "area":
      return intl.formatMessage({ id: "search.area" });
    case "person":
      // The person's name is the worker's; the header shows it beside their face.
      return intl.formatMessage({ id: "search.person" });
    case "location-tag":
      // The tag's name as the user gave it; a deleted tag's search is one without a name.
      return locationTagName ?? intl.formatMessage({ id: "search.resultsTitle" });
  }
};

/** A suggestion's label. */
export const suggestionLabel = (suggestion: SearchSuggestion, intl: Format): string => {
  switch (suggestion.group) {
    case "album":
    case "person":
      return suggestion.name;
    case "place":
      return suggestion.countryName === undefined
        ? suggestion.name
        : intl.formatMessage(
            { id: "search.place.inCountry" },
            { city: suggestion.name, country: suggestion.countryName },
          );
    default:
      return searchQueryLabel(suggestion.query, intl);
  }
};
