import type { RemoteFileJSON } from "../../../shared/api/endpoints/library-schemas";
import type { CollectionFilesTable, FilesTable } from "../db/schema";
import type { Selectable } from "kysely";
import { magicMetadataJSON } from "./magic-metadata";

// The File object of wire-contract §4, as diffs, creates and trash items
// answer it, built from a `files` row and one of its `collection_files` rows.

export type FileRow = Selectable<FilesTable>;
export type CollectionFileRow = Selectable<CollectionFilesTable>;

/** The marker a permanently deleted file's metadata and headers carry (wire-contract §6). */
export const deletedFileMarker = "-";

/** The columns of a `files` row a File is built from. */
export type FileJSONFile = Pick<
  FileRow,
  | "file_id"
  | "owner_id"
  | "file_decryption_header"
  | "thumbnail_decryption_header"
  | "metadata_decryption_header"
  | "encrypted_metadata"
  | "magic_metadata"
  | "pub_magic_metadata"
  | "file_size"
  | "thumb_size"
>;

/** The columns of a `collection_files` row a File is built from. */
export type FileJSONEntry = Pick<
  CollectionFileRow,
  | "collection_id"
  | "encrypted_key"
  | "key_decryption_nonce"
  | "c_owner_id"
  | "is_deleted"
  | "action"
  | "action_user"
  | "created_at_us"
  | "updation_time_us"
>;

export interface FileJSONOptions {
  /** Who asks: the owner's private magic metadata and actions go only to the file's owner. */
  viewerID: number;
  /** Object keys and sizes: only in create answers; diffs omit them (wire-contract §4). */
  objects?: { fileObjectKey: string; thumbnailObjectKey: string } | undefined;
}

/** A file as answered. See wire-contract §4 and §7.5. */
export const fileJSON = (
  file: FileJSONFile,
  entry: FileJSONEntry,
  { viewerID, objects }: FileJSONOptions,
): RemoteFileJSON => {
  const isOwner = file.owner_id === viewerID;
  const permanentlyDeleted = file.encrypted_metadata === deletedFileMarker;
  const hiddenAction =
    !isOwner && (entry.action === "REMOVE" || entry.action === "DELETE_SUGGESTED");
  const magicMetadata = isOwner ? magicMetadataJSON(file.magic_metadata) : undefined;
  const pubMagicMetadata = magicMetadataJSON(file.pub_magic_metadata);
  return {
    id: file.file_id,
    ownerID: file.owner_id,
    collectionID: entry.collection_id,
    collectionOwnerID: entry.c_owner_id,
    collectionAddedAt: entry.created_at_us,
    encryptedKey: entry.encrypted_key,
    keyDecryptionNonce: entry.key_decryption_nonce,
    file: {
      decryptionHeader: file.file_decryption_header,
      ...(objects === undefined
        ? { size: 0 }
        : { objectKey: objects.fileObjectKey, size: file.file_size }),
    },
    thumbnail: {
      decryptionHeader: file.thumbnail_decryption_header,
      ...(objects === undefined
        ? { size: 0 }
        : { objectKey: objects.thumbnailObjectKey, size: file.thumb_size }),
    },
    metadata: {
      encryptedData: file.encrypted_metadata,
      decryptionHeader: file.metadata_decryption_header,
      size: 0,
    },
    isDeleted: entry.is_deleted === 1 || permanentlyDeleted || hiddenAction,
    updationTime: entry.updation_time_us,
    ...(magicMetadata === undefined ? {} : { magicMetadata }),
    ...(pubMagicMetadata === undefined ? {} : { pubMagicMetadata }),
    ...(permanentlyDeleted
      ? {}
      : { info: { fileSize: file.file_size, thumbSize: file.thumb_size } }),
    ...(isOwner && entry.action !== null
      ? { action: entry.action, actionUser: entry.action_user }
      : {}),
  };
};
