import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkBlobURLSignature, signBlobURL, type SignedMethod } from "./url-signing";

const signingKey = randomBytes(32);
const nowMs = 1_700_000_000_000;

const url = signBlobURL({
  signingKey,
  baseURL: "http://localhost:8080/blobs",
  method: "PUT",
  key: "1/abc",
  params: { uploadId: "u1", partNumber: "2", unset: undefined },
  expiresAtMs: nowMs + 60_000,
});

const check = (
  change: (params: URLSearchParams) => void = () => undefined,
  {
    method = "PUT",
    key = "1/abc",
    at = nowMs,
  }: { method?: SignedMethod; key?: string; at?: number } = {},
) => {
  const params = new URL(url).searchParams;
  change(params);
  return checkBlobURLSignature({ signingKey, method, key, params, nowMs: at });
};

describe("signed blob URLs", () => {
  it("point at the key with the parameters, an expiry and a signature", () => {
    expect(url).toMatch(
      /^http:\/\/localhost:8080\/blobs\/1\/abc\?uploadId=u1&partNumber=2&X-Cairn-Expires=1700000060&X-Cairn-Signature=[0-9a-f]{64}$/,
    );
  });

  it.each<[string, (params: URLSearchParams) => void, Parameters<typeof check>[1], string]>([
    ["untouched", () => undefined, {}, "valid"],
    [
      "reordered parameters",
      (p) => {
        p.sort();
      },
      {},
      "valid",
    ],
    ["just before expiry", () => undefined, { at: nowMs + 59_999 }, "valid"],
    ["at expiry", () => undefined, { at: nowMs + 60_000 }, "expired"],
    [
      "a changed parameter",
      (p) => {
        p.set("partNumber", "3");
      },
      {},
      "invalid",
    ],
    [
      "an added parameter",
      (p) => {
        p.set("response-content-type", "text/html");
      },
      {},
      "invalid",
    ],
    [
      "a removed parameter",
      (p) => {
        p.delete("uploadId");
      },
      {},
      "invalid",
    ],
    [
      "a later expiry",
      (p) => {
        p.set("X-Cairn-Expires", "1800000000");
      },
      {},
      "invalid",
    ],
    [
      "a forged signature",
      (p) => {
        p.set("X-Cairn-Signature", "0".repeat(64));
      },
      {},
      "invalid",
    ],
    [
      "a short signature",
      (p) => {
        p.set("X-Cairn-Signature", "abcd");
      },
      {},
      "invalid",
    ],
    [
      "no signature",
      (p) => {
        p.delete("X-Cairn-Signature");
      },
      {},
      "invalid",
    ],
    [
      "a second signature",
      (p) => {
        p.append("X-Cairn-Signature", "00");
      },
      {},
      "invalid",
    ],
    ["another method", () => undefined, { method: "GET" }, "invalid"],
    ["another key", () => undefined, { key: "1/abd" }, "invalid"],
  ])("with %s: %s", (_, change, options, expected) => {
    expect(check(change, options)).toBe(expected);
  });

  it("is not valid under another signing key", () => {
    const params = new URL(url).searchParams;
    expect(
      checkBlobURLSignature({
        signingKey: randomBytes(32),
        method: "PUT",
        key: "1/abc",
        params,
        nowMs,
      }),
    ).toBe("invalid");
  });
});
