import { insertCollectionFile } from "../collections/collection-file-repository";
import type { CollectionRow } from "../collections/collection-repository";
import type { CollectionFileRow, FileRow } from "../file-json";
import type { LibraryTransaction } from "../versions";
import { insertFile } from "./file-repository";
import { insertFileObjects, type FileObjects } from "./object-repository";

// The rows of a new file in a collection of its owner: what an upload
// (`POST /files`, create-file.ts) and a copy (`POST /files/copy`,
// copy-files.ts) both write, so that a copy is a file like any upload.
// See: [Note: A copy of another's file is a new upload]

/** What a new file is made of. Magic metadata is given as its column value (JSON text). */
export interface NewFileFacts {
  fileID: number;
  ownerID: number;
  collection: Pick<CollectionRow, "collection_id" | "owner_id">;
  /** The file key under the collection's key. */
  encryptedKey: string;
  keyDecryptionNonce: string;
  fileDecryptionHeader: string;
  thumbnailDecryptionHeader: string;
  metadataDecryptionHeader: string;
  encryptedMetadata: string;
  magicMetadata: string | null;
  pubMagicMetadata: string | null;
  objects: FileObjects;
}

export interface NewFileRows {
  file: FileRow;
  entry: CollectionFileRow;
  objects: FileObjects;
}

/**
 * The rows of a new file, stamped with the write's version (the file, its
 * entry, when it was added). See: [Note: A collection is never older than its files]
 */
export const newFileRows = (
  facts: NewFileFacts,
  versionUs: number,
  nowUs: number,
): NewFileRows => ({
  file: {
    file_id: facts.fileID,
    owner_id: facts.ownerID,
    file_decryption_header: facts.fileDecryptionHeader,
    thumbnail_decryption_header: facts.thumbnailDecryptionHeader,
    metadata_decryption_header: facts.metadataDecryptionHeader,
    encrypted_metadata: facts.encryptedMetadata,
    magic_metadata: facts.magicMetadata,
    pub_magic_metadata: facts.pubMagicMetadata,
    file_size: facts.objects.fileSizeBytes,
    thumb_size: facts.objects.thumbSizeBytes,
    created_at_us: nowUs,
    updation_time_us: versionUs,
  },
  entry: {
    collection_id: facts.collection.collection_id,
    file_id: facts.fileID,
    encrypted_key: facts.encryptedKey,
    key_decryption_nonce: facts.keyDecryptionNonce,
    c_owner_id: facts.collection.owner_id,
    f_owner_id: facts.ownerID,
    is_deleted: 0,
    action: null,
    action_user: null,
    created_at_us: versionUs,
    updation_time_us: versionUs,
  },
  objects: facts.objects,
});

/**
 * Writes a new file's objects, row and entry. The caller counts the bytes,
 * forgets the objects' upload records and stamps the collection, in the
 * same transaction.
 */
export const insertNewFile = async (
  trx: LibraryTransaction,
  { file, entry, objects }: NewFileRows,
  nowUs: number,
): Promise<void> => {
  await insertFileObjects(trx, file.file_id, objects, nowUs);
  await insertFile(trx, file);
  await insertCollectionFile(trx, entry);
};
