// The `Range` header of a GET (RFC 9110 §14), for the routes that serve
// bytes: the local blob store's objects and the map's PMTiles archive.

export type ByteRange = { start: number; end: number } | "unsatisfiable" | undefined;

/**
 * A single `bytes=` range of a representation of `sizeBytes` bytes
 * (inclusive ends, clipped to the size); undefined for no range or one this
 * server answers in full: several ranges, or another unit, as RFC 9110 allows.
 */
export const parseRange = (header: string | undefined, sizeBytes: number): ByteRange => {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, sizeBytes - suffix), end: sizeBytes - 1 };
  }
  const start = Number(first);
  const end = last === "" ? sizeBytes - 1 : Math.min(Number(last), sizeBytes - 1);
  if (start >= sizeBytes || end < start) return "unsatisfiable";
  return { start, end };
};
