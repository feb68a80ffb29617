// Which albums can be shared (spec §6; wire-contract §3.3): the server and
// the client answer the same.

import { CollectionSubType } from "./collection-metadata";

/** Every collection type but uncategorized can be shared, with people or by link (wire-contract §3.1). */
export const canBeShared = (type: string): boolean => type !== "uncategorized";

/**
 * Whether the sharing dialog offers an album: the server's rule, and not the
 * default hidden album (hidden items are not shared from it).
 */
export const canBeSharedByType = (collection: {
  type: string;
  magicMetadata?: { data: { subType?: number | undefined } } | undefined;
}): boolean =>
  canBeShared(collection.type) &&
  collection.magicMetadata?.data.subType !== CollectionSubType.defaultHidden;
