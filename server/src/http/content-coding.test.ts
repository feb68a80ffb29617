import { describe, expect, it } from "vitest";
import { negotiateContentCoding, type ContentCoding } from "./content-coding";

describe("negotiateContentCoding", () => {
  const brThenGzip: readonly ContentCoding[] = ["br", "gzip"];
  it.each([
    { acceptEncoding: undefined, expected: "identity" },
    { acceptEncoding: "", expected: "identity" },
    { acceptEncoding: "identity", expected: "identity" },
    { acceptEncoding: "deflate", expected: "identity" },
    { acceptEncoding: "gzip", expected: "gzip" },
    { acceptEncoding: "gzip, deflate", expected: "gzip" },
    { acceptEncoding: "x-gzip", expected: "gzip" },
    { acceptEncoding: "GZIP", expected: "gzip" },
    { acceptEncoding: "br", expected: "br" },
    { acceptEncoding: "gzip, deflate, br, zstd", expected: "br" },
    { acceptEncoding: "br;q=0.5, gzip", expected: "gzip" },
    { acceptEncoding: "br;q=0, gzip;q=0.1", expected: "gzip" },
    { acceptEncoding: "gzip;q=0.5, identity", expected: "identity" },
    { acceptEncoding: "gzip;q=0, br;q=0", expected: "identity" },
    { acceptEncoding: "*", expected: "br" },
    { acceptEncoding: "*;q=0, gzip", expected: "gzip" },
    { acceptEncoding: "gzip;q=nonsense", expected: "gzip" },
  ] as const)(
    "answers $expected to Accept-Encoding “$acceptEncoding”",
    ({ acceptEncoding, expected }) => {
      expect(negotiateContentCoding(acceptEncoding, brThenGzip)).toBe(expected);
    },
  );

  it("prefers the server's order among codings the client accepts alike", () => {
    expect(negotiateContentCoding("br, gzip", ["gzip", "br"])).toBe("gzip");
    expect(negotiateContentCoding("br, gzip", ["br", "gzip"])).toBe("br");
  });

  it("offers nothing but identity when the server offers no coding", () => {
    expect(negotiateContentCoding("gzip, br", [])).toBe("identity");
  });
});
