// Sending bytes to object storage through presigned URLs (wire-contract
// §5.1): a PUT of an object or a part, the POST completing a multipart
// upload. Transient failures are retried with the spec's backoff (§9).

import type { FetchFunction } from "../../shared/api/client";
import { uploadErrorFor } from "../../shared/api/error-mapping";
import { CairnError, NetworkError } from "../../shared/model/errors";

/** The spec's retry backoff (§9): after the first failure 2 s, then 5 s, then 10 s. */
export const uploadRetryDelaysMs: readonly number[] = [2_000, 5_000, 10_000];

/** Waits `ms`; rejects early when `signal` aborts. Injectable so tests do not wait. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(new CairnError("uploadCancelled", { cause: signal.reason }));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new CairnError("uploadCancelled", { cause: signal?.reason }));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

export interface ObjectTransferDeps {
  fetch: FetchFunction;
  sleep?: Sleep;
  /** Defaults to `uploadRetryDelaysMs`. */
  retryDelaysMs?: readonly number[];
}

export interface ObjectRequest {
  method: "PUT" | "POST";
  url: string;
  body: Uint8Array | string;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/** Statuses worth trying again: timeouts, throttling and server-side failures. */
const isTransientStatus = (status: number): boolean =>
  status === 408 || status === 429 || status >= 500;

type Attempt = { ok: true; response: Response } | { ok: false; transient: boolean; error: Error };

const attempt = async (fetch: FetchFunction, request: ObjectRequest): Promise<Attempt> => {
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      body: request.body as BodyInit,
      ...(request.headers === undefined ? {} : { headers: request.headers }),
      ...(request.signal === undefined ? {} : { signal: request.signal }),
    });
  } catch (cause) {
    if (request.signal?.aborted === true) {
      return { ok: false, transient: false, error: new CairnError("uploadCancelled", { cause }) };
    }
    return { ok: false, transient: true, error: new NetworkError({ cause }) };
  }
  if (response.ok) return { ok: true, response };
  // The store's error body is S3 XML, not an API error: only the status counts.
  await response.arrayBuffer().catch(() => undefined);
  return {
    ok: false,
    transient: isTransientStatus(response.status),
    error: uploadErrorFor({ status: response.status, body: undefined }),
  };
};

/**
 * Sends `request`, retrying network failures and transient statuses after
 * each delay of the backoff; answers the successful response (body unread).
 * Other failures map through the upload mapping (spec §8) at once.
 */
export const sendToObjectStore = async (
  deps: ObjectTransferDeps,
  request: ObjectRequest,
): Promise<Response> => {
  const sleep = deps.sleep ?? realSleep;
  const delays = deps.retryDelaysMs ?? uploadRetryDelaysMs;
  for (let retry = 0; ; retry++) {
    const result = await attempt(deps.fetch, request);
    if (result.ok) return result.response;
    const delayMs = delays[retry];
    if (!result.transient || delayMs === undefined) throw result.error;
    await sleep(delayMs, request.signal);
  }
};

/** PUTs an object or a part; answers its `ETag` (needed to complete a multipart upload). */
export const putObject = async (
  deps: ObjectTransferDeps,
  url: string,
  body: Uint8Array,
  signal?: AbortSignal,
): Promise<string> => {
  const response = await sendToObjectStore(deps, { method: "PUT", url, body, signal });
  await response.arrayBuffer();
  const etag = response.headers.get("ETag");
  if (etag === null || etag === "") throw new CairnError("etagMissing");
  return etag;
};

/** POSTs the `<CompleteMultipartUpload>` document to its presigned URL. */
export const completeMultipartUpload = async (
  deps: ObjectTransferDeps,
  url: string,
  xml: string,
  signal?: AbortSignal,
): Promise<void> => {
  const response = await sendToObjectStore(deps, {
    method: "POST",
    url,
    body: xml,
    headers: { "Content-Type": "text/xml" },
    signal,
  });
  await response.arrayBuffer();
};
