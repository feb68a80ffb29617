import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteTestAccount, TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";

// See: [Note: A scoped token dies with its account]
describe.each(testDatabaseBackends())("scoped tokens of a deleted account on $name", (backend) => {
  let server: TestAccountsServer;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
  });
  afterEach(async () => {
    await server.close();
  });

  it("are refused with 401 once the account is deleted, on every route group that takes one", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    const { accountsToken } = await alice.ok<{ accountsToken: string }>(
      "GET",
      "/users/accounts-token",
    );
    const { familiesToken } = await alice.ok<{ familiesToken: string }>(
      "GET",
      "/users/families-token",
    );
    const scopedCalls = [
      () => alice.call("GET", "/passkeys", undefined, accountsToken),
      () => alice.call("POST", "/passkeys/registration/begin", undefined, accountsToken),
      () => alice.call("POST", "/family/create", undefined, familiesToken),
      () => alice.call("GET", "/family/members", undefined, familiesToken),
    ];
    for (const call of scopedCalls) expect((await call()).statusCode).toBe(200);

    await deleteTestAccount(alice);

    for (const call of scopedCalls) {
      const answer = await call();
      expect(answer.statusCode, answer.body).toBe(401);
      expect(answer.json()).toEqual({ error: "invalid token" });
    }
  });

  it("are not taken for a new account of the same email", async () => {
    const first = new TestAccountClient(server, "alice@example.org");
    await first.signUp();
    const { accountsToken } = await first.ok<{ accountsToken: string }>(
      "GET",
      "/users/accounts-token",
    );
    await deleteTestAccount(first);
    const again = new TestAccountClient(server, "alice@example.org");
    await again.signUp();
    expect(again.userID).not.toBe(first.userID);

    const answer = await again.call("GET", "/passkeys", undefined, accountsToken);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ error: "invalid token" });
  });
});
