// The library's people and face indexing's status, following the library
// (asked again when it changes) and, while faces are still being found (or
// which models find them is not known yet), asked again every few seconds
// so the counts, the new people and the models show.

import { useCallback, useEffect, useMemo, useState } from "react";
import type { PeopleAnswer } from "../../../workers/people/people-contract";
import type { PeopleClient } from "../../common/library/people-client";
import { useLibraryAnswer } from "../deduplicate/use-library-answer";

/**
 * While face indexing runs, the page asks this often. A photo's faces take
 * the worker a few hundred milliseconds, so a count moves by about ten
 * between asks: frequent enough to show progress, rare enough that the
 * worker spends its time indexing rather than answering.
 */
export const peoplePollIntervalMs = 3000;

export interface PeopleAnswerState {
  /** Undefined until the first answer. */
  answer: PeopleAnswer | undefined;
  /** Asks again now (after the page's own change). */
  refresh: () => void;
}

export function usePeopleAnswer(
  client: Pick<PeopleClient, "people"> | undefined,
  /** Changes whenever the library does. */
  libraryVersion: unknown,
): PeopleAnswerState {
  const [asks, setAsks] = useState(0);
  const version = useMemo(() => ({ libraryVersion, asks }), [libraryVersion, asks]);
  const ask = useMemo(() => (client === undefined ? undefined : () => client.people()), [client]);
  const answer = useLibraryAnswer(ask, version, "people");
  const refresh = useCallback(() => {
    setAsks((count) => count + 1);
  }, []);

  // [Note: The people page asks until the face engine is known]
  //
  // Which face models find the faces is known once an indexing run has
  // asked the ML worker. After a reload the faces kept on this device may
  // answer "done" before that run starts (at once on a busy machine), and
  // an answer without an engine was never asked again: the settings' line
  // naming the models did not show. So it is asked again until it is known.
  const running =
    answer?.status.enabled === true &&
    (answer.status.phase !== "done" || answer.status.engine === undefined);
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(refresh, peoplePollIntervalMs);
    return () => {
      clearTimeout(timer);
    };
  }, [running, answer, refresh]);

  return { answer, refresh };
}
