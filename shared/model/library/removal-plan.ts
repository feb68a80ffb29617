// [Note: Removing files from a collection follows ownership]
//
// Spec §6: only the owner's own files can be removed from an album
// outright; others' files use `/collections/v3/remove-files`. A file must
// stay in at least one of its owner's collections (else it would be lost
// without passing through the trash), so the owner's own files leave an
// album of theirs by a move: into another of their collections that already
// holds the file, else into their uncategorized collection. The server
// enforces the same: remove-files refuses the collection owner's own files,
// and a sharee may remove only the files it added itself.
//
// | the user owns the album | the file is the user's | what happens            |
// |-------------------------|------------------------|-------------------------|
// | yes                     | yes                    | moved (holder or uncategorized) |
// | yes                     | no                     | remove-files            |
// | no                      | yes                    | remove-files            |
// | no                      | no                     | refused: not file owner |

/** A file to take out of the collection. */
export interface RemovalFile {
  id: number;
  ownerID: number;
}

export interface RemovalInput {
  /** The collection the files leave. */
  collectionID: number;
  collectionOwnerID: number;
  userID: number;
  files: readonly RemovalFile[];
  /**
   * The user's other collections already holding a file (not the source),
   * in order of preference: the first is where an own file moves.
   */
  holdersOf: (fileID: number) => readonly number[];
}

/** Where each file goes. */
export interface RemovalPlan {
  /** Own files moved, by target collection ID. */
  moves: Map<number, number[]>;
  /** Own files with no other collection: moved to uncategorized. */
  toUncategorized: number[];
  /** Files taken out through remove-files. */
  removals: number[];
  /** Others' files in a collection the user does not own. */
  refused: number[];
}

/** See: [Note: Removing files from a collection follows ownership] */
export const planRemoval = ({
  collectionID,
  collectionOwnerID,
  userID,
  files,
  holdersOf,
}: RemovalInput): RemovalPlan => {
  const plan: RemovalPlan = { moves: new Map(), toUncategorized: [], removals: [], refused: [] };
  const ownsCollection = collectionOwnerID === userID;
  for (const file of files) {
    const ownsFile = file.ownerID === userID;
    if (!ownsCollection) {
      (ownsFile ? plan.removals : plan.refused).push(file.id);
      continue;
    }
    if (!ownsFile) {
      plan.removals.push(file.id);
      continue;
    }
    const holder = holdersOf(file.id).find((id) => id !== collectionID);
    if (holder === undefined) {
      plan.toUncategorized.push(file.id);
      continue;
    }
    const moved = plan.moves.get(holder) ?? [];
    moved.push(file.id);
    plan.moves.set(holder, moved);
  }
  return plan;
};
