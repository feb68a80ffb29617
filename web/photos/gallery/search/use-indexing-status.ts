// Indexing's status as the sidebar and the settings show it, asked of the
// library's worker every few seconds while the page shows it: often while
// photos are being indexed, seldom once all are.

import { useEffect, useState } from "react";
import type { MLStatus } from "../../../../workers/ml/indexing/indexing-contract";
import type { SearchClient } from "../../../common/library/search-client";

/** How often the status is asked while photos are being indexed. */
const busyPollMs = 2_000;
/** How often once nothing is left (new photos arrive with syncs and uploads). */
const idlePollMs = 15_000;

export function useIndexingStatus(
  client: Pick<SearchClient, "indexingStatus"> | undefined,
): MLStatus | undefined {
  const [status, setStatus] = useState<MLStatus>();

  useEffect(() => {
    if (client === undefined) return;
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      client.indexingStatus().then(
        (answered) => {
          if (!current) return;
          setStatus(answered);
          const busy = answered !== undefined && answered.enabled && answered.pending > 0;
          timer = setTimeout(ask, busy ? busyPollMs : idlePollMs);
        },
        () => {
          if (current) timer = setTimeout(ask, idlePollMs);
        },
      );
    };
    ask();
    return () => {
      current = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [client]);

  return status;
}
