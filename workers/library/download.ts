// Downloading a file's or thumbnail's ciphertext through the redirect calls
// (`/files/download/:id`, `/files/preview/:id`, token in the query, wire-
// contract §5.4) and decrypting it: contents as a Stream, chunk by chunk
// through the pool, never whole in memory; thumbnails as one Blob.

import type { ApiClient } from "../../shared/api/client";
import { downloadFile, previewFile } from "../../shared/api/endpoints/files";
import type { CryptoPool } from "../crypto/pool";
import { decryptThroughStream } from "../crypto/stream-pipeline";
import type { DecryptedFile } from "./decrypted-records";
import { readableChunks } from "./readable-chunks";

export interface DownloadDeps {
  api: ApiClient;
  pool: Pick<CryptoPool, "openDecryptionStream" | "decryptBlobs">;
}

// [Note: A download decrypts one chunk at a time]
//
// Decryption keeps the worker busy by posting the next chunk before the last
// one is back (see: [Note: Stream chunks are ordered by the worker's message
// queue]); an upload needs that, as it encrypts as fast as it reads a disk.
// A download waits on the network far longer than the worker takes for a
// 4 MiB chunk (a few ms), so a second chunk in flight gains nothing and
// holds 8 MiB more, which the garbage collector frees late: exporting a
// 2 GiB video added 56–82 MB to the exporting process with two in flight,
// 8–31 MB with one, at the same 90–98 MB/s (the export bench).
const downloadChunksInFlight = 1;

/** The download answer has no body: the blob store sent nothing. */
export class EmptyDownloadError extends Error {
  override readonly name = "EmptyDownloadError";
  constructor(readonly fileID: number) {
    super(`The download of file ${String(fileID)} has no body`);
  }
}

/**
 * The decrypted contents of a file, chunk by chunk (4 MiB each but the
 * last). Throws the Stream errors (`DecryptionError`, `TruncatedStreamError`)
 * when the ciphertext is not intact.
 */
export async function* downloadFileContents(
  deps: DownloadDeps,
  file: Pick<DecryptedFile, "id" | "keyB64" | "fileDecryptionHeaderB64">,
  { signal }: { signal?: AbortSignal } = {},
): AsyncGenerator<Uint8Array> {
  // [Note: A download listens to a signal of its own]
  // The API client keeps its abort listener on the caller's signal as long
  // as the body it handed over may be read, that is, for good. A run that
  // passes one signal to thousands of downloads (an export) would collect a
  // listener, and what it holds, for each of them. So each download gets a
  // signal of its own, wired to the caller's only while it lasts.
  const download = new AbortController();
  const onAbort = (): void => {
    download.abort(signal?.reason);
  };
  if (signal?.aborted === true) onAbort();
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    const response = await deps.api.call(downloadFile, {
      params: { fileID: file.id },
      signal: download.signal,
    });
    if (response.body === null) throw new EmptyDownloadError(file.id);
    const stream = await deps.pool.openDecryptionStream(file.fileDecryptionHeaderB64, file.keyB64);
    yield* decryptThroughStream(stream, readableChunks(response.body), downloadChunksInFlight);
  } finally {
    signal?.removeEventListener("abort", onAbort);
    // A reader that stopped early: the rest of the body is not fetched.
    download.abort();
  }
}

/** The decrypted thumbnail of a file. */
export const downloadThumbnail = async (
  deps: DownloadDeps,
  file: Pick<DecryptedFile, "id" | "keyB64" | "thumbnailDecryptionHeaderB64">,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Uint8Array> => {
  const response = await deps.api.call(previewFile, {
    params: { fileID: file.id },
    ...(signal === undefined ? {} : { signal }),
  });
  const encryptedData = new Uint8Array(await response.arrayBuffer());
  const [result] = await deps.pool.decryptBlobs([
    {
      encryptedData,
      decryptionHeaderB64: file.thumbnailDecryptionHeaderB64,
      keyB64: file.keyB64,
    },
  ]);
  if (result === undefined) throw new Error("The crypto pool answered no thumbnail");
  if (!result.ok) throw result.error;
  return result.value;
};
