import {
  libraryLimits,
  type RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { DB } from "../../db/db";
import { collectionNotFound } from "../access";
import type { LibraryContext } from "../context";
import { readDiffPage, type DiffPage } from "../diff-page";
import { fileJSON } from "../file-json";
import {
  collectionDiffRowsAfter,
  collectionDiffRowsAt,
  type CollectionDiffRow,
} from "./collection-diff-repository";
import { ownerAndViewerShareOf } from "./collection-repository";

// `GET /collections/v2/diff?collectionID=&sinceTime=` (wire-contract §7): a
// collection's rows changed after a version, ascending, each joined with its
// file. See: [Note: Diff pagination never splits a version] and
// [Note: The collection diff is one indexed query per page]

/**
 * 404 unless the viewer owns the collection or has a live share of it, in
 * one query. See: [Note: Strangers learn nothing about a collection]
 */
const ensureParticipant = async (db: DB, viewerID: number, collectionID: number) => {
  const row = await ownerAndViewerShareOf(db, collectionID, viewerID);
  if (row === undefined || (row.owner_id !== viewerID && row.to_user_id === null)) {
    throw collectionNotFound();
  }
};

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
  const page = await readDiffPage<CollectionDiffRow>(
    {
      rowsAfter: (after, count) =>
        collectionDiffRowsAfter(db, collectionID, viewerID, after, count),
      rowsAt: (version) => collectionDiffRowsAt(db, collectionID, viewerID, version),
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
