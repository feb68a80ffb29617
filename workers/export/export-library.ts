// What an export reads of the library: the user's own collections and the
// files they own in them (spec §6), and each file's decrypted contents. The
// engine takes it as a source so that it runs over the sync worker's library
// in the apps and over the Node library client on the command line.

import { FileType } from "../../shared/model/library/file-metadata";
import type { DecryptedCollection, DecryptedFile } from "../library/decrypted-records";

/** A collection as the export names its folder. */
export interface ExportCollection {
  id: number;
  name: string;
}

/** A file in one collection, as the export writes it. */
export type ExportFile = Pick<
  DecryptedFile,
  | "id"
  | "collectionID"
  | "ownerID"
  | "updationTime"
  | "metadata"
  | "pubMagicMetadata"
  | "keyB64"
  | "fileDecryptionHeaderB64"
>;

export interface ExportLibrary {
  collections: ExportCollection[];
  files: ExportFile[];
}

export interface ExportLibrarySource {
  /** The library as it is now: what should be in the export folder. */
  load(): Promise<ExportLibrary>;
  /** A file's decrypted contents, chunk by chunk (never whole in memory). */
  contents(file: ExportFile, signal: AbortSignal): AsyncIterable<Uint8Array>;
}

/**
 * Only the files the user owns in the collections the user owns are
 * exported (spec §6): an album shared with the user, or a file someone else
 * added to the user's album, is theirs to keep, not the user's. Deleted
 * collections and entries are not in the library. Hidden albums are: a
 * backup holds every photo the user owns.
 */
export const exportableLibrary = (
  userID: number,
  collections: readonly DecryptedCollection[],
  files: readonly ExportFile[],
): ExportLibrary => {
  const owned = collections.filter(
    (collection) => !collection.isDeleted && collection.owner.id === userID,
  );
  const ownedIDs = new Set(owned.map((collection) => collection.id));
  return {
    collections: owned.map(({ id, name }) => ({ id, name })),
    files: files.filter((file) => file.ownerID === userID && ownedIDs.has(file.collectionID)),
  };
};

/** The name a file is exported under before making it unique: its edited name, else its title. */
export const wantedExportName = (file: Pick<ExportFile, "metadata" | "pubMagicMetadata">): string =>
  file.pubMagicMetadata?.data.editedName ?? file.metadata.title;

export const isLivePhoto = (file: Pick<ExportFile, "metadata">): boolean =>
  file.metadata.fileType === FileType.livePhoto;
