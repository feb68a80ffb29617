// What the library store keeps in its sealed rows: the trash's entries, the
// payloads of file and trash chunks, and the checks a row read back must pass
// before it is trusted. See: [Note: The local database holds only ciphertext]

import type { DecryptedCollection, DecryptedFile } from "../library/decrypted-records";
import type { SealedValue } from "./local-db";

/** A file in the trash (spec §3 "Trash entry"). */
export interface TrashEntry {
  file: DecryptedFile;
  /** µs: when the server deletes it for good. */
  deleteByUs: number;
  /** µs: the entry's version in the trash diff. */
  updatedAtUs: number;
  /**
   * The user's other collections the file left when it went to the trash,
   * as far as this device saw (`file.collectionID` is the one the server
   * names). See: [Note: The trash remembers a file's albums]
   */
  formerCollectionIDs?: number[] | undefined;
}

/** What a sealed chunk of `files` or `hidden-files` holds. */
export interface FileChunkPayload {
  collectionID: number;
  files: DecryptedFile[];
}

/** What a sealed chunk of `file-trash` holds. */
export interface TrashChunkPayload {
  entries: TrashEntry[];
}

export const fileIDOf = (file: DecryptedFile) => file.id;
export const trashIDOf = (entry: TrashEntry) => entry.file.id;

export const isFileChunkPayload = (value: unknown): value is FileChunkPayload =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Partial<FileChunkPayload>).collectionID === "number" &&
  Array.isArray((value as Partial<FileChunkPayload>).files);

export const isTrashChunkPayload = (value: unknown): value is TrashChunkPayload =>
  typeof value === "object" &&
  value !== null &&
  Array.isArray((value as Partial<TrashChunkPayload>).entries);

export const isCollection = (value: unknown): value is DecryptedCollection =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Partial<DecryptedCollection>).id === "number" &&
  typeof (value as Partial<DecryptedCollection>).keyB64 === "string";

export const isIDList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((id) => typeof id === "number");

/** The sealed value at `index`: the pool answers one per value sealed. */
export const sealedAt = (sealed: readonly SealedValue[], index: number): SealedValue => {
  const value = sealed[index];
  if (value === undefined) throw new Error(`The crypto pool sealed fewer values than asked`);
  return value;
};

export class UnreadableStoreError extends Error {
  override readonly name = "UnreadableStoreError";
}
