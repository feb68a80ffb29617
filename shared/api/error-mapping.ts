import { z } from "zod";
import {
  ApiError,
  BadRequestError,
  ClientError,
  FileTooLargeError,
  NotFoundError,
  ServerError,
  SessionExpiredError,
  StorageQuotaExceededError,
  SubscriptionExpiredError,
  SubscriptionNotPresentError,
  TokenExpiredError,
  TooManyRequestsError,
  UnknownUploadError,
  type HttpError,
  type HttpErrorDetails,
} from "../model/errors";

/** A failed answer: its status and its body (parsed JSON, or undefined when not JSON). */
export interface FailedAnswer {
  status: number;
  body: unknown;
}

/** The body of a typed API error (wire-contract §0.2). */
export const apiErrorBodySchema = z.object({ code: z.string().min(1), message: z.string() });

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

const apiErrorBody = (body: unknown): ApiErrorBody | undefined => {
  const parsed = apiErrorBodySchema.safeParse(body);
  return parsed.success ? parsed.data : undefined;
};

// [Note: Status mapping before API codes]
//
// The spec's general mapping names five statuses (400, 402, 404, 401/410,
// 429) and then says that server errors with a code and a message become API
// errors. We apply it in that order:
//
// 1. A named status gives its catalogue error, whatever the body; the
//    server's code, if any, rides along in `error.code`. A caller that waits
//    for `NotFoundError` must get it even when the server added a code such
//    as USER_NOT_REGISTERED, and a caller interested in the code can still
//    read it.
// 2. Any other status with a `{"code", "message"}` body gives an `ApiError`
//    carrying status, code and the server's message (e.g. 409
//    USER_ALREADY_REGISTERED, 503 OBJECT_SIZE_FETCH_FAILED).
// 3. Otherwise 4xx gives `ClientError` and everything else `ServerError`.
//
// So `error.code` is the one place to look for a server code, on every class.

/** The general mapping of spec §8. See: [Note: Status mapping before API codes] */
export const generalErrorFor = ({ status, body }: FailedAnswer): HttpError => {
  const apiBody = apiErrorBody(body);
  const details: HttpErrorDetails = { status, code: apiBody?.code };
  switch (status) {
    case 400:
      return new BadRequestError(details);
    case 402:
      return new SubscriptionNotPresentError(details);
    case 404:
      return new NotFoundError(details);
    case 401:
    case 410:
      return new TokenExpiredError(details);
    case 429:
      return new TooManyRequestsError(details);
  }
  if (apiBody !== undefined) return new ApiError({ status, ...apiBody });
  if (status >= 400 && status < 500) return new ClientError(details);
  return new ServerError(details);
};

/**
 * The upload mapping of spec §8, for the calls of the upload flow (upload URL
 * minting, the PUTs to the blob store, registering the file).
 */
export const uploadErrorFor = ({ status, body }: FailedAnswer): HttpError => {
  const details: HttpErrorDetails = { status, code: apiErrorBody(body)?.code };
  switch (status) {
    case 402:
      return new SubscriptionExpiredError(details);
    case 426:
      return new StorageQuotaExceededError(details);
    case 401:
      return new SessionExpiredError(details);
    case 413:
      return new FileTooLargeError(details);
    default:
      return new UnknownUploadError(details);
  }
};
