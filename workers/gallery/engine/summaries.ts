// The albums bar's summaries (spec §3), built from the library and the views
// of the pseudo-collections (pure): each collection's summary type, section
// order, counts, newest and cover file, then all, archive, trash, hidden
// items and the uncategorized placeholder. Sorted for the bar by
// `sortSummaries`; the page re-sorts when the user picks another order.

import { defaultCollectionNames } from "../../../shared/model/library/collection-metadata";
import { sortSummaries, summarySectionOrder } from "../../../shared/model/library/summary-order";
import type { DecryptedCollection } from "../../library/decrypted-records";
import { type LibraryReader } from "../gallery-contract";
import {
  type CollectionSortBy,
  type CollectionSummaryType,
  type GallerySummary,
  PseudoCollectionID,
} from "../../../shared/model/library/gallery-summary";
import type { FileEntriesCache } from "./file-entries";
import { type LibraryFacts, isOwnedBy } from "./library-facts";
import type { BuiltView } from "./view-builder";

/** Default names of the pseudo-collections; the page shows its own localized label per type. */
export const pseudoCollectionNames = {
  all: "All",
  archive: "Archive",
  trash: "Trash",
  uncategorized: defaultCollectionNames.uncategorized,
  hiddenItems: "Hidden",
} as const;

/** The order in which a collection's kinds decide its summary type (spec §3, §6). */
export const summaryTypeOf = (
  collection: DecryptedCollection,
  facts: LibraryFacts,
): CollectionSummaryType => {
  const { userID } = facts;
  if (!isOwnedBy(collection, userID)) {
    const role = collection.sharees.find((sharee) => sharee.id === userID)?.role;
    return role === "COLLABORATOR" ? "incomingShareCollaborator" : "incomingShareViewer";
  }
  if (collection.sharees.length > 0) return "outgoingShare";
  if (collection.publicURLs.length > 0) return "sharedOnlyViaLink";
  if (facts.archivedIDs.has(collection.id)) return "archived";
  if (facts.defaultHiddenIDs.has(collection.id)) return "defaultHidden";
  if ((collection.magicMetadata?.data.order ?? 0) > 0) return "pinned";
  switch (collection.type) {
    case "folder":
      return "folder";
    case "favorites":
      return "favorites";
    case "uncategorized":
      return "uncategorized";
    default:
      // Albums, and types a newer client made: shown as albums.
      return "album";
  }
};

export interface SummarySources {
  reader: LibraryReader;
  facts: LibraryFacts;
  cache: FileEntriesCache;
  /** The built view of a pseudo-collection. */
  view: (viewID: number) => BuiltView;
}

const collectionSummary = (
  collection: DecryptedCollection,
  { reader, facts, cache }: SummarySources,
): GallerySummary => {
  const type = summaryTypeOf(collection, facts);
  const entries = cache.of(reader, collection.id);
  const newest = entries.newestPosition();
  const latestFileID = newest === -1 ? undefined : entries.files[newest]?.id;
  const coverID = collection.pubMagicMetadata?.data.coverID;
  const hasCover = coverID !== undefined && entries.positionOf(coverID) !== -1;
  const isOwned = isOwnedBy(collection, facts.userID);
  const order = isOwned ? (collection.magicMetadata?.data.order ?? 0) : 0;
  return {
    id: collection.id,
    name: collection.name,
    type,
    order: summarySectionOrder[type],
    fileCount: reader.fileCountOf(collection.id),
    updationTimeUs: collection.updationTime,
    latestFileID,
    coverFileID: hasCover ? coverID : latestFileID,
    isHidden: facts.hiddenIDs.has(collection.id),
    isOwned,
    pinOrder: order > 0 ? order : undefined,
    sortAscending: collection.pubMagicMetadata?.data.asc === true,
    ownerEmail: isOwned ? undefined : (collection.owner.email ?? undefined),
    shareeCount: isOwned ? collection.sharees.length : undefined,
    hasPublicLink: isOwned ? collection.publicURLs.length > 0 : undefined,
  };
};

const pseudoSummary = (
  id: number,
  type: CollectionSummaryType,
  name: string,
  view: BuiltView | undefined,
  isHidden = false,
): GallerySummary => {
  const latest = view?.files[0];
  return {
    id,
    name,
    type,
    order: summarySectionOrder[type],
    fileCount: view?.count ?? 0,
    updationTimeUs: latest?.updationTime ?? 0,
    latestFileID: latest?.id,
    coverFileID: latest?.id,
    isHidden,
    isOwned: false,
    sortAscending: false,
  };
};

/** Every summary of the bar and the hidden section, in the bar's order for `sortBy`. */
export const buildSummaries = (
  sources: SummarySources,
  sortBy: CollectionSortBy = "name",
): GallerySummary[] => {
  const { reader, facts, view } = sources;
  const summaries = [...reader.collections()].map((collection) =>
    collectionSummary(collection, sources),
  );
  summaries.push(
    pseudoSummary(PseudoCollectionID.all, "all", pseudoCollectionNames.all, view(0)),
    pseudoSummary(
      PseudoCollectionID.archive,
      "archive",
      pseudoCollectionNames.archive,
      view(PseudoCollectionID.archive),
    ),
    pseudoSummary(
      PseudoCollectionID.trash,
      "trash",
      pseudoCollectionNames.trash,
      view(PseudoCollectionID.trash),
    ),
    pseudoSummary(
      PseudoCollectionID.hiddenItems,
      "hiddenItems",
      pseudoCollectionNames.hiddenItems,
      view(PseudoCollectionID.hiddenItems),
      true,
    ),
  );
  if (facts.uncategorizedID === undefined) {
    summaries.push(
      pseudoSummary(
        PseudoCollectionID.uncategorized,
        "uncategorized",
        pseudoCollectionNames.uncategorized,
        undefined,
      ),
    );
  }
  return sortSummaries(summaries, sortBy);
};
