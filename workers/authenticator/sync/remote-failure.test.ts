import { describe, expect, it } from "vitest";
import {
  ApiError,
  ClientError,
  NetworkError,
  NotFoundError,
  RequestTimeoutError,
  ServerError,
  TokenExpiredError,
  TooManyRequestsError,
} from "../../../shared/model/errors";
import { type RemoteFailure, remoteFailureOf } from "./remote-failure";

describe("remoteFailureOf", () => {
  it.each<[string, unknown, RemoteFailure]>([
    ["404", new NotFoundError({ status: 404 }), "gone"],
    ["413 too large", new ClientError({ status: 413, code: "REQUEST_TOO_LARGE" }), "rejected"],
    [
      "403 with a code",
      new ApiError({ status: 403, code: "FILE_LIMIT_REACHED", message: "" }),
      "rejected",
    ],
    ["500", new ServerError({ status: 500 }), "unreachable"],
    ["503 with a code", new ApiError({ status: 503, code: "X", message: "" }), "unreachable"],
    ["429", new TooManyRequestsError({ status: 429 }), "unreachable"],
    ["no answer", new NetworkError(), "unreachable"],
    ["the client's deadline", new RequestTimeoutError(30_000), "unreachable"],
    ["fetch's own TypeError", new TypeError("Failed to fetch"), "unreachable"],
    ["the session is gone", new TokenExpiredError({ status: 401 }), "fatal"],
    ["anything else", new Error("bug"), "fatal"],
  ])("%s → %s", (_, error, expected) => {
    expect(remoteFailureOf(error)).toBe(expected);
  });
});
