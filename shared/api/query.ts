import type { WireScalar } from "./wire-values";

export type QueryValues = Readonly<
  Record<string, WireScalar | readonly WireScalar[] | null | undefined>
>;

/**
 * The query string (with its leading "?", or "" when empty) for parsed query
 * values. Undefined and null values are left out; arrays repeat their key.
 * See: [Note: Path and query values travel as strings]
 */
export const serializeQuery = (values: QueryValues | undefined): string => {
  if (values === undefined) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const list: readonly WireScalar[] = Array.isArray(value) ? value : [value as WireScalar];
    for (const item of list) search.append(key, String(item));
  }
  const text = search.toString();
  return text === "" ? "" : `?${text}`;
};
