import { describe, expect, it } from "vitest";
import { redactURL } from "./log-redaction";

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
  ])("%s → %s", (url, logged) => {
    expect(redactURL(url)).toBe(logged);
  });
});
