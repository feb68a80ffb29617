// The albums an upload run puts files into: the album
// picked (registered first in the user's own library when someone else owns
// it), the user's album of a given name (spec §5 new-album rule) or a new
// one, one album per picked folder, or no album (the user's uncategorized
// collection).

import {
  type AlbumNameCandidate,
  albumTakingName,
} from "../../shared/model/library/new-album-rule";
import type { CollectionRef } from "../library/collection-operations";
import type { UploadTarget } from "./upload-contract";
import type { UploadAlbums } from "./upload-run";
import type { UploadAlbum } from "./upload-unit";

export interface UploadAlbumsDeps<C extends AlbumNameCandidate & CollectionRef> {
  userID: number;
  /** The user's collections as the library knows them now. */
  collections: () => Iterable<C>;
  /** A new album of this name. */
  createAlbum: (name: string) => Promise<CollectionRef>;
  /** The user's uncategorized collection, made now (they have none). */
  createUncategorized: () => Promise<CollectionRef>;
}

/** The target album of a file was not found among the user's collections. */
export class UploadAlbumMissingError extends Error {
  override readonly name = "UploadAlbumMissingError";
}

/**
 * [Note: An upload into a named album reuses the album of that name]
 *
 * Uploading into "a new album named X", or a folder X with one album per
 * folder, puts the files into the user's album X when there is one (the
 * album the new-album rule says takes the name), and makes X only when there
 * is none. Uploading the same folder twice then fills one album, and the
 * dedupe reports its files as already uploaded instead of making a second
 * album of duplicates. Each name is resolved once per request.
 */
export const createUploadAlbums = <C extends AlbumNameCandidate & CollectionRef>(
  deps: UploadAlbumsDeps<C>,
): UploadAlbums => {
  const byName = new Map<string, Promise<CollectionRef>>();
  const named = (name: string): Promise<CollectionRef> => {
    let album = byName.get(name);
    if (album === undefined) {
      const existing = albumTakingName(name, deps.collections(), deps.userID);
      album =
        existing === undefined
          ? deps.createAlbum(name)
          : Promise.resolve({ id: existing.id, keyB64: existing.keyB64 });
      byName.set(name, album);
    }
    return album;
  };
  let uncategorized: Promise<CollectionRef> | undefined;
  /** The user's uncategorized collection; of two (made by two devices at once) the older. */
  const library = (): Promise<CollectionRef> => {
    if (uncategorized !== undefined) return uncategorized;
    let found: C | undefined;
    for (const collection of deps.collections()) {
      const theirs = collection.ownerID === deps.userID && collection.isDeleted !== true;
      if (
        theirs &&
        collection.type === "uncategorized" &&
        (found === undefined || collection.id < found.id)
      ) {
        found = collection;
      }
    }
    uncategorized =
      found === undefined
        ? deps.createUncategorized()
        : Promise.resolve({ id: found.id, keyB64: found.keyB64 });
    return uncategorized;
  };
  const albumFor = (target: UploadTarget, folderName: string): Promise<UploadAlbum> => {
    switch (target.kind) {
      case "album": {
        for (const collection of deps.collections()) {
          if (collection.id !== target.collectionID) continue;
          const album = { id: collection.id, keyB64: collection.keyB64 };
          if (collection.ownerID === deps.userID) return Promise.resolve(album);
          // See: [Note: A collaborator's upload is registered in their own library]
          return library().then((registerIn) => ({ ...album, registerIn }));
        }
        return Promise.reject(
          new UploadAlbumMissingError(`No album ${String(target.collectionID)}`),
        );
      }
      case "new-album":
        return named(target.name);
      case "album-per-folder":
        // See: [Note: Loose files and folders are not uploaded together]
        if (folderName === "") {
          return Promise.reject(new UploadAlbumMissingError("A loose file has no folder album"));
        }
        return named(folderName);
      case "library":
        // See: [Note: Uploading from the timeline needs no album]
        return library();
    }
  };
  return { albumFor };
};
