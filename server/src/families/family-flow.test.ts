import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FamilyMembers } from "./family-members";
import type { UserDetails } from "../../../shared/api/endpoints/account-schemas";
import { storageLeftBytes } from "../../../shared/model/media/storage-left";
import type { TestAccountClient } from "../../test-support/account-client";
import {
  startTestAccountsServer,
  testPhotosURL,
  type TestAccountsServer,
} from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import {
  createTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../test-support/library-client";
import { usageOf } from "../../test-support/library-files";
import {
  familyCall,
  familyOK,
  inviteToFamily,
  joinFamily,
  lastInviteToken,
  publicCall,
} from "../../test-support/family-client";

// A family's whole life through HTTP (wire-contract §10, §11): invite,
// invite info, accept, the members list, storage shared under the admin's
// plan and a member's cap, remove, leave and revoke.

/** The family plan's storage in these tests: a few uploads of test files fill it. */
const familyStorageBytes = 20_000;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(testDatabaseBackends())("family plans on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let carol: TestAccountClient;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend, { freeStorageBytes: familyStorageBytes });
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    carol = await signUpTestUser(server, "carol@example.org");
  });
  afterEach(async () => {
    await server.close();
  });

  const details = (user: TestAccountClient) =>
    user.ok<UserDetails>("GET", "/users/details/v2?memoryCount=false");
  const members = async (user: TestAccountClient) =>
    (await familyOK<FamilyMembers>(user, "GET", "/family/members")).members;
  const memberRow = async (admin: TestAccountClient, email: string) => {
    const row = (await members(admin)).find((m) => m.email === email);
    if (row === undefined) throw new Error(`${email} is not listed`);
    return row;
  };
  const uploadURLStatus = async (user: TestAccountClient) =>
    (await user.call("GET", "/files/upload-urls?count=1")).statusCode;
  const setUsage = (user: TestAccountClient, bytes: number) =>
    server.database.db
      .updateTable("usage")
      .set({ storage_consumed: bytes })
      .where("user_id", "=", user.userID)
      .execute();

  it("invites by mail, shows the invite, and lists the member once they accept", async () => {
    const token = await inviteToFamily(server, alice, bob);
    const mail = server.mail.findLast((m) => m.to === bob.email);
    expect(mail?.text).toContain(`${testPhotosURL}/family?inviteToken=`);
    expect(mail?.text).toContain(alice.email);

    const info = await publicCall(server, "GET", `/family/invite-info/${token}`);
    expect(info.statusCode, info.body).toBe(200);
    const { id: bobID, adminEmail } = info.json<{ id: string; adminEmail: string }>();
    expect(adminEmail).toBe(alice.email);

    const listed = await members(alice);
    expect(listed.map((m) => m.id)).toEqual([expect.stringMatching(uuidPattern), bobID]);
    expect(listed.map(({ id: _, ...rest }) => rest)).toEqual([
      {
        email: alice.email,
        status: "SELF",
        storageLimit: null,
        usage: 0,
        isAdmin: true,
      },
      {
        email: bob.email,
        status: "INVITED",
        storageLimit: null,
        usage: 0,
        isAdmin: false,
      },
    ]);
    // A pending invite is no family yet.
    expect((await details(bob)).familyData).toBeUndefined();

    const accepted = await publicCall(server, "POST", "/family/accept-invite", { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({
      adminEmail: alice.email,
      storage: familyStorageBytes,
      expiryTime: (await details(alice)).subscription.expiryTime,
    });
    // Accepting again is harmless; the invite page no longer offers it.
    expect((await publicCall(server, "POST", "/family/accept-invite", { token })).statusCode).toBe(
      200,
    );
    expect((await publicCall(server, "GET", `/family/invite-info/${token}`)).statusCode).toBe(400);

    // The member sees the same family, and both get it in their details.
    expect(await members(bob)).toEqual(await members(alice));
    expect((await memberRow(alice, bob.email)).status).toBe("ACCEPTED");
    for (const user of [alice, bob]) {
      const familyData = (await details(user)).familyData;
      expect(familyData?.members?.map((m) => [m.email, m.isAdmin])).toEqual([
        [alice.email, true],
        [bob.email, false],
      ]);
      expect(familyData?.storage).toBe(familyStorageBytes);
    }
    // Outsiders are in no family.
    expect((await details(carol)).familyData).toBeUndefined();
    expect((await familyCall(carol, "GET", "/family/members")).statusCode).toBe(404);
  });

  it("lists each member's usage and counts the family's usage against the admin's plan", async () => {
    await uploadTestFile(server, bob, (await createTestCollection(server, bob)).id);
    await joinFamily(server, alice, bob);
    const bobUsage = await usageOf(server, bob.userID);
    expect(bobUsage).toBeGreaterThan(0);
    expect((await memberRow(alice, bob.email)).usage).toBe(bobUsage);

    // Alice's usage fills the plan together with Bob's, though Bob alone has room.
    await setUsage(alice, familyStorageBytes - bobUsage + 1);
    expect((await memberRow(bob, alice.email)).usage).toBe(familyStorageBytes - bobUsage + 1);
    expect(await uploadURLStatus(bob)).toBe(426);
    expect(await uploadURLStatus(alice)).toBe(426);
    expect(await uploadURLStatus(carol)).toBe(200);
    // The client's forecast from the details agrees.
    expect(storageLeftBytes(await details(bob))).toBe(0);

    // Once Bob leaves, his own plan counts again, and the family has room.
    expect((await bob.call("DELETE", "/family/leave")).statusCode).toBe(200);
    expect(await uploadURLStatus(bob)).toBe(200);
    expect(await uploadURLStatus(alice)).toBe(200);
    expect((await details(bob)).familyData).toBeUndefined();
    expect((await members(alice)).map((m) => m.email)).toEqual([alice.email]);
    // Leaving twice is harmless.
    expect((await bob.call("DELETE", "/family/leave")).statusCode).toBe(200);
  });

  it("holds a member to the cap the admin sets, and lets the admin change it", async () => {
    await joinFamily(server, alice, bob);
    const album = await createTestCollection(server, bob);
    await uploadTestFile(server, bob, album.id);
    const oneFileBytes = await usageOf(server, bob.userID);
    const bobID = (await memberRow(alice, bob.email)).id;

    // A cap at Bob's usage: the next upload still fits in the slack, the one after not.
    await familyOK(alice, "POST", "/family/modify-storage", {
      id: bobID,
      storageLimit: oneFileBytes,
    });
    expect((await memberRow(bob, bob.email)).storageLimit).toBe(oneFileBytes);
    await uploadTestFile(server, bob, album.id);
    expect(await uploadURLStatus(bob)).toBe(426);
    expect(storageLeftBytes(await details(bob))).toBe(0);
    // The admin is not held to the member's cap.
    expect(await uploadURLStatus(alice)).toBe(200);

    // A cap below what Bob uses, or above the family's storage, is refused.
    const below = await familyCall(alice, "POST", "/family/modify-storage", {
      id: bobID,
      storageLimit: oneFileBytes,
    });
    expect(below.statusCode).toBe(400);
    const above = await familyCall(alice, "POST", "/family/modify-storage", {
      id: bobID,
      storageLimit: familyStorageBytes + 1,
    });
    expect(above.statusCode).toBe(426);

    // Lifting the cap lets Bob upload again.
    await familyOK(alice, "POST", "/family/modify-storage", { id: bobID, storageLimit: null });
    expect(await uploadURLStatus(bob)).toBe(200);
  });

  it("removes a member, who is then in no family", async () => {
    await joinFamily(server, alice, bob);
    const bobID = (await memberRow(alice, bob.email)).id;
    await familyOK(alice, "DELETE", `/family/remove-member/${bobID}`);
    expect((await members(alice)).map((m) => m.email)).toEqual([alice.email]);
    expect((await details(bob)).familyData).toBeUndefined();
    expect((await familyCall(bob, "GET", "/family/members")).statusCode).toBe(404);
    // Removing twice is harmless; the old invite cannot bring Bob back.
    await familyOK(alice, "DELETE", `/family/remove-member/${bobID}`);
    const token = lastInviteToken(server, bob.email);
    expect((await publicCall(server, "POST", "/family/accept-invite", { token })).statusCode).toBe(
      400,
    );
    // A new invite can.
    await joinFamily(server, alice, bob);
    expect((await memberRow(alice, bob.email)).status).toBe("ACCEPTED");
  });

  it("revokes a pending invite, whose link then stops working", async () => {
    const token = await inviteToFamily(server, alice, carol);
    const carolID = (await memberRow(alice, carol.email)).id;
    await familyOK(alice, "DELETE", `/family/revoke-invite/${carolID}`);
    expect((await members(alice)).map((m) => m.email)).toEqual([alice.email]);
    expect((await publicCall(server, "GET", `/family/invite-info/${token}`)).statusCode).toBe(400);
    expect((await publicCall(server, "POST", "/family/accept-invite", { token })).statusCode).toBe(
      400,
    );
    expect((await details(carol)).familyData).toBeUndefined();
    // Revoking twice is harmless.
    await familyOK(alice, "DELETE", `/family/revoke-invite/${carolID}`);
  });

  it("mails a new token on a second invite, and only the newest works", async () => {
    const first = await inviteToFamily(server, alice, bob);
    const second = await inviteToFamily(server, alice, bob);
    expect(second).not.toBe(first);
    expect((await members(alice)).filter((m) => m.email === bob.email)).toHaveLength(1);
    expect((await publicCall(server, "GET", `/family/invite-info/${first}`)).statusCode).toBe(404);
    expect((await publicCall(server, "GET", `/family/invite-info/${second}`)).statusCode).toBe(200);
    // The database keeps no usable token.
    const rows = await server.database.db.selectFrom("families").select("token_hash").execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(second);
  });
});
