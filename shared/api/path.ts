// Path templates of the wire contract: `/files/download/:fileID`. The names
// after `:` are typed from the literal path, so a declaration cannot forget a
// parameter and a caller cannot omit one.

/** The parameter names of a path template, as a union of string literals. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

const paramPattern = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The parameter names of a path template, at run time. */
export const pathParamNames = (path: string): string[] =>
  Array.from(path.matchAll(paramPattern), (match) => match[1] ?? "");

/**
 * Fill a path template. Each value is percent-encoded as one path segment, so
 * a value can never add a segment or a query.
 */
export const fillPath = (path: string, params: Readonly<Record<string, unknown>>): string =>
  path.replace(paramPattern, (_, name: string) => {
    const value = params[name];
    if (
      typeof value !== "string" &&
      typeof value !== "number" &&
      typeof value !== "boolean" &&
      typeof value !== "bigint"
    ) {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
