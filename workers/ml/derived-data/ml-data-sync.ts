// A file's ML data document on the server (wire-contract §8): one gzipped
// JSON document per file, encrypted with the file's key, put with
// `PUT /files/data` (type `mldata`) over the version read, fetched 200
// files a call, and followed with `POST /files/data/status-diff`.
//
// [Note: ML data is merged, never overwritten blind]
//
// Another device, or another client of the ecosystem, may have put a file's
// document with parts we do not write (the reference's faces) or do not
// know yet. So a put starts from the document on the server: our part is
// set in it, every other key kept, and the put carries the version it was
// read at (`lastUpdatedAt`, 0 when there was none). If another device put
// in between, the server answers 409 `INVALID_VERSION`; the document is then
// read again and our part merged into the newer one, a few times at most.

import type { ApiClient } from "../../../shared/api/client";
import {
  fetchFilesData,
  getFileDataStatusDiff,
  putFileData,
} from "../../../shared/api/endpoints/file-data";
import { fromB64, toB64 } from "../../../shared/crypto/base64";
import { HttpError } from "../../../shared/model/errors";
import type { CryptoPool } from "../../crypto/pool";
import { type MLDataDocument, decodeMLData, encodeMLData } from "../ml-data";

export interface MLDataSyncDeps {
  api: Pick<ApiClient, "call">;
  pool: Pick<CryptoPool, "decryptBlobs" | "encryptBlobs">;
  fileKey: (fileID: number) => string | undefined;
}

/** A file's document as read, with the version a put must carry. */
export interface StoredMLData {
  document: MLDataDocument;
  /** µs; 0 when the server holds none. */
  updatedAt: number;
}

/** Files per fetch call (wire-contract §8: at most 200). */
export const mlDataFetchBatch = 200;

/** How many times a put is merged again after another device's put. See: [Note: ML data is merged, never overwritten blind] */
const mergeAttempts = 3;

/**
 * The documents of `fileIDs` the server holds, by file (files without one,
 * or whose document does not decrypt or decode, are absent).
 */
export const fetchMLData = async (
  deps: MLDataSyncDeps,
  fileIDs: readonly number[],
): Promise<Map<number, StoredMLData>> => {
  const found = new Map<number, StoredMLData>();
  for (let start = 0; start < fileIDs.length; start += mlDataFetchBatch) {
    const batch = fileIDs.slice(start, start + mlDataFetchBatch);
    const { data } = await deps.api.call(fetchFilesData, {
      body: { fileIDs: [...batch], type: "mldata" },
    });
    const known = (data ?? []).flatMap((entry) => {
      const keyB64 = deps.fileKey(entry.fileID);
      return keyB64 === undefined ? [] : [{ entry, keyB64 }];
    });
    const opened = await deps.pool.decryptBlobs(
      known.map(({ entry, keyB64 }) => ({
        encryptedData: fromB64(entry.encryptedData),
        decryptionHeaderB64: entry.decryptionHeader,
        keyB64,
      })),
    );
    for (const [index, result] of opened.entries()) {
      const entry = known[index]?.entry;
      if (entry === undefined || !result.ok) continue;
      try {
        found.set(entry.fileID, {
          document: await decodeMLData(result.value),
          updatedAt: entry.updatedAt,
        });
      } catch {
        // A document we cannot read is indexed again here (and merged over).
      }
    }
  }
  return found;
};

const isVersionConflict = (error: unknown) =>
  error instanceof HttpError && error.status === 409 && error.code === "INVALID_VERSION";

/**
 * Sets a part of `fileID`'s document: `change` is applied to the document
 * as stored (`known`, or read now) and put over its version; answers the
 * document put. See: [Note: ML data is merged, never overwritten blind]
 */
export const updateMLData = async (
  deps: MLDataSyncDeps,
  fileID: number,
  change: (document: MLDataDocument) => MLDataDocument,
  known?: StoredMLData,
): Promise<MLDataDocument> => {
  const keyB64 = deps.fileKey(fileID);
  if (keyB64 === undefined) throw new Error(`File ${String(fileID)} is not in the library`);
  let stored = known ?? (await fetchMLData(deps, [fileID])).get(fileID);
  for (let attempt = 1; ; attempt++) {
    const document = change(stored?.document ?? {});
    // A change that keeps the stored document as it is has nothing to write.
    if (stored !== undefined && document === stored.document) return document;
    const [sealed] = await deps.pool.encryptBlobs([{ data: await encodeMLData(document), keyB64 }]);
    if (sealed === undefined) throw new Error("The crypto pool encrypted nothing");
    try {
      await deps.api.call(putFileData, {
        body: {
          fileID,
          type: "mldata",
          encryptedData: toB64(sealed.encryptedData),
          decryptionHeader: sealed.decryptionHeaderB64,
          lastUpdatedAt: stored?.updatedAt ?? 0,
        },
      });
      return document;
    } catch (error) {
      if (!isVersionConflict(error) || attempt >= mergeAttempts) throw error;
      stored = (await fetchMLData(deps, [fileID])).get(fileID);
    }
  }
};

/** Files whose document changed since `lastUpdatedAt` (the caller's own), and the new time to follow from. */
export interface MLDataChanges {
  changed: number[];
  deleted: number[];
  lastUpdatedAt: number;
}

/** The caller's documents changed since `lastUpdatedAt`, followed until an answer is empty (wire-contract §8). */
export const pullMLDataChanges = async (
  deps: Pick<MLDataSyncDeps, "api">,
  lastUpdatedAt: number,
): Promise<MLDataChanges> => {
  const changed = new Set<number>();
  const deleted = new Set<number>();
  let since = lastUpdatedAt;
  for (;;) {
    const { diff } = await deps.api.call(getFileDataStatusDiff, {
      body: { lastUpdatedAt: since },
    });
    const rows = (diff ?? []).filter(({ type }) => type === "mldata");
    if ((diff ?? []).length === 0) break;
    for (const row of diff ?? []) since = Math.max(since, row.updatedAt);
    for (const row of rows) {
      if (row.isDeleted) {
        deleted.add(row.fileID);
        changed.delete(row.fileID);
      } else {
        changed.add(row.fileID);
        deleted.delete(row.fileID);
      }
    }
  }
  return { changed: [...changed], deleted: [...deleted], lastUpdatedAt: since };
};
