import { describe, expect, it } from "vitest";
import { errorMessages, invalidRedirectionMessage } from "./error-messages";

// The message list of spec §8, verbatim. Every one must be in the catalogue.
const specMessages = [
  "video playback failed",
  "no header/etag present in response body",
  "encrypted key missing from localStorage",
  "failed to load web worker",
  "unsupported file format",
  "file too large",
  "subscription expired",
  "storage quota exceeded",
  "session expired",
  "invalid mime type",
  "signup failed",
  "favorite collection missing",
  "invalid collection operation",
  "request canceled",
  "request failed",
  "token expired",
  "token missing",
  "too many requests",
  "bad request",
  "subscription not present",
  "not found",
  "no metadata",
  "incorrect password",
  "upload cancelled",
  "request taking too long",
  "Something went wrong, please try again",
  "Network Error",
  "not file owner",
  "update file exported record failed",
  "export stopped",
  "no export folder selected",
  "export folder does not exist",
  "export record json parsing failed",
  "two factor enabled",
  "client error",
  "server error",
  "file not found",
  "Unsupported platform",
  "url already set",
  "file conversion failed",
  "auth key not found",
  "Orphan CLIP indexing without a login",
  "invalid length embedding data length",
  "imageEmbedding and textEmbedding length mismatch",
  "user missing",
];

describe("error catalogue", () => {
  it("holds every fixed message of the spec, and nothing else", () => {
    expect(new Set(Object.values(errorMessages))).toEqual(new Set(specMessages));
  });

  it("never names two messages the same way", () => {
    const values = Object.values(errorMessages);
    expect(new Set(values).size).toBe(values.length);
  });

  it("fills the invalid redirection message with the value", () => {
    expect(invalidRedirectionMessage("pricing")).toBe("invalid redirection pricing");
  });
});
