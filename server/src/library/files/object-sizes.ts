import { apiError } from "../../http/api-errors";
import type { BlobStore } from "../../blobs/blob-store";

// The real sizes of uploaded objects, read from the blob store when a file is
// registered (wire-contract §5.2).

/**
 * Pauses between the tries of a size read: three tries, 0.5 s then 1 s apart,
 * as the reference. An object PUT just before may take a moment to become
 * visible on an eventually consistent S3-compatible store.
 */
export const sizeReadBackoffMs = [500, 1000] as const;

export type Sleep = (ms: number) => Promise<void>;

export const sleep: Sleep = (ms) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

const sizeFetchFailed = (key: string) =>
  apiError(503, "OBJECT_SIZE_FETCH_FAILED", `Could not read the size of object ${key}`);

/**
 * The size of an uploaded object, retried on absence or failure; 503
 * `OBJECT_SIZE_FETCH_FAILED` when it stays missing.
 */
export const uploadedObjectSize = async (
  blobStore: BlobStore,
  key: string,
  wait: Sleep = sleep,
): Promise<number> => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const size = await blobStore.sizeBytes(key);
      if (size !== undefined) return size;
    } catch {
      // A failed read is retried like a missing object; the last one answers 503.
    }
    const pauseMs = sizeReadBackoffMs[attempt];
    if (pauseMs === undefined) throw sizeFetchFailed(key);
    await wait(pauseMs);
  }
};
