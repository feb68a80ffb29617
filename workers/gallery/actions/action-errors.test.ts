import { describe, expect, it } from "vitest";
import {
  ApiError,
  BadRequestError,
  ClientError,
  NetworkError,
  NotFoundError,
  RequestTimeoutError,
  ServerError,
  StorageQuotaExceededError,
  TokenExpiredError,
  TokenMissingError,
} from "../../../shared/model/errors";
import { StaleMagicMetadataError } from "../../library/file-operations";
import { ActionRefusedError, actionErrorCode } from "./action-errors";

describe("actionErrorCode", () => {
  it.each([
    [new TokenExpiredError({ status: 401 }), "session-expired"],
    [new TokenMissingError(), "session-expired"],
    [new NetworkError(), "network"],
    [new RequestTimeoutError(60_000), "network"],
    [new ApiError({ status: 409, code: "VERSION_MISMATCH", message: "x" }), "stale"],
    [new ClientError({ status: 412 }), "stale"],
    [new StaleMagicMetadataError([1]), "stale"],
    [new NotFoundError({ status: 404 }), "not-found"],
    [new ClientError({ status: 403 }), "not-file-owner"],
    [new StorageQuotaExceededError({ status: 426 }), "storage-quota-exceeded"],
    [new ClientError({ status: 426 }), "storage-quota-exceeded"],
    [new BadRequestError({ status: 400 }), "unknown"],
    [new ServerError({ status: 500 }), "unknown"],
    [new TypeError("boom"), "unknown"],
    ["a string", "unknown"],
    [new ActionRefusedError("album-name-taken"), "album-name-taken"],
  ])("%s gives %s", (error, code) => {
    expect(actionErrorCode(error)).toBe(code);
  });
});
