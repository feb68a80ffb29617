// The membership calls of the actions, each batched per 1000 (spec §9) and
// with every file key re-boxed for its target in ONE pool call, however many
// sources and targets an action has (hiding from several albums at once, a
// removal that moves files to several collections).

import {
  addFilesToCollection,
  moveFilesBetweenCollections,
} from "../../../shared/api/endpoints/collections";
import {
  type CollectionFileItem,
  libraryLimits,
} from "../../../shared/api/endpoints/library-schemas";
import { fromB64 } from "../../../shared/crypto/base64";
import { sendInBatches } from "../../library/batches";
import type { CollectionRef, FileRef } from "../../library/collection-operations";
import { deleteFromTrash } from "../../library/file-operations";
import type { LibraryDeps } from "../../library/library-deps";

/** Files moving from one collection to another. */
export interface MoveGroup {
  fromCollectionID: number;
  target: CollectionRef;
  files: readonly FileRef[];
}

/** Files joining a collection. */
export interface AddGroup {
  target: CollectionRef;
  files: readonly FileRef[];
}

/** Each group's files boxed under its target's key, all in one pool call. */
const boxForTargets = async (
  deps: Pick<LibraryDeps, "pool">,
  groups: readonly { target: CollectionRef; files: readonly FileRef[] }[],
): Promise<CollectionFileItem[][]> => {
  const boxes = await deps.pool.encryptBoxes(
    groups.flatMap(({ target, files }) =>
      files.map((file) => ({ data: fromB64(file.keyB64), keyB64: target.keyB64 })),
    ),
  );
  let next = 0;
  return groups.map(({ files }) =>
    files.map((file) => {
      const box = boxes[next++];
      if (box === undefined) throw new Error("The crypto pool answered fewer Boxes than asked");
      return { id: file.id, encryptedKey: box.encryptedDataB64, keyDecryptionNonce: box.nonceB64 };
    }),
  );
};

const nonEmpty = <G extends { files: readonly FileRef[] }>(groups: readonly G[]) =>
  groups.filter((group) => group.files.length > 0);

/** Moves every group, 1000 files a call. */
export const sendMoves = async (deps: LibraryDeps, groups: readonly MoveGroup[]): Promise<void> => {
  const moves = nonEmpty(groups);
  const items = await boxForTargets(deps, moves);
  for (const [i, { fromCollectionID, target }] of moves.entries()) {
    await sendInBatches(items[i] ?? [], libraryLimits.collectionBatch, (batch) =>
      deps.api.call(moveFilesBetweenCollections, {
        body: { fromCollectionID, toCollectionID: target.id, files: batch },
      }),
    );
  }
};

/** Adds every group, 1000 files a call. */
export const sendAdds = async (deps: LibraryDeps, groups: readonly AddGroup[]): Promise<void> => {
  const adds = nonEmpty(groups);
  const items = await boxForTargets(deps, adds);
  for (const [i, { target }] of adds.entries()) {
    await sendInBatches(items[i] ?? [], libraryLimits.collectionBatch, (batch) =>
      deps.api.call(addFilesToCollection, { body: { collectionID: target.id, files: batch } }),
    );
  }
};

/**
 * Deletes trashed files for good, 1000 a call: the spec's batch for every
 * bulk call (§9), below the server's cap of 2500 for this one.
 */
export const sendPermanentDeletes = (
  deps: LibraryDeps,
  fileIDs: readonly number[],
): Promise<void> =>
  sendInBatches(fileIDs, libraryLimits.collectionBatch, (batch) => deleteFromTrash(deps, batch));
