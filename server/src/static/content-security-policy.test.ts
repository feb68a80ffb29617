import { describe, expect, it } from "vitest";
import { type ContentSources, contentSecurityPolicy } from "./content-security-policy";

const local: ContentSources = {
  apiURL: "http://localhost:8080",
  blobOrigins: ["http://localhost:8080"],
  inlineStyleHashes: ["'sha256-abc='"],
};

/** The policy as directive → sources. */
const directives = (policy: string): Record<string, string[]> =>
  Object.fromEntries(
    policy.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources];
    }),
  );

describe("contentSecurityPolicy", () => {
  it("refuses everything the apps do not do", () => {
    expect(directives(contentSecurityPolicy(local))).toEqual({
      "default-src": ["'none'"],
      "script-src": ["'self'", "'wasm-unsafe-eval'"],
      "worker-src": ["'self'"],
      "connect-src": ["'self'", "http://localhost:8080"],
      "img-src": ["'self'", "blob:", "data:"],
      "media-src": ["blob:"],
      "font-src": ["'self'"],
      "style-src": ["'self'", "'sha256-abc='"],
      "object-src": ["'none'"],
      "base-uri": ["'none'"],
      "form-action": ["'none'"],
      "frame-ancestors": ["'none'"],
    });
  });

  it.each<[string, Partial<ContentSources>, Record<string, string[]>]>([
    [
      "S3 origins beside the API",
      {
        apiURL: "https://api.example.org",
        blobOrigins: ["https://photos.s3.example.net", "https://s3.example.net"],
      },
      {
        "connect-src": [
          "'self'",
          "https://api.example.org",
          "https://photos.s3.example.net",
          "https://s3.example.net",
        ],
      },
    ],
    [
      "origins only, never paths (a path would allow that path alone)",
      { apiURL: "https://example.org/cairn-api/", blobOrigins: ["https://example.org/blobs"] },
      { "connect-src": ["'self'", "https://example.org"] },
    ],
    [
      "a feature's extra origins (map tiles)",
      {
        extraOrigins: {
          connect: ["https://tiles.example.net/styles/v1"],
          img: ["https://tiles.example.net"],
        },
      },
      {
        "connect-src": ["'self'", "http://localhost:8080", "https://tiles.example.net"],
        "img-src": ["'self'", "blob:", "data:", "https://tiles.example.net"],
      },
    ],
    ["no inline style", { inlineStyleHashes: [] }, { "style-src": ["'self'"] }],
  ])("%s", (_case, sources, expected) => {
    expect(directives(contentSecurityPolicy({ ...local, ...sources }))).toMatchObject(expected);
  });

  it("never allows inline script or eval", () => {
    const policy = contentSecurityPolicy({
      ...local,
      extraOrigins: { connect: ["https://a.example"], img: ["https://b.example"] },
    });
    expect(policy).not.toContain("'unsafe-inline'");
    expect(policy).not.toContain("'unsafe-eval'");
  });
});
