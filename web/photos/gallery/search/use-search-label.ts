// What the open search is called (the header's title, the field's text):
// a place search's city name, a location tag's name and a person's name are
// asked of the worker, which holds the places, the tags and the people.

import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { SearchQuery } from "../../../../shared/model/search/search-query";
import type { SearchClient } from "../../../common/library/search-client";
import type { PeopleClient } from "../../../common/library/people-client";
import { searchQueryLabel } from "./search-labels";
import { usePagePeopleClient } from "../../people/people-client-context";

/**
 * The name `ask` answers for `key` of `source`, once it came for the current
 * key (undefined without a source or a key). `ask` is a function of the
 * module, the same at every render.
 */
function useAskedName<S, K extends string | number>(
  source: S | undefined,
  key: K | undefined,
  ask: (source: S, key: K) => Promise<string | undefined>,
): string | undefined {
  const [answer, setAnswer] = useState<{ key: K; name: string | undefined }>();
  useEffect(() => {
    if (source === undefined || key === undefined) return;
    let current = true;
    ask(source, key).then(
      (name) => {
        if (current) setAnswer({ key, name });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [source, key, ask]);
  return key !== undefined && answer?.key === key ? answer.name : undefined;
}

type NameSource = Pick<SearchClient, "cityName" | "locationTagName">;

const askCityName = (client: NameSource, cityID: number) => client.cityName(cityID);
const askLocationTagName = (client: NameSource, tagID: string) => client.locationTagName(tagID);
const askPersonName = async (people: Pick<PeopleClient, "person">, personID: string) =>
  (await people.person(personID))?.name;

export function useSearchLabel(
  client: NameSource | undefined,
  query: SearchQuery | undefined,
): string | undefined {
  const intl = useIntl();
  const cityName = useAskedName(
    client,
    query?.kind === "place" ? query.cityID : undefined,
    askCityName,
  );
  const locationTagName = useAskedName(
    client,
    query?.kind === "location-tag" ? query.tagID : undefined,
    askLocationTagName,
  );
  const personName = useAskedName(
    usePagePeopleClient(),
    query?.kind === "person" ? query.personID : undefined,
    askPersonName,
  );

  if (query === undefined) return undefined;
  if (personName !== undefined) return personName;
  return searchQueryLabel(query, intl, { cityName, locationTagName });
}
