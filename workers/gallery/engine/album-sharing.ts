// An album's sharing as the sharing dialog shows it: its people and its
// link, the link with the album's key in its fragment.
// See: [Note: A link's key lives only in its fragment]

import { linkWithKey } from "../../library/sharing-operations";
import type { AlbumSharing, LibraryReader } from "../gallery-contract";

/** The sharing of `collectionID` as the views show it now; undefined for no live album. */
export const albumSharingOf = (
  reader: LibraryReader,
  collectionID: number,
): AlbumSharing | undefined => {
  const collection = reader.collection(collectionID);
  if (collection === undefined || collection.isDeleted) return undefined;
  const link = collection.publicURLs[0];
  return {
    collectionID,
    owned: collection.owner.id === reader.userID,
    ownerEmail: collection.owner.email ?? "",
    sharees: collection.sharees.map((sharee) => ({
      email: sharee.email ?? "",
      role: sharee.role ?? "VIEWER",
    })),
    link:
      link === undefined
        ? undefined
        : {
            url: linkWithKey(link.url, collection.keyB64),
            deviceLimit: link.deviceLimit,
            validTillUs: link.validTill,
            enableDownload: link.enableDownload,
            enableCollect: link.enableCollect,
            enableJoin: link.enableJoin ?? false,
            passwordEnabled: link.passwordEnabled,
          },
  };
};
