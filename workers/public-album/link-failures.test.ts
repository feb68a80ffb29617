import { describe, expect, it } from "vitest";
import { generalErrorFor } from "../../shared/api/error-mapping";
import { NetworkError, RequestTimeoutError } from "../../shared/model/errors";
import { type LinkFailure, linkFailureOf } from "./link-failures";

const answered = (status: number, body: unknown = {}) => generalErrorFor({ status, body });

describe("linkFailureOf", () => {
  it.each<[string, unknown, LinkFailure]>([
    [
      "a token the server does not know (401)",
      answered(401, { error: "invalid token" }),
      "link-invalid",
    ],
    [
      "a disabled or expired link (410)",
      answered(410, { error: "disabled token" }),
      "link-expired",
    ],
    [
      "an album deleted since (404)",
      answered(404, { code: "COLLECTION_DELETED", message: "" }),
      "link-expired",
    ],
    [
      "a link with no room for another device",
      answered(403, { code: "LINK_DEVICE_LIMIT_EXCEEDED", message: "full" }),
      "device-limit",
    ],
    ["another refusal (403)", answered(403, { code: "SOMETHING_ELSE", message: "" }), "unknown"],
    ["a server error", answered(500), "unknown"],
    ["no answer", new NetworkError(), "network"],
    ["no answer in time", new RequestTimeoutError(60_000), "network"],
    ["an error of this side", new Error("bug"), "unknown"],
  ])("%s", (_, error, failure) => {
    expect(linkFailureOf(error)).toBe(failure);
  });
});
