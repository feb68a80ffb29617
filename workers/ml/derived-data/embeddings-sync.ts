// A library's CLIP embeddings on the server (spec §3, §5, §7, §9;
// wire-contract "Embeddings"): each is encrypted with its file's key and put
// with `PUT /embeddings`, and every device pulls the ones it lacks with
// `GET /embeddings/diff`, 500 a page, from the newest `updatedAt` it has,
// so a library is indexed once, not on every device. Decryption and
// encryption go through the crypto pool; the file keys come from the
// library the caller holds.

import type { ApiClient } from "../../../shared/api/client";
import {
  type EmbeddingModel,
  embeddingDiffMaxLimit,
  getEmbeddingsDiff,
  putEmbedding,
} from "../../../shared/api/endpoints/embeddings";
import { fromB64, toB64 } from "../../../shared/crypto/base64";
import type { CryptoPool } from "../../crypto/pool";
import { embeddingFromBytes, embeddingToBytes } from "../clip/embedding-bytes";

/** The model of every embedding this client makes and reads (spec §9). */
export const clipEmbeddingModel: EmbeddingModel = "onnx-clip";

/** The page the client asks for (spec §9: 500). */
export const embeddingsPageSize = embeddingDiffMaxLimit;

export interface EmbeddingsSyncDeps {
  api: Pick<ApiClient, "call">;
  pool: Pick<CryptoPool, "decryptBlobs" | "encryptBlobs">;
  /** The key of a file the library holds (base64), or undefined for a file it does not. */
  fileKey: (fileID: number) => string | undefined;
}

export interface PulledEmbedding {
  fileID: number;
  embedding: Float32Array;
}

export interface EmbeddingsPull {
  /** The newest `updatedAt` pulled: the next pull starts from it. */
  sinceTime: number;
  /** Embeddings of files the library does not hold, or that did not decrypt to 512 values: skipped. */
  skipped: number;
}

/**
 * Pulls every embedding changed since `sinceTime`, handing each page's
 * decrypted embeddings to `onPage` as it comes (the caller adds them to its
 * index and keeps the new sync time). A page shorter than the page size is
 * the last. An embedding of a file the library does not hold (yet) is
 * skipped and not pulled again: the file is indexed here if it comes, which
 * costs one extraction, not a missed photo.
 */
export const pullEmbeddings = async (
  deps: EmbeddingsSyncDeps,
  sinceTime: number,
  onPage: (embeddings: PulledEmbedding[], sinceTime: number) => void | Promise<void>,
  { signal, pageSize = embeddingsPageSize }: { signal?: AbortSignal; pageSize?: number } = {},
): Promise<EmbeddingsPull> => {
  let since = sinceTime;
  let skipped = 0;
  for (;;) {
    signal?.throwIfAborted();
    const { diff } = await deps.api.call(getEmbeddingsDiff, {
      query: { sinceTime: since, limit: pageSize, model: clipEmbeddingModel },
    });
    const entries = diff ?? [];
    const known = entries.flatMap((entry) => {
      const keyB64 = deps.fileKey(entry.fileID);
      if (keyB64 === undefined || entry.model !== clipEmbeddingModel) return [];
      return [{ entry, keyB64 }];
    });
    const opened = await deps.pool.decryptBlobs(
      known.map(({ entry, keyB64 }) => ({
        encryptedData: fromB64(entry.encryptedEmbedding),
        decryptionHeaderB64: entry.decryptionHeader,
        keyB64,
      })),
    );
    const embeddings: PulledEmbedding[] = [];
    opened.forEach((result, index) => {
      const entry = known[index]?.entry;
      if (entry === undefined || !result.ok) return;
      try {
        embeddings.push({ fileID: entry.fileID, embedding: embeddingFromBytes(result.value) });
      } catch {
        // Not 512 values: a client's bug, not this library's; the file is indexed again here.
      }
    });
    skipped += entries.length - embeddings.length;
    for (const entry of entries) since = Math.max(since, entry.updatedAt);
    await onPage(embeddings, since);
    if (entries.length < pageSize) return { sinceTime: since, skipped };
  }
};

/**
 * Encrypts each embedding with its file's key (one call to the crypto pool
 * for them all) and puts them one by one (spec §7 `PUT /embeddings` takes
 * one file's).
 */
export const putFileEmbeddings = async (
  deps: EmbeddingsSyncDeps,
  embeddings: readonly PulledEmbedding[],
): Promise<void> => {
  const sealed = await deps.pool.encryptBlobs(
    embeddings.map(({ fileID, embedding }) => {
      const keyB64 = deps.fileKey(fileID);
      if (keyB64 === undefined) throw new Error(`File ${String(fileID)} is not in the library`);
      return { data: embeddingToBytes(embedding), keyB64 };
    }),
  );
  for (const [index, { fileID }] of embeddings.entries()) {
    const blob = sealed[index];
    if (blob === undefined) throw new Error("The crypto pool encrypted too few embeddings");
    await deps.api.call(putEmbedding, {
      body: {
        fileID,
        model: clipEmbeddingModel,
        encryptedEmbedding: toB64(blob.encryptedData),
        decryptionHeader: blob.decryptionHeaderB64,
      },
    });
  }
};
