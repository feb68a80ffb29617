import { sql } from "kysely";
import {
  libraryLimits,
  type RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { DB } from "../../db/db";
import { collectionNotFound } from "../access";
import type { LibraryContext } from "../context";
import { readDiffPage, type DiffPage } from "../diff-page";
import { fileJSON } from "../file-json";

// `GET /collections/v2/diff?collectionID=&sinceTime=` (wire-contract §7): a
// collection's rows changed after a version, ascending, each joined with its
// file. See: [Note: Diff pagination never splits a version]
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

/**
 * 404 unless the viewer owns the collection or has a live share of it, in
 * one query. See: [Note: Strangers learn nothing about a collection]
 */
const ensureParticipant = async (db: DB, viewerID: number, collectionID: number) => {
  const row = await db
    .selectFrom("collections as c")
    .leftJoin("collection_shares as s", (join) =>
      join
        .onRef("s.collection_id", "=", "c.collection_id")
        .on("s.to_user_id", "=", viewerID)
        .on("s.is_deleted", "=", 0),
    )
    .select(["c.owner_id", "s.to_user_id"])
    .where("c.collection_id", "=", collectionID)
    .executeTakeFirst();
  if (row === undefined || (row.owner_id !== viewerID && row.to_user_id === null)) {
    throw collectionNotFound();
  }
};

/** The query of a page: up to `count` rows newer than `after`, by the diff index. */
export const diffRowsAfter = (
  db: DB,
  collectionID: number,
  viewerID: number,
  after: number,
  count: number,
) =>
  diffRows(db, collectionID, viewerID)
    .where("cf.updation_time_us", ">", after)
    .orderBy("cf.updation_time_us")
    .limit(count);

type DiffRow = Awaited<ReturnType<ReturnType<typeof diffRows>["execute"]>>[number];

/**
 * One page of a collection's diff for a participant; 404 for anyone else.
 * See: [Note: The collection diff is one indexed query per page]
 */
export const collectionDiffPage = async (
  context: Pick<LibraryContext, "db">,
  viewerID: number,
  collectionID: number,
  sinceTime: number,
): Promise<DiffPage<RemoteFileJSON>> => {
  await ensureParticipant(context.db, viewerID, collectionID);
  return collectionDiffPageFor(context, viewerID, collectionID, sinceTime);
};

/**
 * One page of a collection's diff as `viewerID` sees it (its own files'
 * private metadata only), without asking whether it may: for a participant
 * checked by the caller, or a public link's visitor (a viewer who owns no
 * file). See: [Note: The collection diff is one indexed query per page]
 */
export const collectionDiffPageFor = async (
  context: Pick<LibraryContext, "db">,
  viewerID: number,
  collectionID: number,
  sinceTime: number,
): Promise<DiffPage<RemoteFileJSON>> => {
  const { db } = context;
  const page = await readDiffPage<DiffRow>(
    {
      rowsAfter: (after, count) =>
        diffRowsAfter(db, collectionID, viewerID, after, count).execute(),
      rowsAt: (version) =>
        diffRows(db, collectionID, viewerID).where("cf.updation_time_us", "=", version).execute(),
      versionOf: (row) => row.updation_time_us,
    },
    sinceTime,
    libraryLimits.diffPage,
  );
  return {
    rows: page.rows.map((row) => fileJSON(row, row, { viewerID })),
    hasMore: page.hasMore,
  };
};
