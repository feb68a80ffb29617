import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { sweepExpiredAccountRows } from "./cleanup";

describe.each(testDatabaseBackends())("sweeping expired account rows on $name", (backend) => {
  let server: TestAccountsServer;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
  });
  afterEach(async () => {
    await server.close();
  });

  it("keeps live codes and sessions and deletes them once expired", async () => {
    const alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
    await alice.sendCode("login");
    await alice.srpLogin();
    const { db } = server.database;
    expect(await sweepExpiredAccountRows(server.context)).toBe(0);
    expect(await db.selectFrom("otts").selectAll().execute()).toHaveLength(1);

    server.clock.advanceMs(25 * 60 * 60 * 1000);
    expect(await sweepExpiredAccountRows(server.context)).toBeGreaterThanOrEqual(3);
    expect(await db.selectFrom("otts").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("srp_sessions").selectAll().execute()).toEqual([]);
    // The account itself is untouched.
    expect(await db.selectFrom("srp_auth").selectAll().execute()).toHaveLength(1);
  });
});
