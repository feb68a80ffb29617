// What the open search is called (the header's title, the field's text):
// a place search's city name and a person's name are asked of the worker,
// which holds the places and the people.

import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { SearchQuery } from "../../../../shared/model/search/search-query";
import type { SearchClient } from "../../../common/library/search-client";
import { searchQueryLabel } from "./search-labels";
import { usePagePeopleClient } from "../../people/people-client-context";

export function useSearchLabel(
  client: Pick<SearchClient, "cityName"> | undefined,
  query: SearchQuery | undefined,
): string | undefined {
  const intl = useIntl();
  const cityID = query?.kind === "place" ? query.cityID : undefined;
  const [city, setCity] = useState<{ id: number; name: string | undefined }>();

  useEffect(() => {
    if (client === undefined || cityID === undefined) return;
    let current = true;
    client.cityName(cityID).then(
      (name) => {
        if (current) setCity({ id: cityID, name });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, cityID]);

  const people = usePagePeopleClient();
  const personID = query?.kind === "person" ? query.personID : undefined;
  const [person, setPerson] = useState<{ id: string; name: string | undefined }>();
  useEffect(() => {
    if (people === undefined || personID === undefined) return;
    let current = true;
    people.person(personID).then(
      (found) => {
        if (current) setPerson({ id: personID, name: found?.name });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [people, personID]);

  if (query === undefined) return undefined;
  if (personID !== undefined && person?.id === personID && person.name !== undefined) {
    return person.name;
  }
  return searchQueryLabel(query, intl, city?.id === cityID ? city?.name : undefined);
}
