import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  PublicURLJSON,
  RemoteCollectionJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import { toB64 } from "../../../../shared/crypto/base64";
import type { TestAccountClient } from "../../../test-support/account-client";
import {
  startTestAccountsServer,
  testPhotosURL,
  type TestAccountsServer,
} from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  createTestCollection,
  shareTestCollection,
  signUpTestUser,
} from "../../../test-support/library-client";

// Public links of a collection: create, update, disable (wire-contract §3.3).

type Result = { result: PublicURLJSON };
type Collections = { collections: RemoteCollectionJSON[] };

const passwordBody = {
  passHash: toB64(new Uint8Array(32).fill(7)),
  nonce: toB64(new Uint8Array(16).fill(3)),
  memLimit: 67_108_864,
  opsLimit: 2,
};

describe.each(testDatabaseBackends())("public links of collections on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let bob: TestAccountClient;
  let album: RemoteCollectionJSON;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    bob = await signUpTestUser(server, "bob@example.org");
    album = await createTestCollection(server, alice, { name: "Wedding" });
  });
  afterEach(async () => {
    await server.close();
  });

  const create = (user: TestAccountClient, body: Record<string, unknown> = {}) =>
    user.call("POST", "/collections/share-url", { collectionID: album.id, ...body });
  const created = async (body: Record<string, unknown> = {}) =>
    (await alice.ok<Result>("POST", "/collections/share-url", { collectionID: album.id, ...body }))
      .result;
  const update = (user: TestAccountClient, body: Record<string, unknown>) =>
    user.call("PUT", "/collections/share-url", { collectionID: album.id, ...body });
  const updated = async (body: Record<string, unknown>) =>
    (await alice.ok<Result>("PUT", "/collections/share-url", { collectionID: album.id, ...body }))
      .result;
  const listed = async (user: TestAccountClient) =>
    (await user.ok<Collections>("GET", "/collections/v2?sinceTime=0")).collections.find(
      (c) => c.id === album.id,
    );
  const onPaidPlan = (user: TestAccountClient) =>
    server.libraryContext.db
      .updateTable("subscriptions")
      .set({ product_id: "family-200gb" })
      .where("user_id", "=", user.userID)
      .execute();

  describe("create", () => {
    it("makes a link to the public albums page, shown in the owner's collection", async () => {
      const before = await listed(alice);
      const link = await created();
      expect(link.url).toMatch(
        new RegExp(`^${testPhotosURL}/shared-albums\\?t=[2-9A-HJ-NP-Z]{10}$`),
      );
      expect(link).toMatchObject({
        validTill: 0,
        enableDownload: true,
        enableCollect: false,
        enableJoin: true,
        passwordEnabled: false,
      });
      const after = await listed(alice);
      expect(after?.publicURLs).toEqual([link]);
      expect(after?.updationTime).toBeGreaterThan(before?.updationTime ?? Infinity);
    });

    it("answers the enabled link again instead of making a second", async () => {
      const first = await created({ enableCollect: true });
      expect(await created({ enableCollect: false })).toEqual(first);
      expect((await listed(alice))?.publicURLs).toHaveLength(1);
    });

    it("gives a free plan's link 5 devices, a paid plan's what was asked", async () => {
      expect((await created({ deviceLimit: 25 })).deviceLimit).toBe(5);
      await alice.ok("DELETE", `/collections/share-url/${String(album.id)}`);
      await onPaidPlan(alice);
      expect((await created({ deviceLimit: 25 })).deviceLimit).toBe(25);
    });

    it("refuses an expiry in the past, a sharee (403), a stranger (404) and uncategorized (400)", async () => {
      const nowUs = server.libraryContext.nowUs();
      expect((await create(alice, { validTill: nowUs - 1_000_000 })).statusCode).toBe(400);
      expect((await created({ validTill: nowUs + 3_600_000_000 })).validTill).toBe(
        nowUs + 3_600_000_000,
      );
      await alice.ok("DELETE", `/collections/share-url/${String(album.id)}`);
      const carol = await signUpTestUser(server, "carol@example.org");
      await shareTestCollection(server, alice, bob, album.id, "ADMIN");
      expect((await create(bob)).statusCode).toBe(403);
      expect((await create(carol)).statusCode).toBe(404);
      const uncategorized = await createTestCollection(server, alice, { type: "uncategorized" });
      const refused = await alice.call("POST", "/collections/share-url", {
        collectionID: uncategorized.id,
      });
      expect(refused.statusCode).toBe(400);
      expect((await listed(alice))?.publicURLs).toEqual([]);
    });
  });

  describe("update", () => {
    it("sets and removes a password; the server keeps only its own hash of the hash", async () => {
      await created();
      const locked = await updated(passwordBody);
      expect(locked).toMatchObject({
        passwordEnabled: true,
        nonce: passwordBody.nonce,
        memLimit: passwordBody.memLimit,
        opsLimit: passwordBody.opsLimit,
      });
      const row = await server.libraryContext.db
        .selectFrom("public_collection_tokens")
        .select("pw_hash")
        .where("collection_id", "=", album.id)
        .executeTakeFirstOrThrow();
      expect(row.pw_hash).not.toBeNull();
      expect(row.pw_hash).not.toBe(passwordBody.passHash);
      const open = await updated({ disablePassword: true });
      expect(open.passwordEnabled).toBe(false);
      expect(open.nonce).toBeUndefined();
    });

    it("changes the settings asked and keeps the others and the URL", async () => {
      const link = await created();
      const validTill = server.libraryContext.nowUs() + 86_400_000_000;
      const changed = await updated({ enableDownload: false, enableCollect: true, validTill });
      expect(changed).toEqual({
        ...link,
        enableDownload: false,
        enableCollect: true,
        validTill,
      });
      expect((await listed(alice))?.publicURLs).toEqual([changed]);
    });

    it.each([
      ["nothing to change", {}],
      ["half a password", { passHash: passwordBody.passHash, nonce: passwordBody.nonce }],
      ["a password set and removed at once", { ...passwordBody, disablePassword: true }],
      ["an expiry in the past", { validTill: 1 }],
      ["a device limit over 50", { deviceLimit: 51 }],
      ["an unknown role", { minRole: "OWNER" }],
    ])("refuses %s (400)", async (_, body) => {
      const link = await created();
      expect((await update(alice, body)).statusCode).toBe(400);
      expect((await listed(alice))?.publicURLs).toEqual([link]);
    });

    it("refuses a free plan's change of devices (403 LINK_EDIT_NOT_ALLOWED), not a paid plan's", async () => {
      await created();
      const refused = await update(alice, { deviceLimit: 10 });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "LINK_EDIT_NOT_ALLOWED" });
      expect((await updated({ deviceLimit: 5, enableJoin: false })).enableJoin).toBe(false);
      await onPaidPlan(alice);
      expect((await updated({ deviceLimit: 0 })).deviceLimit).toBe(0);
    });

    it("needs an enabled link (404) and the owner", async () => {
      expect((await update(alice, { enableDownload: false })).statusCode).toBe(404);
      await created();
      await shareTestCollection(server, alice, bob, album.id, "ADMIN");
      expect((await update(bob, { enableDownload: false })).statusCode).toBe(403);
    });
  });

  describe("who sees a link", () => {
    it("every sharee without a minimum role; only those reaching it with one", async () => {
      const carol = await signUpTestUser(server, "carol@example.org");
      await shareTestCollection(server, alice, bob, album.id, "VIEWER");
      await shareTestCollection(server, alice, carol, album.id, "COLLABORATOR");
      const link = await created();
      expect((await listed(bob))?.publicURLs).toEqual([link]);
      const restricted = await updated({ minRole: "COLLABORATOR" });
      expect((await listed(bob))?.publicURLs).toEqual([]);
      expect((await listed(carol))?.publicURLs).toEqual([restricted]);
      expect((await listed(alice))?.publicURLs).toEqual([restricted]);
    });
  });

  describe("disable", () => {
    it("ends the link; a new one has another token", async () => {
      const link = await created();
      await alice.ok("DELETE", `/collections/share-url/${String(album.id)}`);
      expect((await listed(alice))?.publicURLs).toEqual([]);
      const next = await created();
      expect(next.url).not.toBe(link.url);
      const carol = await signUpTestUser(server, "carol@example.org");
      const stranger = await carol.call("DELETE", `/collections/share-url/${String(album.id)}`);
      expect(stranger.statusCode).toBe(404);
      expect((await listed(alice))?.publicURLs).toEqual([next]);
    });

    it("happens when the collection is deleted", async () => {
      await created();
      await alice.ok(
        "DELETE",
        `/collections/v3/${String(album.id)}?collectionID=${String(album.id)}&keepFiles=true`,
      );
      const rows = await server.libraryContext.db
        .selectFrom("public_collection_tokens")
        .select("is_disabled")
        .where("collection_id", "=", album.id)
        .execute();
      expect(rows).toEqual([{ is_disabled: 1 }]);
    });
  });
});
