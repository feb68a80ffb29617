// Downloading and stream-decrypting a file's original, with progress in
// percent and the spec's download timeout. The same road as
// `downloadFileContents` (workers/library/download.ts), opened up to count
// the ciphertext as it arrives and to guard it with a deadline.

import type { ApiClient } from "../../../shared/api/client";
import { RequestTimeoutError } from "../../../shared/model/errors";
import type { CryptoPool } from "../../crypto/pool";
import { decryptThroughStream } from "../../crypto/stream-pipeline";
import type { DecryptedFile } from "../../library/decrypted-records";
import { EmptyDownloadError } from "../../library/download";
import { readableChunks } from "../../library/readable-chunks";
import { type MediaEndpoints, userMediaEndpoints } from "./media-endpoints";

/** Download timeout of the spec (§9), in ms. See: [Note: The download timeout is a stall timeout] */
export const downloadTimeoutMs = 300_000;

/** How many first bytes of a file tell its type (spec §5, §9: "read from the first 4100 bytes"). */
export const typeSniffBytes = 4100;

/** Timers the download's deadline runs on (injected: tests drive them). */
export interface MediaTimers {
  setTimeout: (callback: () => void, delayMs: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface OriginalDownloadDeps {
  /** The API client of the session; throws `TokenMissingError` when there is none. */
  api: () => ApiClient;
  pool: Pick<CryptoPool, "openDecryptionStream">;
  timers: MediaTimers;
  /** Defaults to `downloadTimeoutMs`. */
  timeoutMs?: number;
  /** The user's download endpoint by default; a public album's for its visitors. */
  endpoint?: MediaEndpoints["download"];
}

/** A decrypted original: its bytes, untyped, and a copy of its first bytes to tell the type. */
export interface DownloadedOriginal {
  blob: Blob;
  head: Uint8Array;
}

/** Percent of a download done; 100 only once the whole file is decrypted. */
export type PercentListener = (percent: number) => void;

// [Note: The download timeout is a stall timeout]
//
// The spec's download timeout (300,000 ms, §9) ends a download that has
// stopped moving: the deadline restarts with every chunk received. A fixed
// deadline for the whole file would fail every video that takes over five
// minutes to arrive (a 10 GB file at 30 MB/s does), while a connection that
// hangs is still ended after five minutes of silence. The API call up to the
// answer's headers has the same deadline.

/** Percent of `receivedBytes` in `totalBytes`, held at 99 until the end. */
export const downloadPercent = (receivedBytes: number, totalBytes: number | undefined): number =>
  totalBytes === undefined || totalBytes <= 0
    ? 0
    : Math.min(99, Math.floor((receivedBytes * 100) / totalBytes));

const contentLength = (response: Response): number | undefined => {
  const length = Number(response.headers.get("Content-Length") ?? Number.NaN);
  return Number.isFinite(length) && length > 0 ? length : undefined;
};

/**
 * Downloads and decrypts the original of `file`. Reports percents as the
 * ciphertext arrives (of `Content-Length`, else `info.fileSize`), and 100
 * when done. Throws `RequestTimeoutError` when no byte came for the
 * timeout, `TokenMissingError` without a session, and the decryption
 * errors when the ciphertext is not intact.
 */
export const downloadOriginal = async (
  deps: OriginalDownloadDeps,
  file: Pick<DecryptedFile, "id" | "keyB64" | "fileDecryptionHeaderB64" | "info">,
  onPercent: PercentListener,
): Promise<DownloadedOriginal> => {
  const timeoutMs = deps.timeoutMs ?? downloadTimeoutMs;
  const controller = new AbortController();
  const deadline = { passed: false };
  let timer: unknown;
  const restartDeadline = () => {
    if (timer !== undefined) deps.timers.clearTimeout(timer);
    timer = deps.timers.setTimeout(() => {
      deadline.passed = true;
      controller.abort(new RequestTimeoutError(timeoutMs));
    }, timeoutMs);
  };

  let lastPercent = -1;
  const report = (percent: number) => {
    if (percent === lastPercent) return;
    lastPercent = percent;
    onPercent(percent);
  };

  restartDeadline();
  try {
    const api = deps.api();
    report(0);
    const response = await api.call(deps.endpoint ?? userMediaEndpoints.download, {
      params: { fileID: file.id },
      signal: controller.signal,
      timeoutMs,
    });
    if (response.body === null) throw new EmptyDownloadError(file.id);
    const totalBytes = contentLength(response) ?? file.info?.fileSize;
    let receivedBytes = 0;
    async function* counted(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
      for await (const chunk of chunks) {
        restartDeadline();
        receivedBytes += chunk.byteLength;
        report(downloadPercent(receivedBytes, totalBytes));
        yield chunk;
      }
    }

    const stream = await deps.pool.openDecryptionStream(file.fileDecryptionHeaderB64, file.keyB64);
    // Each plaintext chunk becomes a Blob at once: a browser keeps Blob data
    // outside the worker's heap, so a long video does not pile up in it.
    const parts: Blob[] = [];
    let head: Uint8Array | undefined;
    for await (const plaintext of decryptThroughStream(
      stream,
      counted(readableChunks(response.body)),
    )) {
      head ??= plaintext.slice(0, typeSniffBytes);
      // The pool hands plaintext over in transferred (plain, never shared) buffers.
      parts.push(new Blob([plaintext as Uint8Array<ArrayBuffer>]));
    }
    report(100);
    return { blob: new Blob(parts), head: head ?? new Uint8Array() };
  } catch (error) {
    // Aborting for the deadline surfaces as a cancellation or a stream
    // error, depending on where the download was.
    if (deadline.passed) throw new RequestTimeoutError(timeoutMs, { cause: error });
    throw error;
  } finally {
    deps.timers.clearTimeout(timer);
  }
};
