// Which codes the list shows, and in what order: the search (issuer,
// account, tags, note), the tag chosen, the sort the person picked, pinned
// codes first. Pure: the page keeps the choices, the worker the codes.

import type { AuthCodeSummary } from "../../../workers/authenticator/authenticator-contract";

import type { CodeSortOrder } from "../../../shared/model/authenticator/code-sort";

export interface CodeListChoices {
  search: string;
  /** Only the codes with this tag; undefined for all. */
  tag: string | undefined;
  sort: CodeSortOrder;
}

/** Lower case, accents folded, spaces collapsed: "Société Générale" finds "societe". */
export const foldForCodeSearch = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLocaleLowerCase("en-US")
    .replace(/\s+/g, " ")
    .trim();

const matchesSearch = (code: AuthCodeSummary, words: readonly string[]): boolean => {
  if (words.length === 0) return true;
  const haystack = foldForCodeSearch(
    [code.issuer, code.account, code.note, ...code.tags].join(" "),
  );
  return words.every((word) => haystack.includes(word));
};

const byText =
  (collator: Intl.Collator, first: (code: AuthCodeSummary) => string) =>
  (a: AuthCodeSummary, b: AuthCodeSummary) =>
    collator.compare(first(a), first(b));

// [Note: The manual order keeps new codes at its end]
//
// A code that was never arranged has no position: in the manual order it
// comes after the arranged ones, newest last, as it came (the worker's
// order, which is the order the codes were added). Arranging the list gives
// every code a position, so the order then holds on every device.

const comparator = (sort: CodeSortOrder, locale: string) => {
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const issuerThenAccount = (a: AuthCodeSummary, b: AuthCodeSummary) =>
    byText(collator, (code) => code.issuer)(a, b) || byText(collator, (code) => code.account)(a, b);
  switch (sort) {
    case "issuer":
      return issuerThenAccount;
    case "account":
      return (a: AuthCodeSummary, b: AuthCodeSummary) =>
        byText(collator, (code) => code.account)(a, b) || issuerThenAccount(a, b);
    case "recently-used":
      return (a: AuthCodeSummary, b: AuthCodeSummary) =>
        (b.lastUsedAtMs ?? 0) - (a.lastUsedAtMs ?? 0) || issuerThenAccount(a, b);
    case "manual":
      // See: [Note: The manual order keeps new codes at its end]
      return (a: AuthCodeSummary, b: AuthCodeSummary) =>
        (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER);
  }
};

/** The codes shown (not in "Recently deleted"), pinned ones first, each part in the chosen order. */
export const shownCodes = (
  codes: readonly AuthCodeSummary[],
  { search, tag, sort }: CodeListChoices,
  locale: string,
): AuthCodeSummary[] => {
  const words = foldForCodeSearch(search).split(" ").filter(Boolean);
  const kept = codes.filter(
    (code) =>
      !code.trashed && (tag === undefined || code.tags.includes(tag)) && matchesSearch(code, words),
  );
  // Array.prototype.sort is stable: equal codes keep the worker's order.
  const ordered = kept.sort(comparator(sort, locale));
  return [...ordered.filter((code) => code.pinned), ...ordered.filter((code) => !code.pinned)];
};

/** The codes in "Recently deleted", by issuer. */
export const trashedCodes = (codes: readonly AuthCodeSummary[], locale: string) =>
  codes.filter((code) => code.trashed).sort(comparator("issuer", locale));

/** Every tag of the codes not deleted, sorted for the tag bar. */
export const codeTags = (codes: readonly AuthCodeSummary[], locale: string): string[] => {
  const tags = new Set<string>();
  for (const code of codes) if (!code.trashed) for (const tag of code.tags) tags.add(tag);
  return [...tags].sort(new Intl.Collator(locale, { sensitivity: "base" }).compare);
};

/**
 * The ids in manual order after `movedID` moves by `offset` places among
 * `shown` (the list as it is shown, arranged or not).
 */
export const movedOrder = (
  shown: readonly AuthCodeSummary[],
  movedID: string,
  offset: number,
): string[] => {
  const ids = shown.map((code) => code.id);
  const from = ids.indexOf(movedID);
  if (from < 0) return ids;
  const to = Math.min(Math.max(from + offset, 0), ids.length - 1);
  ids.splice(from, 1);
  ids.splice(to, 0, movedID);
  return ids;
};
