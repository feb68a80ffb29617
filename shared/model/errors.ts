import { errorMessages, type ErrorMessageKey } from "./error-messages";

// Typed errors over the catalogue. Callers recognise an error by its class
// (`instanceof NotFoundError`) or, for the generic `CairnError`, by its `key`;
// never by comparing `message` strings. Each class sets `name` explicitly so
// that logs stay readable after a minifier has renamed the classes.

/** An error whose message is one of the catalogue's (spec §8). */
export class CairnError extends Error {
  override name = "CairnError";
  readonly key: ErrorMessageKey;

  constructor(key: ErrorMessageKey, options?: ErrorOptions) {
    super(errorMessages[key], options);
    this.key = key;
  }
}

// ---------------------------------------------------------------------------
// HTTP answers

export interface HttpErrorDetails {
  /** The HTTP status of the answer. */
  status: number;
  /** The `code` of a `{"code", "message"}` body, when the server sent one. */
  code?: string | undefined;
  cause?: unknown;
}

/** The server answered with a status that is not a success. */
export class HttpError extends CairnError {
  override name = "HttpError";
  readonly status: number;
  readonly code: string | undefined;

  constructor(key: ErrorMessageKey, { status, code, cause }: HttpErrorDetails) {
    super(key, cause === undefined ? undefined : { cause });
    this.status = status;
    this.code = code;
  }
}

/**
 * The server refused with its own `{"code", "message"}` body (wire-contract
 * §0.2: "clients are told to rely on code"). Unlike the other catalogue
 * errors, the message is the server's. The server side throws this class too
 * to answer with a coded error.
 */
export class ApiError extends HttpError {
  override name = "ApiError";
  declare readonly code: string;

  constructor({ status, code, message }: { status: number; code: string; message: string }) {
    super("requestFailed", { status, code });
    this.message = message;
  }
}

// General mapping (spec §8).

export class BadRequestError extends HttpError {
  override name = "BadRequestError";
  constructor(details: HttpErrorDetails) {
    super("badRequest", details);
  }
}

export class SubscriptionNotPresentError extends HttpError {
  override name = "SubscriptionNotPresentError";
  constructor(details: HttpErrorDetails) {
    super("subscriptionNotPresent", details);
  }
}

export class NotFoundError extends HttpError {
  override name = "NotFoundError";
  constructor(details: HttpErrorDetails) {
    super("notFound", details);
  }
}

/** 401 or 410: the session token is no longer accepted. */
export class TokenExpiredError extends HttpError {
  override name = "TokenExpiredError";
  constructor(details: HttpErrorDetails) {
    super("tokenExpired", details);
  }
}

export class TooManyRequestsError extends HttpError {
  override name = "TooManyRequestsError";
  constructor(details: HttpErrorDetails) {
    super("tooManyRequests", details);
  }
}

/** Any other 4xx. */
export class ClientError extends HttpError {
  override name = "ClientError";
  constructor(details: HttpErrorDetails) {
    super("clientError", details);
  }
}

/** Any 5xx. */
export class ServerError extends HttpError {
  override name = "ServerError";
  constructor(details: HttpErrorDetails) {
    super("serverError", details);
  }
}

// Upload mapping (spec §8).

export class SubscriptionExpiredError extends HttpError {
  override name = "SubscriptionExpiredError";
  constructor(details: HttpErrorDetails) {
    super("subscriptionExpired", details);
  }
}

export class StorageQuotaExceededError extends HttpError {
  override name = "StorageQuotaExceededError";
  constructor(details: HttpErrorDetails) {
    super("storageQuotaExceeded", details);
  }
}

export class SessionExpiredError extends HttpError {
  override name = "SessionExpiredError";
  constructor(details: HttpErrorDetails) {
    super("sessionExpired", details);
  }
}

export class FileTooLargeError extends HttpError {
  override name = "FileTooLargeError";
  constructor(details: HttpErrorDetails) {
    super("fileTooLarge", details);
  }
}

/** An upload answer outside the upload mapping; `status` tells which. */
export class UnknownUploadError extends HttpError {
  override name = "UnknownUploadError";
  constructor(details: HttpErrorDetails) {
    super("unknownError", details);
  }
}

// ---------------------------------------------------------------------------
// Transport and client-side failures

/** The request never got an answer (fetch rejected: offline, DNS, reset). */
export class NetworkError extends CairnError {
  override name = "NetworkError";
  constructor(options?: ErrorOptions) {
    super("networkError", options);
  }
}

/** The client's own deadline fired before the answer arrived. */
export class RequestTimeoutError extends CairnError {
  override name = "RequestTimeoutError";
  readonly timeoutMs: number;
  constructor(timeoutMs: number, options?: ErrorOptions) {
    super("requestTimeout", options);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller aborted the request through its AbortSignal. */
export class RequestCanceledError extends CairnError {
  override name = "RequestCanceledError";
  constructor(options?: ErrorOptions) {
    super("requestCanceled", options);
  }
}

/** A call that needs the user's session token was made without one. */
export class TokenMissingError extends CairnError {
  override name = "TokenMissingError";
  constructor() {
    super("tokenMissing");
  }
}

/**
 * A successful answer whose body is not what the endpoint declares (not
 * JSON, or JSON of another shape). `issues` says what did not match.
 */
export class UnexpectedResponseError extends CairnError {
  override name = "UnexpectedResponseError";
  readonly status: number;
  readonly issues: string;
  constructor({ status, issues, cause }: { status: number; issues: string; cause?: unknown }) {
    super("requestFailed", cause === undefined ? undefined : { cause });
    this.status = status;
    this.issues = issues;
  }
}
