// The open search's snapshot: asked of the worker when the search opens,
// then replaced by the newer ones the library notifications carry. A
// snapshot of an earlier search is never shown for a new one.

import { useEffect, useState } from "react";
import type { GalleryViewSnapshot } from "../../../../workers/gallery/gallery-contract";
import { PseudoCollectionID } from "../../../../shared/model/library/gallery-summary";
import {
  decodeSearchQuery,
  encodeSearchQuery,
  type SearchQuery,
} from "../../../../shared/model/search/search-query";
import type { SearchClient } from "../../../common/library/search-client";
import { log } from "../../../common/log/log";

/** The snapshot of `query`'s results, or undefined until the worker answered (or without a query). */
export function useSearchView(
  client: Pick<SearchClient, "openSearch"> | undefined,
  query: SearchQuery | undefined,
  pushed: GalleryViewSnapshot | undefined,
): GalleryViewSnapshot | undefined {
  const key = query === undefined ? undefined : encodeSearchQuery(query);
  const [opened, setOpened] = useState<{ key: string; snapshot: GalleryViewSnapshot }>();

  useEffect(() => {
    const asked = key === undefined ? undefined : decodeSearchQuery(key);
    if (client === undefined || key === undefined || asked === undefined) return;
    let current = true;
    client
      .openSearch(asked)
      .then((snapshot) => {
        if (current) setOpened({ key, snapshot });
      })
      .catch((e: unknown) => {
        log.error("Could not open the search", e);
      });
    return () => {
      current = false;
    };
  }, [client, key]);

  if (key === undefined || opened?.key !== key) return undefined;
  const fromPush =
    pushed?.viewID === PseudoCollectionID.searchResults && pushed.version >= opened.snapshot.version
      ? pushed
      : undefined;
  return fromPush ?? opened.snapshot;
}
