// What removing duplicates does, as organizing actions the library's worker
// performs one after another (pure: the duplicates page builds them from the
// groups it shows). See: [Note: Which copy of a duplicate is kept]

import { CollectionOperation } from "../../shared/model/library/collection-operation";
import type { LibraryAction } from "../gallery/gallery-contract";
import type { DuplicateGroup } from "./duplicates-contract";

/**
 * The actions that remove the chosen groups' copies, in order: the kept
 * copies added to the albums only the removed ones were in (one action per
 * album), then every removed copy trashed in one action.
 * See: [Note: Which copy of a duplicate is kept]
 */
export const deduplicationActions = (groups: readonly DuplicateGroup[]): LibraryAction[] => {
  const additions = new Map<number, number[]>();
  const removed: number[] = [];
  for (const { files } of groups) {
    const [kept, ...others] = files;
    if (kept === undefined) continue;
    const keptIn = new Set(kept.collectionIDs);
    for (const other of others) {
      removed.push(other.fileID);
      for (const collectionID of other.collectionIDs) {
        if (keptIn.has(collectionID)) continue;
        keptIn.add(collectionID);
        additions.set(collectionID, [...(additions.get(collectionID) ?? []), kept.fileID]);
      }
    }
  }
  const actions: LibraryAction[] = [...additions].map(([toCollectionID, fileIDs]) => ({
    kind: "collection-operation",
    operation: CollectionOperation.add,
    fileIDs,
    toCollectionID,
  }));
  if (removed.length > 0) actions.push({ kind: "trash", fileIDs: removed });
  return actions;
};
