// Which albums shared with the user are new since the gallery last looked.
// Pure; table-tested.

import type { GallerySummary } from "../../../../shared/model/library/gallery-summary";

/**
 * [Note: A new share is announced once]
 *
 * When someone shares an album with the user, the gallery says so once, in
 * a toast with a way to open it, instead of letting the album appear
 * silently among theirs. The browser keeps the IDs of the albums shared
 * with the user that it knows of (IDs only, which the server knows anyway),
 * per account. What a first sync finds (a new browser, a new login) is
 * recorded without a word: those albums are not news, only unread by this
 * browser. An album left or unshared leaves the list once a sync has ended
 * without it, so sharing it again is announced again.
 */
export interface KnownShares {
  userID: number;
  collectionIDs: number[];
}

export interface ShareNews {
  /** The albums to announce, newest first as the summaries list them. */
  announce: GallerySummary[];
  /** What to keep from now on. */
  known: KnownShares;
}

const isIncomingShare = (summary: GallerySummary) =>
  summary.id > 0 &&
  (summary.type === "incomingShareViewer" || summary.type === "incomingShareCollaborator");

/**
 * What changed since `known`, or undefined when nothing did (or when the
 * library is not in yet: a first look waits for the first sync to end).
 */
export const shareNews = (
  summaries: readonly GallerySummary[],
  known: KnownShares | undefined,
  userID: number,
  synced: boolean,
): ShareNews | undefined => {
  const incoming = summaries.filter(isIncomingShare);
  const collectionIDs = incoming.map((summary) => summary.id).sort((a, b) => a - b);
  if (known === undefined || known.userID !== userID) {
    return synced ? { announce: [], known: { userID, collectionIDs } } : undefined;
  }
  const before = new Set(known.collectionIDs);
  const announce = incoming.filter((summary) => !before.has(summary.id));
  // Until a sync has ended the summaries may be partial (the first screen's,
  // a pull on its way): an album missing then is not one left.
  const kept = synced
    ? collectionIDs
    : [...new Set([...known.collectionIDs, ...collectionIDs])].sort((a, b) => a - b);
  const same =
    kept.length === known.collectionIDs.length &&
    kept.every((id, index) => id === known.collectionIDs[index]);
  return same ? undefined : { announce, known: { userID, collectionIDs: kept } };
};
