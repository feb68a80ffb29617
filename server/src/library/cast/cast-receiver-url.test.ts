import { describe, expect, it } from "vitest";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import { signUpTestUser } from "../../../test-support/library-client";

// The feature flags' `castUrl`: the receiver the Ente mobile app's pairing
// instructions name. See: [Note: The cast receiver's URL]

const castURLOf = async (server: TestAccountsServer) => {
  const user = await signUpTestUser(server, "erin@example.org");
  return (await user.ok<{ castUrl: string }>("GET", "/remote-store/feature-flags")).castUrl;
};

describe.each(testDatabaseBackends())("the cast receiver's URL on $name", (backend) => {
  it("is the configured receiver, and none without one (never Ente's, which pairs with Ente's server)", async () => {
    const configured = await startTestAccountsServer(backend, {
      castURL: "https://cast.photos.example",
    });
    try {
      expect(await castURLOf(configured)).toBe("https://cast.photos.example");
    } finally {
      await configured.close();
    }
    const plain = await startTestAccountsServer(backend);
    try {
      expect(await castURLOf(plain)).toBe("");
    } finally {
      await plain.close();
    }
  });
});
