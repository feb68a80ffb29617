import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserDetails } from "../../../shared/api/endpoints/account-schemas";
import type { ActiveSession } from "../../../shared/api/endpoints/users";
import { TestAccountClient } from "../../test-support/account-client";
import {
  startTestAccountsServer,
  testAccountsURL,
  type TestAccountsServer,
} from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import { verifyScopedJWT } from "./jwt";
import { tokenHashOf } from "./tokens";
import { firstAccountID } from "./users";

describe.each(testDatabaseBackends())("account settings on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = new TestAccountClient(server, "alice@example.org");
    await alice.signUp();
  });
  afterEach(async () => {
    await server.close();
  });

  it("answers details, the free subscription and the plans", async () => {
    const details = await alice.ok<UserDetails>("GET", "/users/details/v2");
    expect(details).toMatchObject({
      email: "alice@example.org",
      usage: 0,
      fileCount: 0,
      storageBonus: 0,
      profileData: {
        canDisableEmailMFA: true,
        isEmailMFAEnabled: false,
        isTwoFactorEnabled: false,
        passkeyCount: 0,
      },
      bonusData: { storageBonuses: [] },
    });
    expect(details.familyData).toBeUndefined();
    expect(details.subscription).toMatchObject({
      userID: firstAccountID,
      productID: "free",
      storage: 10 * 1024 ** 3,
      price: "",
      period: "year",
    });
    const yearsLeft = (details.subscription.expiryTime / 1000 - server.clock.nowMs) / 3.15576e10;
    expect(Math.round(yearsLeft)).toBe(100);
    const withoutCounts = await alice.ok<UserDetails>("GET", "/users/details/v2?memoryCount=false");
    expect(withoutCounts.fileCount).toBeUndefined();

    expect(await alice.ok("GET", "/billing/subscription")).toEqual({
      subscription: details.subscription,
    });
    // An empty list, not Ente's server's null, which the Ente apps cannot read.
    expect(await alice.ok("GET", "/billing/user-plans")).toEqual({
      plans: [],
      freePlan: { storage: 10 * 1024 ** 3, duration: 100, period: "year" },
    });
  });

  it("stores remote values with key and value validation, and reports the feature flags", async () => {
    const get = (query: string) => alice.call("GET", `/remote-store?${query}`);
    expect((await get("key=mapEnabled")).statusCode).toBe(404);
    expect((await get("key=mapEnabled&defaultValue=false")).json()).toEqual({ value: "false" });
    await alice.ok("POST", "/remote-store/update", { key: "mapEnabled", value: "true" });
    expect((await get("key=mapEnabled&defaultValue=false")).json()).toEqual({ value: "true" });

    const refused = [
      { key: "mapEnabled", value: "yes" },
      { key: "internalUser", value: "true" },
      { key: "nonsense", value: "true" },
    ];
    for (const body of refused) {
      const answer = await alice.call("POST", "/remote-store/update", body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json()).toMatchObject({ code: "BAD_REQUEST" });
    }
    await alice.ok("POST", "/remote-store/update", { key: "faceSearchEnabled", value: "false" });
    expect(await alice.ok("GET", "/remote-store/feature-flags")).toMatchObject({
      mapEnabled: true,
      faceSearchEnabled: false,
      internalUser: false,
      betaUser: false,
      // The v2 upload URLs (1) and video streaming (8).
      serverApiFlag: 9,
    });
  });

  it("lists sessions by their hash, ends one, and logs out", async () => {
    const other = await alice.openToken(
      (await alice.srpLogin()).json<{ encryptedToken: string }>().encryptedToken,
    );
    const { sessions } = await alice.ok<{ sessions: ActiveSession[] }>("GET", "/users/sessions");
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect([alice.token, other]).not.toContain(session.token);
      expect(session.creationTime).toBeGreaterThan(0);
    }
    expect(sessions.map((session) => session.token).sort()).toEqual(
      [tokenHashOf(alice.token), tokenHashOf(other)].sort(),
    );
    await alice.ok(
      "DELETE",
      `/users/session?token=${encodeURIComponent(tokenHashOf(other) ?? "")}`,
    );
    expect((await alice.call("GET", "/users/details/v2", undefined, other)).statusCode).toBe(401);
    expect((await alice.call("GET", "/users/details/v2")).statusCode).toBe(200);

    expect((await alice.call("POST", "/users/logout")).json()).toEqual({});
    expect((await alice.call("GET", "/users/details/v2")).statusCode).toBe(401);
  });

  it("turns email MFA on (blocking SRP sessions) and off", async () => {
    await alice.ok("PUT", "/users/email-mfa", { isEnabled: true });
    const { attributes } = await alice.ok<{
      attributes: { srpUserID: string; isEmailMFAEnabled: boolean };
    }>("GET", "/users/srp/attributes?email=alice@example.org");
    expect(attributes.isEmailMFAEnabled).toBe(true);
    const blocked = await alice.call(
      "POST",
      "/users/srp/create-session",
      { srpUserID: attributes.srpUserID, srpA: Buffer.alloc(512, 1).toString("base64") },
      "",
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: "EMAIL_MFA_ENABLED" });
    await alice.ok("PUT", "/users/email-mfa", { isEnabled: false });
    expect((await alice.srpLogin()).statusCode).toBe(200);
  });

  it("answers the public key of another user, and 404 for unknown emails", async () => {
    const bob = new TestAccountClient(server, "bob@example.org");
    await bob.signUp();
    expect(await alice.ok("GET", "/users/public-key?email=Bob@Example.org")).toEqual({
      publicKey: Buffer.from(bob.keys.keyPair.publicKey).toString("base64"),
    });
    expect((await alice.call("GET", "/users/public-key?email=nobody@example.org")).statusCode).toBe(
      404,
    );
  });

  it("mints scoped tokens and answers the configured URLs", async () => {
    const { paymentToken } = await alice.ok<{ paymentToken: string }>(
      "GET",
      "/users/payment-token",
    );
    expect(
      await verifyScopedJWT(
        server.context.secrets,
        paymentToken,
        "PAYMENT",
        server.context.nowUs(),
      ),
    ).toBe(alice.userID);
    expect(
      await verifyScopedJWT(
        server.context.secrets,
        paymentToken,
        "ACCOUNTS",
        server.context.nowUs(),
      ),
    ).toBeUndefined();
    expect(await alice.ok("GET", "/users/families-token")).toMatchObject({
      familyUrl: "https://families.example",
    });
    const accounts = await alice.ok<{ accountsToken: string; accountsUrl: string }>(
      "GET",
      "/users/accounts-token",
    );
    expect(accounts.accountsUrl).toBe(testAccountsURL);
    expect(await alice.ok("GET", "/users/roadmap/v2")).toEqual({ url: "https://roadmap.example" });

    // The ACCOUNTS token opens the passkey endpoints; a session token does not, and it expires.
    const passkeys = await alice.call("GET", "/passkeys", undefined, accounts.accountsToken);
    expect(passkeys.json()).toEqual({ accountsUrl: testAccountsURL, passkeys: [] });
    expect((await alice.call("GET", "/passkeys")).statusCode).toBe(401);
    server.clock.advanceMs(31 * 60_000);
    expect(
      (await alice.call("GET", "/passkeys", undefined, accounts.accountsToken)).statusCode,
    ).toBe(401);
  });

  it("sets the recovery key only once", async () => {
    const body = {
      masterKeyEncryptedWithRecoveryKey: Buffer.alloc(48).toString("base64"),
      masterKeyDecryptionNonce: Buffer.alloc(24).toString("base64"),
      recoveryKeyEncryptedWithMasterKey: Buffer.alloc(48).toString("base64"),
      recoveryKeyDecryptionNonce: Buffer.alloc(24).toString("base64"),
    };
    expect((await alice.call("PUT", "/users/recovery-key", body)).statusCode).toBe(409);
  });
});
