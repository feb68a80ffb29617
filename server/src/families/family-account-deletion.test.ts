import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserDetails } from "../../../shared/api/endpoints/account-schemas";
import { type TestAccountClient, deleteTestAccount } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { signUpTestUser } from "../../test-support/library-client";
import type { FamilyMembers } from "./family-members";
import { maxFamilyAccounts } from "./family-rules";
import {
  familyCall,
  familyOK,
  inviteToFamily,
  joinFamily,
  publicCall,
} from "../../test-support/family-client";

// Deleting an account ends its part in a family, through HTTP.
// See: [Note: Deleting an account ends its family]

/** The admin's plan in these tests: larger than the free plan, so the members' fall-back shows. */
const familyStorageBytes = 5_000_000;
const freeStorageBytes = 20_000;

describe.each(testDatabaseBackends())("account deletion and families on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend, { freeStorageBytes });
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
    await server.database.db
      .updateTable("subscriptions")
      .set({ storage: familyStorageBytes })
      .where("user_id", "=", alice.userID)
      .execute();
  });
  afterEach(async () => {
    await server.close();
  });

  const details = (user: TestAccountClient) =>
    user.ok<UserDetails>("GET", "/users/details/v2?memoryCount=false");
  const members = async (user: TestAccountClient) =>
    (await familyOK<FamilyMembers>(user, "GET", "/family/members")).members;

  it("dissolves an admin's family: members fall back to their own plan, invites stop working", async () => {
    await joinFamily(server, alice, bob);
    const carolToken = await inviteToFamily(server, alice, carol);
    expect((await details(bob)).familyData?.storage).toBe(familyStorageBytes);

    await deleteTestAccount(alice);

    // Bob is told; Carol, only invited, is not.
    expect(
      server.mail.filter((m) => m.subject === "Your family on Cairn has ended").map((m) => m.to),
    ).toEqual([bob.email]);
    expect(server.mail.find((m) => m.subject === "Your family on Cairn has ended")?.text).toContain(
      alice.email,
    );

    // Bob is in no family: his details show none, and his own plan applies.
    const bobDetails = await details(bob);
    expect(bobDetails.familyData).toBeUndefined();
    expect(bobDetails.subscription.storage).toBe(freeStorageBytes);
    expect((await familyCall(bob, "GET", "/family/members")).statusCode).toBe(404);
    expect((await bob.call("DELETE", "/family/leave")).statusCode).toBe(200);
    // Carol's invite is gone.
    expect((await publicCall(server, "GET", `/family/invite-info/${carolToken}`)).statusCode).toBe(
      404,
    );
    expect(
      (await publicCall(server, "POST", "/family/accept-invite", { token: carolToken })).statusCode,
    ).toBe(404);
    expect((await details(carol)).familyData).toBeUndefined();
    // Either may head or join a family again.
    await joinFamily(server, bob, carol);
    expect((await members(carol)).map((m) => [m.email, m.status])).toEqual([
      [bob.email, "SELF"],
      [carol.email, "ACCEPTED"],
    ]);
  });

  it("ends a member's membership: the admin no longer lists them and has their seat back", async () => {
    await joinFamily(server, alice, bob);
    for (let i = 2; i < maxFamilyAccounts; i++) {
      const invitee = await signUpTestUser(server, `member${String(i)}@example.org`);
      await familyOK(alice, "POST", "/family/add-member", { email: invitee.email });
    }
    const invite = (email: string) => familyCall(alice, "POST", "/family/add-member", { email });
    expect((await invite(carol.email)).statusCode).toBe(412);

    await deleteTestAccount(bob);

    // Alice is told Bob left.
    const left = server.mail.filter((m) => m.subject === "A member left your family on Cairn");
    expect(left.map((m) => m.to)).toEqual([alice.email]);
    expect(left[0]?.text).toContain(bob.email);

    const listed = await members(alice);
    expect(listed).toHaveLength(maxFamilyAccounts - 1);
    expect(listed.map((m) => m.email)).not.toContain(bob.email);
    expect(listed.filter((m) => m.status === "ACCEPTED")).toEqual([]);
    expect((await details(alice)).familyData?.members?.map((m) => m.email)).not.toContain(
      bob.email,
    );
    // The seat Bob held is free.
    expect((await invite(carol.email)).statusCode).toBe(200);
  });
});
