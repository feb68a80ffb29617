import { sql } from "kysely";
import type { DB } from "../../db/db";

// The query of a collection's diff: its rows of `collection_files` joined
// with their `files`, for `GET /collections/v2/diff` and a public link's
// diff. The other queries of `collection_files` are in
// `collection-file-repository.ts`. See: [Note: One repository per table family]
//
// [Note: The collection diff is one indexed query per page]
//
// The diff is the hottest read of the library (every client pages through
// every album it syncs; the `server-diff` bench runs 100 clients at once
// over a 100k-file album). A page is one query: the collection's rows by the
// `(collection_id, updation_time_us)` index, in index order, each joined to
// its `files` row by primary key, selecting only the columns of the answer.
// The private magic metadata is read only for the viewer's own files (others
// never get it), so a sharee's pages do not carry it out of the database.

/** A collection's rows joined with their files, as `viewerID` sees them. */
const diffRows = (db: DB, collectionID: number, viewerID: number) =>
  db
    .selectFrom("collection_files as cf")
    .innerJoin("files as f", "f.file_id", "cf.file_id")
    .select([
      "cf.collection_id",
      "cf.encrypted_key",
      "cf.key_decryption_nonce",
      "cf.c_owner_id",
      "cf.is_deleted",
      "cf.action",
      "cf.action_user",
      "cf.created_at_us",
      "cf.updation_time_us",
      "f.file_id",
      "f.owner_id",
      "f.file_decryption_header",
      "f.thumbnail_decryption_header",
      "f.metadata_decryption_header",
      "f.encrypted_metadata",
      sql<string | null>`case when f.owner_id = ${viewerID} then f.magic_metadata end`.as(
        "magic_metadata",
      ),
      "f.pub_magic_metadata",
      "f.file_size",
      "f.thumb_size",
    ])
    .where("cf.collection_id", "=", collectionID);

export type CollectionDiffRow = Awaited<ReturnType<ReturnType<typeof diffRows>["execute"]>>[number];

/**
 * The query of a diff page, unexecuted (so its plan can be read): up to
 * `count` rows newer than `afterUs`, by the diff index.
 * See: [Note: The collection diff is one indexed query per page]
 */
export const collectionDiffPageQuery = (
  db: DB,
  collectionID: number,
  viewerID: number,
  afterUs: number,
  count: number,
) =>
  diffRows(db, collectionID, viewerID)
    .where("cf.updation_time_us", ">", afterUs)
    .orderBy("cf.updation_time_us")
    .limit(count);

/** Up to `count` of a collection's diff rows newer than `afterUs`, oldest first. */
export const collectionDiffRowsAfter = (
  db: DB,
  collectionID: number,
  viewerID: number,
  afterUs: number,
  count: number,
): Promise<CollectionDiffRow[]> =>
  collectionDiffPageQuery(db, collectionID, viewerID, afterUs, count).execute();

/** Every diff row of a collection at one version. */
export const collectionDiffRowsAt = (
  db: DB,
  collectionID: number,
  viewerID: number,
  versionUs: number,
): Promise<CollectionDiffRow[]> =>
  diffRows(db, collectionID, viewerID).where("cf.updation_time_us", "=", versionUs).execute();
