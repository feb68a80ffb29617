import { describe, expect, it } from "vitest";
import { deriveKey, toB64 } from "../../shared/crypto";
import { sharedTestKEKFor, sharedTestPassword } from "./shared-test-kek";

describe("the test accounts' shared KEK", () => {
  it("is the shared password's real Argon2id key at the strength the server requires", async () => {
    const shared = sharedTestKEKFor(sharedTestPassword);
    if (shared === undefined) throw new Error("The global setup derived no shared KEK");
    expect(shared.memLimitBytes * shared.opsLimit).toBe(4 * 2 ** 30);
    // What a browser's login derives from the account's key attributes.
    const atLogin = await deriveKey(
      sharedTestPassword,
      toB64(shared.salt),
      shared.opsLimit,
      shared.memLimitBytes,
    );
    expect(toB64(atLogin)).toBe(toB64(shared.key));
  }, 60_000);

  it("is not given for another password: its account derives its own", () => {
    expect(sharedTestKEKFor("another password")).toBeUndefined();
  });
});
