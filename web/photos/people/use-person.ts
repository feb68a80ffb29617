// One person, following the library (asked again when it changes) and the
// header's own changes. `undefined` person: not answered yet; `gone`: the
// worker has no such person any more (merged away, its faces removed).

import { useCallback, useEffect, useState } from "react";
import type { PersonSummary } from "../../../workers/people/people-contract";
import type { PeopleClient } from "../../common/library/people-client";
import { log } from "../../common/log/log";

export type PersonState =
  { kind: "asking" } | { kind: "gone" } | { kind: "found"; person: PersonSummary };

export function usePerson(
  client: Pick<PeopleClient, "person"> | undefined,
  personID: string,
  /** Changes whenever the library does. */
  libraryVersion: unknown,
): { state: PersonState; refresh: () => void } {
  const [asks, setAsks] = useState(0);
  const [answered, setAnswered] = useState<{
    personID: string;
    person: PersonSummary | undefined;
  }>();
  useEffect(() => {
    if (client === undefined) return;
    let current = true;
    client
      .person(personID)
      .then((person) => {
        if (current) setAnswered({ personID, person });
      })
      .catch((e: unknown) => {
        log.error("Could not look for a person", e);
      });
    return () => {
      current = false;
    };
  }, [client, personID, libraryVersion, asks]);
  const refresh = useCallback(() => {
    setAsks((count) => count + 1);
  }, []);
  const state: PersonState =
    answered?.personID !== personID
      ? { kind: "asking" }
      : answered.person === undefined
        ? { kind: "gone" }
        : { kind: "found", person: answered.person };
  return { state, refresh };
}
