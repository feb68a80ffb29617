// Reading a failed server call: what the sync engine does about it.

import { NetworkError, RequestTimeoutError } from "../../../shared/model/errors";

/**
 * - `gone`: 404, the entity is not on the server (any more);
 * - `rejected`: the server refuses this change and would refuse it again
 *   (413 too large, 403 too many codes, 400): drop it, report it, go on;
 * - `unreachable`: no answer, or one saying "later" (5xx, 429, 408): stop,
 *   keep every pending change for the next sync;
 * - `fatal`: anything else (the session is gone, a bug): stop, keep the
 *   queue, and let the caller see the error.
 */
export type RemoteFailure = "gone" | "rejected" | "unreachable" | "fatal";

/** The statuses of 4xx answers that mean "try again later", not "never". */
const retryLaterStatuses = new Set([408, 429]);
/** The statuses that mean the session is no longer accepted: no change is at fault. */
const sessionStatuses = new Set([401, 410]);

const statusOf = (error: unknown): number | undefined => {
  if (!(error instanceof Error) || !("status" in error)) return undefined;
  return typeof error.status === "number" ? error.status : undefined;
};

/**
 * How to treat `error` thrown by an `AuthenticatorRemote` call. The HTTP
 * client throws `HttpError`s (with `status`) for answers and `NetworkError`
 * or `RequestTimeoutError` without one; a bare `TypeError` is what `fetch`
 * itself throws when offline.
 */
export const remoteFailureOf = (error: unknown): RemoteFailure => {
  if (
    error instanceof NetworkError ||
    error instanceof RequestTimeoutError ||
    error instanceof TypeError
  ) {
    return "unreachable";
  }
  const status = statusOf(error);
  if (status === undefined) return "fatal";
  if (status === 404) return "gone";
  if (status >= 500 || retryLaterStatuses.has(status)) return "unreachable";
  if (sessionStatuses.has(status)) return "fatal";
  if (status >= 400) return "rejected";
  return "fatal";
};

/** The status of a rejected change's answer, for the report (0 when it had none). */
export const failedStatusOf = (error: unknown): number => statusOf(error) ?? 0;
