// Where the photo editor's result goes and what it carries: the copy's
// name, what it keeps of its original, the albums it joins (the first one
// it is uploaded into), and whether the original may be replaced. Pure; the
// sync worker's `edited-copy.ts` runs it. See: [Note: An edited photo is saved as a copy beside its original]

import type {
  FileMetadata,
  FilePublicMagicMetadata,
} from "../../shared/model/library/file-metadata";
import type { CopiedFileMetadata, UploadTarget } from "./upload-contract";
import { editedCopyName } from "../../shared/model/editor/edited-copy-name";

/** What the plan reads of the original (a `DecryptedFile` fits). */
export interface EditedOriginal {
  ownerID: number;
  metadata: Pick<FileMetadata, "title" | "creationTime" | "latitude" | "longitude">;
  pubMagicMetadata?:
    { data: Pick<FilePublicMagicMetadata, "editedName" | "editedTime" | "caption"> } | undefined;
}

/** A collection holding the original, as the plan judges it. */
export interface HoldingCollection {
  id: number;
  /** `album`, `folder`, `favorites`, `uncategorized`, or a newer client's type. */
  type: string;
  ownerID: number;
  /**
   * Whether the user may add their files to it though it is someone else's:
   * shared with them as a collaborator (or an admin, who may do as much).
   */
  isCollaborator: boolean;
  isDeleted: boolean;
}

export interface EditedCopyPlanInput {
  original: EditedOriginal;
  /** The collections holding the original, in any order. */
  holding: readonly HoldingCollection[];
  userID: number;
  /** The view the original was opened in (an album, or a pseudo view). */
  viewID: number;
}

export interface EditedCopyPlan {
  /** The copy's file name: the original's shown name, said to be edited, as a JPEG. */
  fileName: string;
  copyOf: CopiedFileMetadata;
  /** Where the copy is uploaded: the first of its albums, else the user's library. */
  target: UploadTarget;
  /** The albums the copy is then added to, after `target`. */
  otherAlbumIDs: number[];
  /** Whether the user may send the original to the trash: only their own file. */
  mayReplaceOriginal: boolean;
}

/** What the copy keeps of its original. See: [Note: An edited copy keeps its original's moment] */
export const copiedMetadataOf = ({ metadata, pubMagicMetadata }: EditedOriginal) => {
  const { creationTime, latitude, longitude } = metadata;
  const data = pubMagicMetadata?.data;
  return {
    creationTimeUs: creationTime,
    ...(latitude === undefined || longitude === undefined ? {} : { latitude, longitude }),
    ...(data?.caption === undefined ? {} : { caption: data.caption }),
    editedTimeUs: data?.editedTime ?? creationTime,
  } satisfies CopiedFileMetadata;
};

/**
 * Whether the copy goes into a collection holding the original: one the
 * user can add to (their own, or a shared one where they collaborate), and
 * not favorites (being a favorite is the original's, not an album).
 */
const takesCopy = (collection: HoldingCollection, userID: number): boolean =>
  !collection.isDeleted &&
  collection.type !== "favorites" &&
  (collection.ownerID === userID || collection.isCollaborator);

/**
 * The copy's albums, the first being where it is uploaded: the open album
 * when it is one of them; else the user's own before those shared with them
 * (the copy is registered straight into an album of theirs rather than
 * through their library), oldest first.
 */
const copyAlbums = ({ holding, userID, viewID }: EditedCopyPlanInput): number[] => {
  const albums = holding.filter((collection) => takesCopy(collection, userID));
  const isOwn = (collection: HoldingCollection) => collection.ownerID === userID;
  albums.sort(
    (a, b) =>
      Number(b.id === viewID) - Number(a.id === viewID) ||
      Number(isOwn(b)) - Number(isOwn(a)) ||
      a.id - b.id,
  );
  return [...new Set(albums.map(({ id }) => id))];
};

export const planEditedCopy = (input: EditedCopyPlanInput): EditedCopyPlan => {
  const { original, userID } = input;
  const [first, ...otherAlbumIDs] = copyAlbums(input);
  return {
    fileName: editedCopyName(original.pubMagicMetadata?.data.editedName ?? original.metadata.title),
    copyOf: copiedMetadataOf(original),
    target: first === undefined ? { kind: "library" } : { kind: "album", collectionID: first },
    otherAlbumIDs,
    mayReplaceOriginal: original.ownerID === userID,
  };
};
