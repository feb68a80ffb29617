import type { CollectionFileItem } from "../../../../shared/api/endpoints/library-schemas";
import type { ClientApp } from "../../../../shared/api/headers";
import type { DB } from "../../db/db";
import { ownedCollection, type ParticipantRole } from "../access";
import { liveFileIDsInCollection } from "../collections/collection-file-repository";
import type { CollectionRow } from "../collections/collection-repository";
import { participantCollection } from "../collections/collection-write";
import type { LibraryContext } from "../context";
import { copyRefusalError, planCopies, type CopySource } from "./copy-rules";
import { filesByID, lockedFileRows } from "./file-repository";
import { liveObjectRowsOfFiles } from "./object-repository";

// What a `POST /files/copy` copies, read and checked: the collections, the
// files' rows and their live objects. See: [Note: Who may copy a file]

export interface CopyRequest {
  srcCollectionID: number;
  dstCollectionID: number;
  items: readonly CollectionFileItem[];
}

export interface CopyPlan {
  destination: CollectionRow;
  /** The files to copy, in the request's order. */
  sources: CopySource[];
}

/** Any participant may copy out of a collection. See: [Note: Who may copy a file] */
const sourceRoles: readonly ParticipantRole[] = ["OWNER", "ADMIN", "COLLABORATOR", "VIEWER"];

export interface ReadCopyPlanOptions {
  /** Read the files under a row lock (PostgreSQL), inside the transaction that writes the copies. */
  lockFiles: boolean;
}

/**
 * The copy's plan, or the refusal it meets (thrown): 404 for a source the
 * caller does not take part in, 403/404 for a destination it does not own,
 * 404/400 for files it may not copy. See: [Note: Who may copy a file]
 */
export const readCopyPlan = async (
  context: Pick<LibraryContext, "dialect">,
  db: DB,
  callerID: number,
  app: ClientApp,
  { srcCollectionID, dstCollectionID, items }: CopyRequest,
  { lockFiles }: ReadCopyPlanOptions,
): Promise<CopyPlan> => {
  await participantCollection(db, callerID, srcCollectionID, {
    app,
    roles: sourceRoles,
    action: "copy files",
  });
  const destination = await ownedCollection(db, callerID, dstCollectionID, { app });
  if (items.length === 0) return { destination, sources: [] };
  const fileIDs = items.map((item) => item.id);
  const [liveInSource, files, objects] = await Promise.all([
    liveFileIDsInCollection(db, srcCollectionID, fileIDs),
    lockFiles ? lockedFileRows(db, context.dialect, fileIDs) : filesByID(db, fileIDs),
    liveObjectRowsOfFiles(db, fileIDs),
  ]);
  const sources = planCopies(callerID, items, { liveInSource, files, objects });
  if (!Array.isArray(sources)) throw copyRefusalError(sources);
  return { destination, sources };
};
