import { createHash } from "node:crypto";
import { expect } from "vitest";
import type {
  RemoteFileJSON,
  RemoteTrashItemJSON,
} from "../../shared/api/endpoints/library-schemas";
import type { LibraryContext } from "../src/library/context";
import type { TestAccountClient } from "./account-client";
import type { TestAccountsServer } from "./accounts";

// Helpers of the file, trash and job tests, next to library-client.ts: reading what the server stored, walking diffs, and
// writing trash rows directly for data sets too large to build by calls.

export const md5B64 = (bytes: Uint8Array): string =>
  createHash("md5").update(bytes).digest("base64");

export const md5Hex = (bytes: Uint8Array): string => createHash("md5").update(bytes).digest("hex");

/** PUT bytes to a presigned URL with real HTTP; answers the status and ETag. */
export const putBytes = async (
  url: string,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
): Promise<{ status: number; etag: string }> => {
  const answer = await fetch(url, { method: "PUT", body: new Uint8Array(bytes), headers });
  await answer.arrayBuffer();
  return { status: answer.status, etag: answer.headers.get("etag") ?? "" };
};

/** The S3 `<CompleteMultipartUpload>` body for parts' ETags, as the web client posts it. */
export const completionXML = (etags: readonly string[]): string =>
  `<CompleteMultipartUpload>${etags
    .map((etag, i) => `<Part><PartNumber>${String(i + 1)}</PartNumber><ETag>${etag}</ETag></Part>`)
    .join("")}</CompleteMultipartUpload>`;

/** `usage.storage_consumed` of a user. */
export const usageOf = async (server: TestAccountsServer, userID: number): Promise<number> => {
  const row = await server.database.db
    .selectFrom("usage")
    .select("storage_consumed")
    .where("user_id", "=", userID)
    .executeTakeFirstOrThrow();
  return row.storage_consumed;
};

interface DiffPage<T> {
  diff: T[] | null;
  hasMore: boolean;
}

/** Every page of a diff from `sinceTime`, with the page sizes, as a client pulls it. */
const pullDiff = async <T>(
  fetchPage: (sinceTime: number) => Promise<DiffPage<T>>,
  versionOf: (item: T) => number,
  sinceTime: number,
): Promise<{ items: T[]; pageSizes: number[]; lastTime: number }> => {
  const items: T[] = [];
  const pageSizes: number[] = [];
  let since = sinceTime;
  for (;;) {
    const page = await fetchPage(since);
    const entries = page.diff ?? [];
    pageSizes.push(entries.length);
    items.push(...entries);
    for (const entry of entries) since = Math.max(since, versionOf(entry));
    if (!page.hasMore) return { items, pageSizes, lastTime: since };
    expect(entries.length, "a page with hasMore must not be empty").toBeGreaterThan(0);
  }
};

/** The whole trash diff of a user from `sinceTime`. */
export const pullTrashDiff = (user: TestAccountClient, sinceTime = 0) =>
  pullDiff<RemoteTrashItemJSON>(
    (since) => user.ok("GET", `/trash/v2/diff?sinceTime=${String(since)}`),
    (item) => item.updatedAt,
    sinceTime,
  );

/** The whole file diff of a collection from `sinceTime`. */
export const pullCollectionDiff = (user: TestAccountClient, collectionID: number, sinceTime = 0) =>
  pullDiff<RemoteFileJSON>(
    (since) =>
      user.ok(
        "GET",
        `/collections/v2/diff?collectionID=${String(collectionID)}&sinceTime=${String(since)}`,
      ),
    (file) => file.updationTime,
    sinceTime,
  );

/** Trashes files from the collection they were uploaded to. */
export const trashTestFiles = (
  user: TestAccountClient,
  files: readonly Pick<RemoteFileJSON, "id" | "collectionID">[],
): Promise<unknown> =>
  user.ok("POST", "/files/trash", {
    items: files.map((file) => ({ fileID: file.id, collectionID: file.collectionID })),
  });

/** Rows per insert statement: 500 rows of 8 columns stay far below SQLite's 32766 variables. */
const insertChunkRows = 500;

/**
 * Writes live trash rows for files directly, as if they were trashed from
 * `collectionID` (their rows there are marked deleted): all at one version,
 * or each at its own (`versionUs[i]` for `fileIDs[i]`). For trash diffs too
 * large to build by calls.
 */
export const insertTrashRows = async (
  context: LibraryContext,
  {
    userID,
    collectionID,
    fileIDs,
    versionUs,
    deleteByUs,
  }: {
    userID: number;
    collectionID: number;
    fileIDs: readonly number[];
    versionUs: number | readonly number[];
    deleteByUs: number;
  },
): Promise<void> => {
  const versionOf = (index: number): number => {
    const version = typeof versionUs === "number" ? versionUs : versionUs[index];
    if (version === undefined) throw new Error(`No version for file ${String(fileIDs[index])}`);
    return version;
  };
  await context.db.transaction().execute(async (trx) => {
    for (let start = 0; start < fileIDs.length; start += insertChunkRows) {
      const chunk = fileIDs.slice(start, start + insertChunkRows);
      await trx
        .updateTable("collection_files")
        .set({ is_deleted: 1 })
        .where("collection_id", "=", collectionID)
        .where("file_id", "in", chunk)
        .execute();
      await trx
        .insertInto("trash")
        .values(
          chunk.map((fileID, index) => ({
            file_id: fileID,
            user_id: userID,
            collection_id: collectionID,
            is_deleted: 0,
            is_restored: 0,
            created_at_us: versionOf(start + index),
            updated_at_us: versionOf(start + index),
            delete_by_us: deleteByUs,
          })),
        )
        .execute();
    }
  });
};
