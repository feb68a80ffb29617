// The duplicates page's groups: asked of the library's worker once it has
// started, and again whenever the library changes (a sync brought files,
// or the page's own removal was performed). Undefined until the first
// answer: the page then says it is looking, never "no duplicates".

import { useEffect, useState } from "react";
import type { DuplicateGroup } from "../../../workers/dedupe/duplicates-contract";
import type { DuplicatesClient } from "../../common/library/duplicates-client";
import { log } from "../../common/log/log";

export function useDuplicateGroups(
  client: DuplicatesClient | undefined,
  /** Changes whenever the library does (the library summary the worker reports). */
  libraryVersion: unknown,
): DuplicateGroup[] | undefined {
  const [groups, setGroups] = useState<DuplicateGroup[] | undefined>();
  useEffect(() => {
    if (client === undefined) return;
    let current = true;
    client
      .exactDuplicates()
      .then((found) => {
        if (current) setGroups(found);
      })
      .catch((e: unknown) => {
        log.error("Could not look for duplicates", e);
      });
    return () => {
      current = false;
    };
  }, [client, libraryVersion]);
  return groups;
}
