// File operations as a client performs them (wire-contract §5.3, §6; spec §7,
// §9): magic-metadata edits (caption, edited name and time, visibility),
// trash, permanent deletion from the trash and emptying it.

import {
  trashFiles as trashFilesEndpoint,
  updateFileMagicMetadata as updatePrivateEndpoint,
  updateFilePublicMagicMetadata as updatePublicEndpoint,
} from "../../shared/api/endpoints/files";
import { type MagicMetadataInput, libraryLimits } from "../../shared/api/endpoints/library-schemas";
import {
  deleteFromTrash as deleteFromTrashEndpoint,
  emptyTrash as emptyTrashEndpoint,
} from "../../shared/api/endpoints/trash";
import { HttpError } from "../../shared/model/errors";
import {
  type Visibility,
  filePrivateMagicMetadataSchema,
  filePublicMagicMetadataSchema,
} from "../../shared/model/library/file-metadata";
import type { MagicMetadataChanges } from "../../shared/model/library/magic-metadata-update";
import { inBatches, sendInBatches } from "./batches";
import type { DecryptedFile } from "./decrypted-records";
import type { LibraryDeps } from "./library-deps";
import { encryptMagicMetadataEdits } from "./magic-metadata";

/** HTTP status of a stale magic-metadata version (wire-contract §5.3). */
const versionConflictStatus = 409;

/**
 * The server holds a newer version of a file's magic metadata than the one
 * an edit was made from (another device changed it): re-read, merge, retry.
 * See: [Note: A file's magic metadata is written over the version it was read at]
 */
export class StaleMagicMetadataError extends Error {
  override readonly name = "StaleMagicMetadataError";

  constructor(
    /** The files of the refused batch. */
    readonly fileIDs: readonly number[],
    options?: ErrorOptions,
  ) {
    super("The file's metadata changed on another device", options);
  }
}

export type FileMagicMetadataKind = "private" | "public";

export type FileForEdit = Pick<
  DecryptedFile,
  "id" | "keyB64" | "magicMetadata" | "pubMagicMetadata"
>;

export interface FileMagicMetadataEdit<F extends FileForEdit = FileForEdit> {
  file: F;
  /** Keys to set; null removes a key. See: [Note: Null drops a magic-metadata key] */
  changes: MagicMetadataChanges;
}

const sendMetadataBatch = async (
  deps: LibraryDeps,
  kind: FileMagicMetadataKind,
  metadataList: { id: number; magicMetadata: MagicMetadataInput }[],
): Promise<void> => {
  try {
    await deps.api.call(kind === "private" ? updatePrivateEndpoint : updatePublicEndpoint, {
      body: { metadataList },
    });
  } catch (e) {
    if (e instanceof HttpError && e.status === versionConflictStatus) {
      throw new StaleMagicMetadataError(
        metadataList.map((item) => item.id),
        { cause: e },
      );
    }
    throw e;
  }
};

/**
 * Applies each edit to the file's private or public magic metadata: merged,
 * encrypted under the file key (one pool call for all), sent in batches of
 * 1000 at the version last seen. Answers the files with the metadata the
 * server now holds. A stale version throws `StaleMagicMetadataError`; the
 * batches before it are stored.
 */
export const updateFilesMagicMetadata = async <F extends FileForEdit>(
  deps: LibraryDeps,
  kind: FileMagicMetadataKind,
  edits: readonly FileMagicMetadataEdit<F>[],
): Promise<F[]> => {
  /** Sends the encrypted metadata of each edited file, `collectionBatch` files a call. */
  const send = async (inputs: readonly MagicMetadataInput[]) => {
    const items = inputs.map((magicMetadata, i) => ({ id: edits[i]?.file.id ?? 0, magicMetadata }));
    for (const batch of inBatches(items, libraryLimits.collectionBatch)) {
      await sendMetadataBatch(deps, kind, batch);
    }
  };
  if (kind === "private") {
    const encrypted = await encryptMagicMetadataEdits(
      deps.pool,
      filePrivateMagicMetadataSchema,
      edits.map(({ file, changes }) => ({
        keyB64: file.keyB64,
        current: file.magicMetadata,
        changes,
      })),
    );
    await send(encrypted.map(({ input }) => input));
    return edits.map(({ file }, i) => ({ ...file, magicMetadata: encrypted[i]?.next }));
  }
  const encrypted = await encryptMagicMetadataEdits(
    deps.pool,
    filePublicMagicMetadataSchema,
    edits.map(({ file, changes }) => ({
      keyB64: file.keyB64,
      current: file.pubMagicMetadata,
      changes,
    })),
  );
  await send(encrypted.map(({ input }) => input));
  return edits.map(({ file }, i) => ({ ...file, pubMagicMetadata: encrypted[i]?.next }));
};

/** Sets (or with null removes) a file's caption. */
export const setFileCaption = async <F extends FileForEdit>(
  deps: LibraryDeps,
  file: F,
  caption: string | null,
): Promise<F> => {
  const [updated] = await updateFilesMagicMetadata(deps, "public", [
    { file, changes: { caption } },
  ]);
  if (updated === undefined) throw new Error("No file was updated");
  return updated;
};

/** Archives, hides or shows files (their owner's private visibility). */
export const setFilesVisibility = <F extends FileForEdit>(
  deps: LibraryDeps,
  files: readonly F[],
  visibility: Visibility,
): Promise<F[]> =>
  updateFilesMagicMetadata(
    deps,
    "private",
    files.map((file) => ({ file, changes: { visibility } })),
  );

/** A file in a collection, as the trash call names it. */
export interface TrashItemRef {
  fileID: number;
  collectionID: number;
}

/** Moves the caller's files to the trash (out of every collection), 1000 a call. */
export const trashFiles = async (
  deps: LibraryDeps,
  items: readonly TrashItemRef[],
): Promise<void> => {
  await sendInBatches(items, libraryLimits.collectionBatch, (batch) =>
    deps.api.call(trashFilesEndpoint, { body: { items: batch } }),
  );
};

/** Deletes files in the caller's trash for good, 2500 a call (wire-contract §6). */
export const deleteFromTrash = async (
  deps: LibraryDeps,
  fileIDs: readonly number[],
): Promise<void> => {
  await sendInBatches(fileIDs, libraryLimits.trashDeleteBatch, (batch) =>
    deps.api.call(deleteFromTrashEndpoint, { body: { fileIDs: batch } }),
  );
};

/**
 * Empties the trash: every entry updated at or before `lastUpdatedAtUs` (the
 * newest `updatedAt` the client has seen, so entries it has not seen stay).
 */
export const emptyTrash = async (deps: LibraryDeps, lastUpdatedAtUs: number): Promise<void> => {
  await deps.api.call(emptyTrashEndpoint, { body: { lastUpdatedAt: lastUpdatedAtUs } });
};
