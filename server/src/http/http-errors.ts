// Errors a handler or the auth layer throws to answer with a given status
// and body. Coded errors (`{"code", "message"}`) use `ApiError` from
// shared/model; this class is for the other two body shapes of wire-contract
// §0.2: the sentinel `{}` and the middleware `{"error": "..."}`.

export type StatusErrorBody = Record<string, never> | { error: string };

export class StatusError extends Error {
  override name = "StatusError";
  readonly status: number;
  readonly body: StatusErrorBody;
  constructor(status: number, body: StatusErrorBody = {}) {
    super("error" in body ? body.error : `status ${status}`);
    this.status = status;
    this.body = body;
  }
}

/** Codes for the coded errors the HTTP layer itself answers with. */
export const codeForStatus = (status: number): string => {
  switch (status) {
    case 400:
      return "BAD_REQUEST";
    case 404:
      return "NOT_FOUND";
    case 405:
      return "METHOD_NOT_ALLOWED";
    case 413:
      return "REQUEST_TOO_LARGE";
    case 415:
      return "UNSUPPORTED_MEDIA_TYPE";
    default:
      return status >= 500 ? "INTERNAL_ERROR" : "CLIENT_ERROR";
  }
};
