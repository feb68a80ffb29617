import { base58 } from "@scure/base";
import { describe, expect, it } from "vitest";
import { toB64 } from "../../shared/crypto/base64";
import { openableLink } from "./public-link";

const key = Uint8Array.from({ length: 32 }, (_, index) => index + 1);
const fragment = `#${base58.encode(key)}`;

describe("openableLink", () => {
  it.each([
    ["no token", "", fragment],
    ["an empty token", "?t=", fragment],
    ["no fragment", "?t=ABCDEFGHJK", ""],
    ["a fragment that is not base58", "?t=ABCDEFGHJK", "#0OIl"],
    ["a key of the wrong length", "?t=ABCDEFGHJK", `#${base58.encode(key.slice(0, 16))}`],
  ])("finds nothing to open with %s", (_, search, hash) => {
    expect(openableLink(search, hash)).toBeUndefined();
  });

  it("reads the token from the query and the album key from the fragment", () => {
    expect(openableLink("?t=ABCDEFGHJK&other=1", fragment)).toEqual({
      accessToken: "ABCDEFGHJK",
      collectionKeyB64: toB64(key),
    });
    // A fragment given without its `#` is read the same.
    expect(openableLink("?t=ABCDEFGHJK", fragment.slice(1))?.collectionKeyB64).toBe(toB64(key));
  });
});
