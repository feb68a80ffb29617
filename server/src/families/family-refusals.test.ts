import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FamilyMembers } from "./family-members";
import type { TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { signUpTestUser } from "../../test-support/library-client";
import {
  familyCall,
  familyOK,
  inviteToFamily,
  joinFamily,
  publicCall,
} from "../../test-support/family-client";
import { maxFamilyAccounts } from "./family-rules";

// What the family endpoints refuse (wire-contract §0.2, §11), and that a
// refusal tells an outsider nothing about other families.
// See: [Note: Other families' rows are not found]

describe.each(testDatabaseBackends())("family refusals on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
  });
  afterEach(async () => {
    await server.close();
  });

  const status = async (...args: Parameters<typeof familyCall>) =>
    (await familyCall(...args)).statusCode;
  const idOf = async (admin: TestAccountClient, email: string) => {
    const { members } = await familyOK<FamilyMembers>(admin, "GET", "/family/members");
    const id = members.find((m) => m.email === email)?.id;
    if (id === undefined) throw new Error(`${email} is not listed`);
    return id;
  };

  it("asks the admin's calls for a FAMILIES token", async () => {
    await familyOK(alice, "POST", "/family/create");
    const paymentToken = (await alice.ok<{ paymentToken: string }>("GET", "/users/payment-token"))
      .paymentToken;
    for (const token of ["", alice.token, paymentToken, "not.a.jwt"]) {
      const answer = await alice.call("GET", "/family/members", undefined, token);
      expect(answer.statusCode, token).toBe(401);
    }
    // Leaving uses the session token, not a FAMILIES one.
    expect((await alice.call("DELETE", "/family/leave", undefined, "")).statusCode).toBe(401);
  });

  it("refuses invites outside the rules", async () => {
    // No family yet.
    expect(await status(alice, "POST", "/family/add-member", { email: bob.email })).toBe(403);
    await familyOK(alice, "POST", "/family/create");
    const invite = (email: string) => status(alice, "POST", "/family/add-member", { email });
    expect(await invite("nobody@example.org")).toBe(404);
    expect(await invite(alice.email)).toBe(406);
    expect(await invite("not an email")).toBe(400);
    // Someone already in another family.
    await joinFamily(server, carol, bob);
    expect(await invite(bob.email)).toBe(406);
    expect(await invite(carol.email)).toBe(406);
    // Someone on a paid plan of their own.
    const dave = await signUpTestUser(server, "dave@example.org");
    await server.database.db
      .updateTable("subscriptions")
      .set({ product_id: "cairn-200gb" })
      .where("user_id", "=", dave.userID)
      .execute();
    expect(await invite(dave.email)).toBe(409);
    // A cap above the family's storage.
    const erin = await signUpTestUser(server, "erin@example.org");
    const plan = (
      await alice.ok<{ subscription: { storage: number } }>("GET", "/billing/subscription")
    ).subscription.storage;
    expect(
      await status(alice, "POST", "/family/add-member", {
        email: erin.email,
        storageLimit: plan + 1,
      }),
    ).toBe(426);
    // A member may not invite, nor create a family of their own.
    expect(await status(bob, "POST", "/family/add-member", { email: erin.email })).toBe(403);
    expect(await status(bob, "POST", "/family/create")).toBe(406);
  });

  it(`fills a family at ${String(maxFamilyAccounts)} accounts, pending invites included`, async () => {
    await familyOK(alice, "POST", "/family/create");
    const invitees: TestAccountClient[] = [];
    for (let i = 1; i < maxFamilyAccounts; i++) {
      const invitee = await signUpTestUser(server, `member${String(i)}@example.org`);
      await familyOK(alice, "POST", "/family/add-member", { email: invitee.email });
      invitees.push(invitee);
    }
    expect(await status(alice, "POST", "/family/add-member", { email: bob.email })).toBe(412);
    // Re-inviting someone already invited takes no new seat.
    const [first] = invitees;
    if (first === undefined) throw new Error("invitees expected");
    await familyOK(alice, "POST", "/family/add-member", { email: first.email });
    // A revoked invite frees its seat.
    await familyOK(alice, "DELETE", `/family/revoke-invite/${await idOf(alice, first.email)}`);
    await familyOK(alice, "POST", "/family/add-member", { email: bob.email });
  });

  it("refuses to accept an invite for someone already in a family, or an unknown token", async () => {
    const token = await inviteToFamily(server, alice, bob);
    await joinFamily(server, carol, bob);
    expect((await publicCall(server, "POST", "/family/accept-invite", { token })).statusCode).toBe(
      406,
    );
    expect(
      (await familyOK<FamilyMembers>(alice, "GET", "/family/members")).members[1]?.status,
    ).toBe("INVITED");
    const unknown = "A".repeat(43) + "=";
    expect((await publicCall(server, "GET", `/family/invite-info/${unknown}`)).statusCode).toBe(
      404,
    );
    expect(
      (await publicCall(server, "POST", "/family/accept-invite", { token: unknown })).statusCode,
    ).toBe(404);
  });

  it("lets only the admin manage, and tells others nothing about other families", async () => {
    await joinFamily(server, alice, bob);
    await familyOK(alice, "POST", "/family/add-member", { email: carol.email });
    const bobID = await idOf(alice, bob.email);
    const carolID = await idOf(alice, carol.email);
    const aliceID = await idOf(alice, alice.email);
    const unknownID = "00000000-0000-4000-8000-000000000000";

    // A member of the family is no admin.
    for (const id of [bobID, carolID, unknownID]) {
      expect(await status(bob, "DELETE", `/family/remove-member/${id}`)).toBe(403);
      expect(await status(bob, "DELETE", `/family/revoke-invite/${id}`)).toBe(403);
      expect(await status(bob, "POST", "/family/modify-storage", { id, storageLimit: 1 })).toBe(
        403,
      );
    }
    // The admin of another family gets the answer of an unknown ID.
    const dave = await signUpTestUser(server, "dave@example.org");
    await familyOK(dave, "POST", "/family/create");
    const unknownAnswer = await familyCall(dave, "DELETE", `/family/remove-member/${unknownID}`);
    expect(unknownAnswer.statusCode).toBe(404);
    for (const id of [bobID, carolID]) {
      const answer = await familyCall(dave, "DELETE", `/family/remove-member/${id}`);
      expect([answer.statusCode, answer.body]).toEqual([
        unknownAnswer.statusCode,
        unknownAnswer.body,
      ]);
      expect(await status(dave, "DELETE", `/family/revoke-invite/${id}`)).toBe(404);
      expect(await status(dave, "POST", "/family/modify-storage", { id, storageLimit: 1 })).toBe(
        404,
      );
    }
    // Someone in no family is no admin either.
    const erin = await signUpTestUser(server, "erin@example.org");
    expect(await status(erin, "DELETE", `/family/remove-member/${bobID}`)).toBe(403);
    expect(await status(erin, "GET", "/family/members")).toBe(404);
    // Nothing changed.
    const { members } = await familyOK<FamilyMembers>(alice, "GET", "/family/members");
    // Listed admin first; others in invite order, here one clock tick, so sorted by email.
    const listed = members.map((m) => [m.email, m.status, m.storageLimit]);
    expect(listed.sort()).toEqual([
      [alice.email, "SELF", null],
      [bob.email, "ACCEPTED", null],
      [carol.email, "INVITED", null],
    ]);

    // Steps that do not fit a row's status.
    expect(await status(alice, "DELETE", `/family/remove-member/${carolID}`)).toBe(400);
    expect(await status(alice, "DELETE", `/family/remove-member/${aliceID}`)).toBe(400);
    expect(await status(alice, "DELETE", `/family/revoke-invite/${bobID}`)).toBe(400);
    expect(
      await status(alice, "POST", "/family/modify-storage", { id: aliceID, storageLimit: 1 }),
    ).toBe(400);
    expect(
      await status(alice, "POST", "/family/modify-storage", { id: carolID, storageLimit: 1 }),
    ).toBe(400);
    // The admin cannot leave their own family.
    expect((await alice.call("DELETE", "/family/leave")).statusCode).toBe(403);
  });

  it("limits invite lookups to ten a minute per address", async () => {
    const limited = await startTestAccountsServer(backend, { rateLimitScale: 1 });
    try {
      const token = "A".repeat(43) + "=";
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (await publicCall(limited, "GET", `/family/invite-info/${token}`)).statusCode,
        );
      }
      expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    } finally {
      await limited.close();
    }
  });
});
