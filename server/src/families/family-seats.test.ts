import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FamilyMembers } from "./family-members";
import type { TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { signUpTestUser } from "../../test-support/library-client";
import { familiesTokenOf, familyOK } from "../../test-support/family-client";
import { maxFamilyAccounts } from "./family-rules";

// A family's seats hold when invites arrive at the same moment.
// See: [Note: A family's seats are counted under a lock of its admin's row]

describe.each(testDatabaseBackends())("family seats on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
  });
  afterEach(async () => {
    await server.close();
  });

  const signUpMany = (prefix: string, count: number) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        signUpTestUser(server, `${prefix}${String(i)}@example.org`),
      ),
    );

  it("admits only as many of many invites sent at once as there are seats left", async () => {
    await familyOK(alice, "POST", "/family/create");
    // The admin and three invites: two seats left.
    for (const invitee of await signUpMany("early", 3)) {
      await familyOK(alice, "POST", "/family/add-member", { email: invitee.email });
    }
    const seatsLeft = maxFamilyAccounts - 4;
    const latecomers = await signUpMany("late", seatsLeft + 4);
    const token = await familiesTokenOf(alice);

    const statuses = await Promise.all(
      latecomers.map(
        async (invitee) =>
          (await alice.call("POST", "/family/add-member", { email: invitee.email }, token))
            .statusCode,
      ),
    );

    expect(statuses.filter((status) => status === 200)).toHaveLength(seatsLeft);
    expect(statuses.filter((status) => status === 412)).toHaveLength(4);
    const { members } = await familyOK<FamilyMembers>(alice, "GET", "/family/members");
    expect(members).toHaveLength(maxFamilyAccounts);
    // Only the admitted ones were mailed an invite.
    const mailed = latecomers
      .map((invitee) => invitee.email)
      .filter((email) =>
        server.mail.some((m) => m.to === email && m.text.includes("inviteToken=")),
      );
    expect(mailed).toHaveLength(seatsLeft);
  });

  it("takes one seat for the same person invited twice at once", async () => {
    await familyOK(alice, "POST", "/family/create");
    const [bob] = await signUpMany("bob", 1);
    if (bob === undefined) throw new Error("bob expected");
    const token = await familiesTokenOf(alice);

    const statuses = await Promise.all(
      [1, 2, 3].map(
        async () =>
          (await alice.call("POST", "/family/add-member", { email: bob.email }, token)).statusCode,
      ),
    );

    expect(statuses).toEqual([200, 200, 200]);
    const { members } = await familyOK<FamilyMembers>(alice, "GET", "/family/members");
    expect(members.map((m) => [m.email, m.status])).toEqual([
      [alice.email, "SELF"],
      [bob.email, "INVITED"],
    ]);
  });
});
