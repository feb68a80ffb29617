// The people page's order (pure): named people first, by name, then the
// unnamed ones as the worker ordered them (by face count); hidden people
// apart, for the page's collapsed "Hidden" section.

import type { PersonSummary } from "../../../workers/people/people-contract";

export interface PeopleSections {
  shown: PersonSummary[];
  hidden: PersonSummary[];
}

/**
 * The worker already answers in this order; the page keeps it even for an
 * answer that does not (a stable sort), since "named first" is what the
 * user sees and relies on to find the people they named.
 */
export const peopleSections = (
  people: readonly PersonSummary[],
  locale: string,
): PeopleSections => {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const namedFirst = (a: PersonSummary, b: PersonSummary) => {
    if (a.name !== undefined && b.name !== undefined) return collator.compare(a.name, b.name);
    if (a.name !== undefined) return -1;
    if (b.name !== undefined) return 1;
    return 0;
  };
  return {
    shown: people.filter((person) => !person.hidden).sort(namedFirst),
    hidden: people.filter((person) => person.hidden).sort(namedFirst),
  };
};
