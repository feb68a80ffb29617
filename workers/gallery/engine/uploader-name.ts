// Who added a file that is not the viewer's own (spec §6: "others' uploads
// show an uploader name"). Pure.
//
// [Note: Who added someone else's file]
//
// A public link's visitor gave a name, kept encrypted in the file's public
// magic metadata (`uploaderName`; see [Note: A visitor's uploads carry the
// name they gave]): that name. A collaborator's file carries none, but its
// owner is a sharee of an album the file is in, and the album lists the
// sharee's email: that email. The album owner's own files in an album shared
// with the viewer say nothing more (the album already says who shared it),
// and neither do the viewer's own files.

import type { DecryptedCollection, DecryptedFile } from "../../library/decrypted-records";

export const uploaderNameOf = (
  file: Pick<DecryptedFile, "ownerID" | "pubMagicMetadata">,
  /** The albums the file is in, as the viewer sees them. */
  albums: Iterable<Pick<DecryptedCollection, "owner" | "sharees">>,
  viewerID: number,
): string | undefined => {
  const given = file.pubMagicMetadata?.data.uploaderName?.trim();
  if (given !== undefined && given !== "") return given;
  if (file.ownerID === viewerID) return undefined;
  for (const album of albums) {
    if (album.owner.id === file.ownerID) continue;
    const sharee = album.sharees.find((candidate) => candidate.id === file.ownerID);
    const email = sharee?.email;
    if (email !== undefined && email !== null && email !== "") return email;
  }
  return undefined;
};
