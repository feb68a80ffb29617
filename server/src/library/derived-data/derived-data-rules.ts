import { fileDataLimits } from "../../../../shared/api/endpoints/file-data";
import { apiError, badRequest } from "../../http/api-errors";
import type { DiffPageSource } from "../diff-page";

// The rules of the derived-data calls, apart from their I/O: the embeddings
// page, the optimistic check of `PUT /files/data`, the size of `mldata`, how
// a batch fetch sorts the IDs it was asked for, and what a video preview's
// registration does.

// [Note: An embeddings page is never shorter than its limit while more follow]
//
// The embeddings diff has no `hasMore`: a client pulls again while a page
// has `limit` entries and stops at a shorter one (wire-contract
// "Embeddings"; the reference client loops `while (diff.length === limit)`).
// The collection and trash diffs end a page before a version that would be
// split (See: [Note: Diff pagination never splits a version]), which here
// would end the client's pull early. So an embeddings page keeps the whole
// version instead: it is the first `limit` rows, plus every further row of
// the last one's version. A page has `limit` rows or more while rows remain,
// fewer only at the end, and never splits a version. Pages longer than
// `limit` do not happen through the API, whose writes each take a version
// of their own (See: [Note: Embedding versions come from one clock]); the
// rule keeps the contract for rows that share one anyway (a restored or
// imported table).

/** One page of the embeddings diff. See: [Note: An embeddings page is never shorter than its limit while more follow] */
export const readEmbeddingsPage = async <Row>(
  source: DiffPageSource<Row>,
  sinceTime: number,
  limit: number,
): Promise<Row[]> => {
  const rows = await source.rowsAfter(sinceTime, limit + 1);
  if (rows.length <= limit) return rows;
  const page = rows.slice(0, limit);
  const lastVersion = source.versionOf(page[limit - 1] as Row);
  if (source.versionOf(rows[limit] as Row) !== lastVersion) return page;
  const older = page.filter((row) => source.versionOf(row) !== lastVersion);
  return [...older, ...(await source.rowsAt(lastVersion))];
};

/** 409 `INVALID_VERSION`: the caller's `lastUpdatedAt` is not the stored version (wire-contract §8). */
export const invalidVersion = (storedUs: number, givenUs: number) =>
  apiError(
    409,
    "INVALID_VERSION",
    `The file's data is at version ${String(storedUs)}, not ${String(givenUs)}`,
  );

/**
 * Refuse a write made over another version than the stored one: `lastUpdatedAt`
 * must be the stored `updatedAt`, or 0 when nothing is stored. Without it the
 * write is unconditional.
 */
export const ensureWrittenOverStored = (
  storedUs: number | undefined,
  lastUpdatedAtUs: number | undefined,
): void => {
  if (lastUpdatedAtUs === undefined) return;
  const current = storedUs ?? 0;
  if (lastUpdatedAtUs !== current) throw invalidVersion(current, lastUpdatedAtUs);
};

/**
 * Refuse `mldata` ciphertext (or a video preview's playlist) over 1 MiB with
 * 413 `REQUEST_TOO_LARGE` (the answer to an oversized body), and under a
 * secretstream message with 400.
 * See: [Note: A file's ML data is bounded at 1 MiB]
 * See: [Note: A video preview's playlist is kept like ML data]
 */
export const ensureFileDataSize = (sizeBytes: number): void => {
  if (sizeBytes > fileDataLimits.maxEncryptedDataBytes) {
    throw apiError(
      413,
      "REQUEST_TOO_LARGE",
      `A file's data may be at most ${String(fileDataLimits.maxEncryptedDataBytes)} bytes, not ${String(sizeBytes)}`,
    );
  }
  if (sizeBytes < fileDataLimits.minEncryptedDataBytes) {
    throw badRequest(
      `A file's data is at least ${String(fileDataLimits.minEncryptedDataBytes)} bytes of ciphertext`,
    );
  }
};

export interface FetchedFileData<Row> {
  /** The stored rows, in the order their IDs were asked for. */
  data: Row[];
  /** Files the caller may see with nothing stored of the type (yet to be indexed). */
  pendingIndexFileIDs: number[];
  /** Files the caller may not see, deleted for good, or that never existed. */
  errFileIDs: number[];
}

/**
 * Sort the IDs of `POST /files/data/fetch` into the three lists of its
 * answer, each ID once, in the order asked.
 */
export const sortFetchedFileData = <Row extends { fileID: number }>(
  askedFileIDs: readonly number[],
  visibleFileIDs: ReadonlySet<number>,
  rows: readonly Row[],
): FetchedFileData<Row> => {
  const byFile = new Map(rows.map((row) => [row.fileID, row]));
  const answer: FetchedFileData<Row> = { data: [], pendingIndexFileIDs: [], errFileIDs: [] };
  for (const fileID of new Set(askedFileIDs)) {
    const row = byFile.get(fileID);
    if (!visibleFileIDs.has(fileID)) answer.errFileIDs.push(fileID);
    else if (row === undefined) answer.pendingIndexFileIDs.push(fileID);
    else answer.data.push(row);
  }
  return answer;
};

/** What `PUT /files/video-data` does with an object. See: [Note: A video preview replaces the one before] */
export type PreviewRegistration =
  /** The key was minted for the file and is not registered: register it. */
  | "register"
  /** The file's preview is this object already, of this size: a retry, nothing to do. */
  | "repeat"
  /** Neither: refuse (400). */
  | "refuse";

export const previewRegistration = ({
  isMinted,
  registered,
  objectID,
  objectSizeBytes,
}: {
  /** Whether the object's key is recorded as minted for the owner. */
  isMinted: boolean;
  /** The file's live preview, if any. */
  registered: { objectID: string | null; objectSizeBytes: number | null } | undefined;
  objectID: string;
  objectSizeBytes: number;
}): PreviewRegistration => {
  if (isMinted) return "register";
  return registered?.objectID === objectID && registered.objectSizeBytes === objectSizeBytes
    ? "repeat"
    : "refuse";
};
