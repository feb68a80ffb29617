// Taking files out of a collection (unfavorite, REMOVE, deleting an album
// while keeping its files) under the ownership rules of spec §6.
// See: [Note: Removing files from a collection follows ownership]

import { planRemoval } from "../../../shared/model/library/removal-plan";
import { removeFiles } from "../../library/collection-operations";
import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";
import type { LibraryReader } from "../gallery-contract";
import { ActionRefusedError } from "./action-errors";
import {
  type ExecutionContext,
  type PlanEnvironment,
  isOwned,
  locateFiles,
  specialCollectionFor,
} from "./action-plan";
import { type MoveGroup, sendMoves } from "./collection-writes";
import type { LibraryPatch } from "./library-patch";

/**
 * Plans taking `files` (entries of `source`) out of `source`: records it in
 * `patch` and answers the calls that do it. Others' files in a collection
 * the user does not own refuse the action (`not-file-owner`).
 */
export const planRemovalFrom = (
  reader: LibraryReader,
  env: PlanEnvironment,
  patch: LibraryPatch,
  source: DecryptedCollection,
  files: readonly DecryptedFile[],
): ((context: ExecutionContext) => Promise<void>) => {
  const userID = reader.userID;
  const hidden = reader.hiddenIDs();
  const entries = locateFiles(
    reader,
    files.filter((file) => file.ownerID === userID).map((file) => file.id),
  );
  const holdersOf = (fileID: number): number[] =>
    (entries.get(fileID) ?? [])
      .map((entry) => entry.collectionID)
      .filter((id) => {
        const collection = reader.collection(id);
        return id !== source.id && collection !== undefined && isOwned(collection, userID);
      })
      // Visible collections first: the file stays where the user sees it.
      .sort((a, b) => Number(hidden.has(a)) - Number(hidden.has(b)));
  const plan = planRemoval({
    collectionID: source.id,
    collectionOwnerID: source.owner.id,
    userID,
    files,
    holdersOf,
  });
  if (plan.refused.length > 0) throw new ActionRefusedError("not-file-owner", plan.refused);

  const byID = new Map(files.map((file) => [file.id, file]));
  const pick = (ids: readonly number[]) =>
    ids.flatMap((id) => {
      const file = byID.get(id);
      return file === undefined ? [] : [file];
    });
  for (const file of files) patch.removeFromCollection(source.id, file.id);
  for (const [holderID, ids] of plan.moves) {
    for (const file of pick(ids)) patch.addToCollection(holderID, file);
  }
  if (plan.toUncategorized.length > 0) {
    const uncategorized = specialCollectionFor(reader, env, patch, "uncategorized");
    for (const file of pick(plan.toUncategorized)) patch.addToCollection(uncategorized.id, file);
  }

  return async ({ deps, base, ensureSpecial }) => {
    const groups: MoveGroup[] = [];
    for (const [holderID, ids] of plan.moves) {
      const holder = base.collection(holderID);
      if (holder === undefined) throw new ActionRefusedError("not-found");
      groups.push({ fromCollectionID: source.id, target: holder, files: pick(ids) });
    }
    if (plan.toUncategorized.length > 0) {
      const uncategorized = await ensureSpecial("uncategorized");
      groups.push({
        fromCollectionID: source.id,
        target: uncategorized,
        files: pick(plan.toUncategorized),
      });
    }
    await sendMoves(deps, groups);
    await removeFiles(deps, source.id, plan.removals);
  };
};
