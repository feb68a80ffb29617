// Which person survives a merge (pure).

import type { PersonSummary } from "../../../workers/people/people-contract";

/**
 * [Note: A merge keeps the name]
 *
 * "Merge with…" says "this person is that one": the open person goes into
 * the picked one. Except when only the open one has a name: merging it into
 * an unnamed cluster would lose the name, so the picked one comes into it.
 */
export const mergeOrder = (
  open: Pick<PersonSummary, "personID" | "name">,
  picked: Pick<PersonSummary, "personID" | "name">,
): { intoID: string; mergedID: string } =>
  open.name !== undefined && picked.name === undefined
    ? { intoID: open.personID, mergedID: picked.personID }
    : { intoID: picked.personID, mergedID: open.personID };
