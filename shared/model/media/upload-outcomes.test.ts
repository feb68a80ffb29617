import { describe, expect, it } from "vitest";
import {
  CairnError,
  FileTooLargeError,
  NetworkError,
  SessionExpiredError,
  StorageQuotaExceededError,
  SubscriptionExpiredError,
  UnknownUploadError,
} from "../errors";
import {
  UploadResult,
  failureOutcomeOf,
  isRetryableResult,
  maxUploadFileBytes,
  sizeRefusal,
} from "./upload-outcomes";

describe("failureOutcomeOf (spec §8 upload mapping)", () => {
  it.each([
    [
      "402",
      new SubscriptionExpiredError({ status: 402 }),
      UploadResult.failed,
      "subscriptionExpired",
      "subscriptionExpired",
    ],
    [
      "426",
      new StorageQuotaExceededError({ status: 426 }),
      UploadResult.largerThanAvailableStorage,
      "storageQuotaExceeded",
      "storageQuotaExceeded",
    ],
    [
      "401",
      new SessionExpiredError({ status: 401 }),
      UploadResult.failed,
      "sessionExpired",
      "sessionExpired",
    ],
    [
      "413",
      new FileTooLargeError({ status: 413 }),
      UploadResult.tooLarge,
      "fileTooLarge",
      undefined,
    ],
    [
      "500",
      new UnknownUploadError({ status: 500 }),
      UploadResult.failed,
      "unknownError",
      undefined,
    ],
    ["no ETag", new CairnError("etagMissing"), UploadResult.blocked, "etagMissing", undefined],
    [
      "unsupported",
      new CairnError("unsupportedFileFormat"),
      UploadResult.unsupported,
      "unsupportedFileFormat",
      undefined,
    ],
    ["network", new NetworkError({}), UploadResult.failed, "networkError", undefined],
  ])("%s → %s", (_name, error, result, errorKey, endsRun) => {
    const outcome = failureOutcomeOf(error);
    expect(outcome.result).toBe(result);
    expect(outcome.errorKey).toBe(errorKey);
    expect(outcome.endsRun).toBe(endsRun);
    expect(outcome.cancelled).toBeUndefined();
  });

  it("a cancel is not a failure", () => {
    expect(failureOutcomeOf(new CairnError("uploadCancelled"))).toMatchObject({ cancelled: true });
  });

  it("an error outside the catalogue fails the file without a reason", () => {
    expect(failureOutcomeOf(new TypeError("x"))).toEqual({ result: UploadResult.failed });
  });
});

describe("sizeRefusal", () => {
  it.each([
    [1, undefined, undefined],
    [maxUploadFileBytes, undefined, undefined],
    [maxUploadFileBytes + 1, undefined, UploadResult.tooLarge],
    [maxUploadFileBytes + 1, 1, UploadResult.tooLarge],
    [1_000, 999, UploadResult.largerThanAvailableStorage],
    [1_000, 1_000, undefined],
  ])("%d bytes with %s available → %s", (sizeBytes, availableBytes, result) => {
    expect(sizeRefusal(sizeBytes, availableBytes)?.result).toBe(result);
  });
});

describe("isRetryableResult", () => {
  it.each([
    [UploadResult.failed, true],
    [UploadResult.blocked, true],
    [UploadResult.unsupported, false],
    [UploadResult.tooLarge, false],
    [UploadResult.uploaded, false],
  ])("%s → %s", (result, retryable) => {
    expect(isRetryableResult(result)).toBe(retryable);
  });
});
