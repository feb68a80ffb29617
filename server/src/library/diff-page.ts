// [Note: Diff pagination never splits a version]
//
// Diffs (collection files, trash) answer rows with `version > sinceTime` in
// ascending order, at most `limit` a page, and the client continues from the
// largest version it got (wire-contract §7). There is no secondary key, so a
// page must never end in the middle of a version: the rows after the page
// would have the same version as its last row and the next request, asking
// for versions newer than that, would skip them. So a page reads `limit + 1`
// rows; when there are more than `limit`, every row of the version at
// position `limit` is dropped from the tail. If that drops everything (more
// than `limit` rows share one version), the page is all rows of that version,
// read separately, however many they are.

export interface DiffPage<Row> {
  rows: Row[];
  hasMore: boolean;
}

export interface DiffPageSource<Row> {
  /** Up to `count` rows with version > `sinceTime`, ascending by version. */
  rowsAfter(sinceTime: number, count: number): Promise<Row[]>;
  /** Every row with exactly this version. */
  rowsAt(version: number): Promise<Row[]>;
  versionOf(row: Row): number;
}

/** One page of a diff. See: [Note: Diff pagination never splits a version] */
export const readDiffPage = async <Row>(
  source: DiffPageSource<Row>,
  sinceTime: number,
  limit: number,
): Promise<DiffPage<Row>> => {
  const rows = await source.rowsAfter(sinceTime, limit + 1);
  if (rows.length <= limit) return { rows, hasMore: false };
  const splitVersion = source.versionOf(rows[limit] as Row);
  let end = limit;
  while (end > 0 && source.versionOf(rows[end - 1] as Row) === splitVersion) end -= 1;
  if (end > 0) return { rows: rows.slice(0, end), hasMore: true };
  return { rows: await source.rowsAt(splitVersion), hasMore: true };
};
