// What the open search is called (the header's title, the field's text):
// a place search's city name is asked of the worker, which holds the places.

import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import type { SearchQuery } from "../../../../shared/model/search/search-query";
import type { SearchClient } from "../../../common/library/search-client";
import { searchQueryLabel } from "./search-labels";

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

  if (query === undefined) return undefined;
  return searchQueryLabel(query, intl, city?.id === cityID ? city?.name : undefined);
}
