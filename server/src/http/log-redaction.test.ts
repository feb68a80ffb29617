import { describe, expect, it } from "vitest";
import { isSensitiveParameterName, redactURL } from "./log-redaction";

describe("redactURL", () => {
  it.each([
    ["/ping", "/ping"],
    ["/files/download/1?token=abc%3D", "/files/download/1?token=[redacted]"],
    [
      "/public-collection/files/preview/2?accessToken=a&accessTokenJWT=b&x=1",
      "/public-collection/files/preview/2?accessToken=[redacted]&accessTokenJWT=[redacted]&x=1",
    ],
    [
      "/blobs/1/k?uploadId=u&X-Cairn-Expires=9&X-Cairn-Signature=ff",
      "/blobs/1/k?uploadId=u&X-Cairn-Expires=9&X-Cairn-Signature=[redacted]",
    ],
    [
      "/o/k?X-Amz-Credential=c&X-Amz-Security-Token=t&X-Amz-Signature=s&X-Amz-Expires=60",
      "/o/k?X-Amz-Credential=[redacted]&X-Amz-Security-Token=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Expires=60",
    ],
    ["/x?TOKEN=a&sinceTime=5", "/x?TOKEN=[redacted]&sinceTime=5"],
    ["/x?%74oken=a", "/x?%74oken=[redacted]"],
    ["/x?%zz=a", "/x?%zz=a"],
    [
      "/users/two-factor/passkeys/get-token?sessionID=abc",
      "/users/two-factor/passkeys/get-token?sessionID=[redacted]",
    ],
    [
      "/users/two-factor/passkeys/finish?sessionID=a&ceremonySessionID=b",
      "/users/two-factor/passkeys/finish?sessionID=[redacted]&ceremonySessionID=[redacted]",
    ],
    ["/users/srp/attributes?email=ana%40example.org", "/users/srp/attributes?email=[redacted]"],
    ["/users/public-key?email=ana@example.org", "/users/public-key?email=[redacted]"],
    ["/users/session?token=abc", "/users/session?token=[redacted]"],
    ["/family?inviteToken=abc%3D", "/family?inviteToken=[redacted]"],
    ["/cast/x?castToken=abc", "/cast/x?castToken=[redacted]"],
  ])("%s → %s", (url, logged) => {
    expect(redactURL(url)).toBe(logged);
  });

  it.each([
    ["/family/invite-info/:token", "/family/invite-info/abc%3D", "/family/invite-info/[redacted]"],
    [
      "/family/invite-info/:token",
      "/family/invite-info/abc/?x=1&token=t",
      "/family/invite-info/[redacted]/?x=1&token=[redacted]",
    ],
    ["/collections/v3/:collectionID", "/collections/v3/42", "/collections/v3/42"],
    ["/passkeys/:id", "/passkeys/5?friendlyName=Phone", "/passkeys/5?friendlyName=Phone"],
    // A TV's pairing code lets whoever reads it pair the TV for an hour.
    ["/cast/cast-data/:code", "/cast/cast-data/AB12CD", "/cast/cast-data/[redacted]"],
    ["/blobs/*", "/blobs/1/k", "/blobs/1/k"],
  ])("route %s: %s → %s", (routePattern, url, logged) => {
    expect(redactURL(url, routePattern)).toBe(logged);
  });
});

describe("isSensitiveParameterName", () => {
  it.each([
    ["token", true],
    ["accessTokenJWT", true],
    ["inviteToken", true],
    ["email", true],
    ["sessionID", true],
    ["X-Amz-Credential", true],
    ["ott", true],
    ["code", true],
    ["sinceTime", false],
    ["collectionID", false],
    ["uploadId", false],
    ["friendlyName", false],
    ["X-Cairn-Expires", false],
  ])("%s → %s", (name, sensitive) => {
    expect(isSensitiveParameterName(name)).toBe(sensitive);
  });
});
