import { describe, expect, it } from "vitest";
import {
  ApiError,
  BadRequestError,
  CairnError,
  HttpError,
  NetworkError,
  NotFoundError,
  RequestCanceledError,
  RequestTimeoutError,
  TokenMissingError,
  UnexpectedResponseError,
  UnknownUploadError,
} from "./errors";
import type { ErrorMessageKey } from "./error-messages";

describe("typed errors", () => {
  it.each<[CairnError, string, string, ErrorMessageKey]>([
    [new BadRequestError({ status: 400 }), "BadRequestError", "bad request", "badRequest"],
    [new NotFoundError({ status: 404 }), "NotFoundError", "not found", "notFound"],
    [
      new UnknownUploadError({ status: 500 }),
      "UnknownUploadError",
      "Something went wrong, please try again",
      "unknownError",
    ],
    [new NetworkError(), "NetworkError", "Network Error", "networkError"],
    [
      new RequestTimeoutError(10),
      "RequestTimeoutError",
      "request taking too long",
      "requestTimeout",
    ],
    [new RequestCanceledError(), "RequestCanceledError", "request canceled", "requestCanceled"],
    [new TokenMissingError(), "TokenMissingError", "token missing", "tokenMissing"],
    [new CairnError("exportStopped"), "CairnError", "export stopped", "exportStopped"],
  ])("%s has its name, catalogue message and key", (error, name, message, key) => {
    expect(error).toBeInstanceOf(CairnError);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe(name);
    expect(error.message).toBe(message);
    expect(error.key).toBe(key);
  });

  it("keeps status and server code on HTTP errors", () => {
    const error = new NotFoundError({ status: 404, code: "USER_NOT_REGISTERED" });
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(404);
    expect(error.code).toBe("USER_NOT_REGISTERED");
  });

  it("gives ApiError the server's message, code and status", () => {
    const error = new ApiError({ status: 409, code: "CONFLICT", message: "already there" });
    expect(error).toBeInstanceOf(HttpError);
    expect(error.name).toBe("ApiError");
    expect(error.message).toBe("already there");
    expect(error.code).toBe("CONFLICT");
    expect(error.status).toBe(409);
  });

  it("keeps the cause of transport errors and what did not match in a response", () => {
    const cause = new TypeError("fetch failed");
    expect(new NetworkError({ cause }).cause).toBe(cause);
    const unexpected = new UnexpectedResponseError({ status: 200, issues: "id: required" });
    expect(unexpected.message).toBe("request failed");
    expect(unexpected.issues).toBe("id: required");
  });
});
