// Which collections a trashed file was in: the removals the collections'
// diffs tell, matched with the trash entries by time. Pure.

import { trashRetentionUs } from "../../shared/model/library/trash-retention";
import type { TrashEntry } from "./library-store-records";

/** A file leaving one of the user's collections, as that collection's diff tells it. */
export interface FileDeparture {
  fileID: number;
  collectionID: number;
  /** µs: the removed entry's `updationTime`. */
  atUs: number;
}

/**
 * [Note: The trash remembers a file's albums]
 *
 * Trashing a file takes it out of every collection it is in, but the
 * server's trash entry names only one of them. People expect a restored
 * photo back in its albums, on any of their devices, so the others are
 * found where the server keeps them: each collection's diff tells the
 * removal of the file's entry, with its time. A removal at the moment the
 * file went to the trash (its delete-by date less the retention period,
 * within `trashMomentToleranceUs`, as the server writes both in one
 * transaction) is one of the collections it left; an older removal (the
 * file moved out of an album last month) is not. The pull collects the
 * removals it reads and, once it has the trash, adds the matching ones to
 * the entries (`formerCollectionIDs`), which the local database keeps
 * sealed like the rest. A device that reads the diffs from the start (a new
 * login) finds the same removals. A removal within the tolerance before the
 * trash (moved, then trashed, in the same minute) counts as a home too:
 * restoring into one album too many is better than losing one.
 */
export const trashMomentToleranceUs = 60_000_000;

/** µs: when the entry's file went to the trash. */
const trashedAtUs = (entry: TrashEntry) => entry.deleteByUs - trashRetentionUs;

/**
 * The entries `departures` add collections to, updated; the others are left
 * out. Departures of files not in the trash are ignored.
 */
export const entriesWithDepartures = (
  trashEntryOf: (fileID: number) => TrashEntry | undefined,
  departures: readonly FileDeparture[],
): TrashEntry[] => {
  const changed = new Map<number, TrashEntry>();
  for (const departure of departures) {
    const entry = changed.get(departure.fileID) ?? trashEntryOf(departure.fileID);
    if (entry === undefined) continue;
    if (departure.atUs < trashedAtUs(entry) - trashMomentToleranceUs) continue;
    const known = entry.formerCollectionIDs ?? [];
    if (departure.collectionID === entry.file.collectionID) continue;
    if (known.includes(departure.collectionID)) continue;
    changed.set(departure.fileID, {
      ...entry,
      formerCollectionIDs: [...known, departure.collectionID],
    });
  }
  return [...changed.values()];
};

/** Every collection the entry's file was in when trashed, as known: the server's first. */
export const trashHomesOf = (entry: TrashEntry): number[] => [
  entry.file.collectionID,
  ...(entry.formerCollectionIDs ?? []).filter((id) => id !== entry.file.collectionID),
];
