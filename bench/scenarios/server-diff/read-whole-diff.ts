// One bench client of the `server-diff` scenario: reads an album's whole diff
// from sinceTime 0, page after page while `hasMore`, as a fresh device does,
// checking every page for order and count.

import { clientPackages, headerNames } from "../../../shared/api/headers";

export interface ClientRun {
  /** Each page's latency, in the order read. */
  pageLatenciesMs: number[];
  entries: number;
  /** Failed requests (transport or HTTP status): what performance.md counts as errors. */
  errors: string[];
  /** Wrong answers (an entry twice, out of order, missing): the scenario is broken. */
  wrong: string[];
}

export interface DiffTarget {
  apiOrigin: string;
  token: string;
  collectionID: number;
  /** How many entries the whole diff has. */
  fileCount: number;
}

/** One client reading the album's whole diff; every page checked for order and count. */
export const readWholeDiff = async ({
  apiOrigin,
  token,
  collectionID,
  fileCount,
}: DiffTarget): Promise<ClientRun> => {
  const run: ClientRun = { pageLatenciesMs: [], entries: 0, errors: [], wrong: [] };
  const seen = new Set<number>();
  let sinceTime = 0;
  for (;;) {
    const started = performance.now();
    let answer: { diff: { id: number; updationTime: number }[] | null; hasMore: boolean };
    try {
      const response = await fetch(
        `${apiOrigin}/collections/v2/diff?collectionID=${String(collectionID)}&sinceTime=${String(sinceTime)}`,
        {
          headers: {
            [headerNames.authToken]: token,
            [headerNames.clientPackage]: clientPackages.photosWeb,
          },
        },
      );
      const text = await response.text();
      if (!response.ok) {
        run.errors.push(`HTTP ${String(response.status)}: ${text.slice(0, 200)}`);
        return run;
      }
      answer = JSON.parse(text) as typeof answer;
    } catch (e) {
      run.errors.push(String(e));
      return run;
    }
    const diff = answer.diff ?? [];
    run.pageLatenciesMs.push(performance.now() - started);
    for (const file of diff) {
      if (file.updationTime <= sinceTime) run.wrong.push(`entry ${String(file.id)} not newer`);
      seen.add(file.id);
    }
    run.entries += diff.length;
    sinceTime = diff.reduce((newest, file) => Math.max(newest, file.updationTime), sinceTime);
    if (!answer.hasMore) break;
    if (diff.length === 0) {
      run.wrong.push("an empty page with hasMore");
      break;
    }
  }
  if (seen.size !== run.entries) run.wrong.push("an entry came twice");
  if (run.entries !== fileCount) {
    run.wrong.push(`read ${String(run.entries)} entries, not ${String(fileCount)}`);
  }
  return run;
};
