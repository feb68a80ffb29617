import { describe, expect, it } from "vitest";
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
} from "../model/errors";
import { generalErrorFor, uploadErrorFor } from "./error-mapping";

const coded = { code: "SOME_CODE", message: "the server's words" };

describe("general error mapping", () => {
  it.each([
    // status, body, class, message, code
    [400, {}, BadRequestError, "bad request", undefined],
    [402, {}, SubscriptionNotPresentError, "subscription not present", undefined],
    [404, {}, NotFoundError, "not found", undefined],
    [401, { error: "invalid token" }, TokenExpiredError, "token expired", undefined],
    [410, {}, TokenExpiredError, "token expired", undefined],
    [429, undefined, TooManyRequestsError, "too many requests", undefined],
    // A named status wins over a code; the code still rides along.
    [
      404,
      { code: "USER_NOT_REGISTERED", message: "x" },
      NotFoundError,
      "not found",
      "USER_NOT_REGISTERED",
    ],
    [400, { code: "BAD_REQUEST", message: "x" }, BadRequestError, "bad request", "BAD_REQUEST"],
    // Other statuses with a code become API errors with the server's message.
    [409, coded, ApiError, "the server's words", "SOME_CODE"],
    [403, coded, ApiError, "the server's words", "SOME_CODE"],
    [503, coded, ApiError, "the server's words", "SOME_CODE"],
    // Without a code: client error for 4xx, server error for 5xx.
    [403, {}, ClientError, "client error", undefined],
    [413, { error: "too big" }, ClientError, "client error", undefined],
    [426, undefined, ClientError, "client error", undefined],
    [500, {}, ServerError, "server error", undefined],
    [502, "<html>bad gateway</html>", ServerError, "server error", undefined],
    // A code without a message is not the API error shape.
    [409, { code: "X" }, ClientError, "client error", undefined],
  ])("%i %j → %o", (status, body, errorClass, message, code) => {
    const error = generalErrorFor({ status, body });
    expect(error).toBeInstanceOf(errorClass);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
    expect(error.code).toBe(code);
  });
});

describe("upload error mapping", () => {
  it.each([
    [402, SubscriptionExpiredError, "subscription expired"],
    [426, StorageQuotaExceededError, "storage quota exceeded"],
    [401, SessionExpiredError, "session expired"],
    [413, FileTooLargeError, "file too large"],
    [400, UnknownUploadError, "Something went wrong, please try again"],
    [404, UnknownUploadError, "Something went wrong, please try again"],
    [500, UnknownUploadError, "Something went wrong, please try again"],
    [503, UnknownUploadError, "Something went wrong, please try again"],
  ])("%i → %o", (status, errorClass, message) => {
    const error = uploadErrorFor({ status, body: coded });
    expect(error).toBeInstanceOf(errorClass);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
    expect(error.code).toBe("SOME_CODE");
  });
});
