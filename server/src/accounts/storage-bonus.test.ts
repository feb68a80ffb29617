import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestAccountClient } from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { joinFamily } from "../../test-support/family-client";
import { signUpTestUser } from "../../test-support/library-client";

// `/storage-bonus/*` on every database: the truth of a server without a
// referral program. See: [Note: A Cairn server runs no referral program]

describe.each(testDatabaseBackends())("storage bonuses on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;

  beforeAll(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    await server.database.db
      .updateTable("subscriptions")
      .set({ storage: 100 * 1024 ** 3 })
      .where("user_id", "=", alice.userID)
      .execute();
    await joinFamily(server, alice, bob);
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers no bonus and no referral", async () => {
    expect(await alice.ok("GET", "/storage-bonus/details")).toEqual({
      referralStats: [],
      bonuses: [],
      refCount: 0,
      refUpgradeCount: 0,
      hasAppliedCode: false,
    });
  });

  it("shows the referral program as disabled, with no code to share or apply", async () => {
    const view = { code: null, enableApplyCode: false, hasAppliedCode: false, claimedStorage: 0 };
    expect(await alice.ok("GET", "/storage-bonus/referral-view")).toEqual({
      planInfo: { isEnabled: false, planType: "", storageInGB: 0, maxClaimableStorageInGB: 0 },
      ...view,
      isFamilyMember: false,
    });
    // A member of someone else's family is told so; the family's admin is not.
    expect(await bob.ok("GET", "/storage-bonus/referral-view")).toMatchObject({
      ...view,
      isFamilyMember: true,
    });
  });

  it.each(["referral-claim", "change-code"])(
    "refuses %s as the reference refuses an ineligible account",
    async (call) => {
      const answer = await alice.call("POST", `/storage-bonus/${call}?code=FRIEND10`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ code: "ACCOUNT_NOT_ELIGIBLE" });
      const withoutCode = await alice.call("POST", `/storage-bonus/${call}`);
      expect(withoutCode.statusCode).toBe(400);
    },
  );

  it("refuses callers without a session", async () => {
    const answer = await server.request({ method: "GET", url: "/storage-bonus/details" });
    expect(answer.statusCode).toBe(401);
  });
});
