import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  PublicURLJSON,
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import { toB64 } from "../../../../shared/crypto/base64";
import { boxSeal } from "../../../../shared/crypto/sealed-box";
import { headerNames } from "../../../../shared/api/headers";
import type { TestAccountClient } from "../../../test-support/account-client";
import {
  startTestAccountsServer,
  testPhotosURL,
  type TestAccountsServer,
} from "../../../test-support/accounts";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionKeyOf,
  createTestCollection,
  shareTestCollection,
  signUpTestUser,
  pullTestCollectionDiff,
  testMagicMetadata,
  uploadTestFile,
  uploadTestObjects,
} from "../../../test-support/library-client";

// A public link's visitor: info, password, diff, downloads (wire-contract §9).

type Result = { result: PublicURLJSON };

const passHash = toB64(new Uint8Array(32).fill(9));
const passwordBody = {
  passHash,
  nonce: toB64(new Uint8Array(16).fill(4)),
  memLimit: 67_108_864,
  opsLimit: 2,
};

describe.each(testDatabaseBackends())("a public link's visitor on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let album: RemoteCollectionJSON;
  let photo: RemoteFileJSON;
  let accessToken: string;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    album = await createTestCollection(server, alice, { name: "Garden" });
    photo = await uploadTestFile(server, alice, album.id, {
      magicMetadata: { visibility: 1 },
    });
    const { result } = await alice.ok<Result>("POST", "/collections/share-url", {
      collectionID: album.id,
    });
    accessToken = new URL(result.url).searchParams.get("t") ?? "";
  });
  afterEach(async () => {
    await server.close();
  });

  /** A call with the link's token (and a password JWT when given), without any session. */
  const visit = (
    method: "GET" | "POST",
    url: string,
    {
      token = accessToken,
      jwt,
      body,
      userAgent = "test browser",
      deviceToken,
    }: {
      token?: string;
      jwt?: string;
      body?: unknown;
      userAgent?: string;
      deviceToken?: string;
    } = {},
  ) =>
    server.request({
      method,
      url,
      headers: {
        [headerNames.clientPackage]: "io.ente.albums.web",
        ...(token === "" ? {} : { [headerNames.accessToken]: token }),
        ...(jwt === undefined ? {} : { [headerNames.accessTokenJWT]: jwt }),
        ...(deviceToken === undefined ? {} : { [headerNames.linkDeviceToken]: deviceToken }),
        "user-agent": userAgent,
      },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
  const updateLink = (body: Record<string, unknown>) =>
    alice.ok("PUT", "/collections/share-url", { collectionID: album.id, ...body });

  describe("info", () => {
    it("shows the album's encrypted name and the link's settings, and nobody's email", async () => {
      await shareTestCollection(
        server,
        alice,
        await signUpTestUser(server, "bob@example.org"),
        album.id,
      );
      const answer = await visit("GET", "/public-collection/info");
      expect(answer.statusCode).toBe(200);
      const { collection } = answer.json<{ collection: RemoteCollectionJSON }>();
      expect(collection).toMatchObject({
        id: album.id,
        owner: { id: alice.userID, email: "" },
        encryptedName: album.encryptedName,
        nameDecryptionNonce: album.nameDecryptionNonce,
        sharees: [],
        publicURLs: [{ url: "", enableDownload: true, passwordEnabled: false, enableJoin: true }],
      });
      expect(collection.magicMetadata).toBeUndefined();
      expect(answer.body).not.toContain("bob@example.org");
      expect(answer.body).not.toContain("alice@example.org");
    });

    it("carries the album's public metadata (cover, order)", async () => {
      await alice.ok("PUT", "/collections/public-magic-metadata", {
        id: album.id,
        magicMetadata: await testMagicMetadata({ asc: true }, new Uint8Array(32)),
      });
      const { collection } = (await visit("GET", "/public-collection/info")).json<{
        collection: RemoteCollectionJSON;
      }>();
      expect(collection.pubMagicMetadata?.count).toBe(1);
    });
  });

  describe("refusals", () => {
    it("401 without a token or with an unknown one", async () => {
      expect((await visit("GET", "/public-collection/info", { token: "" })).statusCode).toBe(401);
      const unknown = await visit("GET", "/public-collection/info", { token: "ABCDEFGHJK" });
      expect(unknown.statusCode).toBe(401);
    });

    it("410 once the link is disabled, has expired, or its owner's plan has", async () => {
      const nowUs = server.libraryContext.nowUs();
      await updateLink({ validTill: nowUs + 60_000_000 });
      expect((await visit("GET", "/public-collection/info")).statusCode).toBe(200);
      server.clock.nowMs += 120_000;
      expect((await visit("GET", "/public-collection/info")).statusCode).toBe(410);
      await updateLink({ validTill: 0 });
      expect((await visit("GET", "/public-collection/info")).statusCode).toBe(200);
      await server.libraryContext.db
        .updateTable("subscriptions")
        .set({ expiry_time_us: 1 })
        .where("user_id", "=", alice.userID)
        .execute();
      const expiredPlan = await visit("GET", "/public-collection/info");
      expect([expiredPlan.statusCode, expiredPlan.json()]).toEqual([
        410,
        { error: "no active subscription" },
      ]);
      await server.libraryContext.db
        .updateTable("subscriptions")
        .set({ expiry_time_us: Number.MAX_SAFE_INTEGER })
        .where("user_id", "=", alice.userID)
        .execute();
      await alice.ok("DELETE", `/collections/share-url/${String(album.id)}`);
      expect((await visit("GET", "/public-collection/diff?sinceTime=0")).statusCode).toBe(410);
    });
  });

  describe("a password", () => {
    beforeEach(async () => {
      await updateLink(passwordBody);
    });

    const verify = (hash: string) =>
      visit("POST", "/public-collection/verify-password", { body: { passHash: hash } });

    it("is asked for everything but info; its JWT opens the album", async () => {
      const info = (await visit("GET", "/public-collection/info")).json<{
        collection: RemoteCollectionJSON;
      }>();
      expect(info.collection.publicURLs?.[0]).toMatchObject({
        passwordEnabled: true,
        nonce: passwordBody.nonce,
        memLimit: passwordBody.memLimit,
        opsLimit: passwordBody.opsLimit,
      });
      expect((await visit("GET", "/public-collection/diff?sinceTime=0")).statusCode).toBe(401);
      const wrong = await verify(toB64(new Uint8Array(32).fill(1)));
      expect(wrong.statusCode).toBe(401);
      const right = await verify(passHash);
      expect(right.statusCode).toBe(200);
      const { jwtToken } = right.json<{ jwtToken: string }>();
      const diff = await visit("GET", "/public-collection/diff?sinceTime=0", { jwt: jwtToken });
      expect(diff.statusCode).toBe(200);
    });

    it("changed by the owner ends the JWTs given for the old one", async () => {
      const { jwtToken } = (await verify(passHash)).json<{ jwtToken: string }>();
      await updateLink({ ...passwordBody, passHash: toB64(new Uint8Array(32).fill(2)) });
      const refused = await visit("GET", "/public-collection/diff?sinceTime=0", { jwt: jwtToken });
      expect(refused.statusCode).toBe(401);
    });

    it("cannot be verified on a link without one (400)", async () => {
      await updateLink({ disablePassword: true });
      expect((await verify(passHash)).statusCode).toBe(400);
    });
  });

  describe("a device limit", () => {
    const onPaidPlan = () =>
      server.libraryContext.db
        .updateTable("subscriptions")
        .set({ product_id: "family-200gb" })
        .where("user_id", "=", alice.userID)
        .execute();
    const infoFrom = (userAgent: string, deviceToken?: string) =>
      visit("GET", "/public-collection/info", {
        userAgent,
        ...(deviceToken === undefined ? {} : { deviceToken }),
      });

    it("admits that many devices; a device seen before comes back", async () => {
      await onPaidPlan();
      await updateLink({ deviceLimit: 2 });
      expect((await infoFrom("phone")).statusCode).toBe(200);
      expect((await infoFrom("laptop")).statusCode).toBe(200);
      const third = await infoFrom("tablet");
      expect(third.statusCode).toBe(403);
      expect(third.json()).toMatchObject({ code: "LINK_DEVICE_LIMIT_EXCEEDED" });
      const diff = await visit("GET", "/public-collection/diff?sinceTime=0", { userAgent: "tv" });
      expect(diff.statusCode).toBe(403);
      expect((await infoFrom("phone")).statusCode).toBe(200);
      // Downloads do not count devices (wire-contract §9).
      const preview = await visit("GET", `/public-collection/files/preview/${String(photo.id)}`, {
        userAgent: "tv",
      });
      expect(preview.statusCode).toBe(307);
    });

    it("knows a device by the token /info gave it, whatever its browser says later", async () => {
      await onPaidPlan();
      await updateLink({ deviceLimit: 2 });
      const first = await infoFrom("phone");
      const deviceToken = first.headers[headerNames.linkDeviceTokenResponse.toLowerCase()];
      expect(typeof deviceToken).toBe("string");
      await infoFrom("laptop");
      expect((await infoFrom("phone, updated", String(deviceToken))).statusCode).toBe(200);
      expect((await infoFrom("phone, updated")).statusCode).toBe(403);
    });

    it("admits only one of many new devices arriving at once for the last place", async () => {
      // See: [Note: A link's new devices are admitted one at a time]
      await onPaidPlan();
      await updateLink({ deviceLimit: 2 });
      expect((await infoFrom("phone")).statusCode).toBe(200);
      const statuses = await Promise.all(
        ["laptop", "tablet", "tv", "watch"].map(
          async (device) => (await infoFrom(device)).statusCode,
        ),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 403)).toHaveLength(3);
    });

    it("is 5 on the free plan, none when a paid plan's link has no limit", async () => {
      for (const device of ["a", "b", "c", "d", "e"]) {
        expect((await infoFrom(device)).statusCode).toBe(200);
      }
      expect((await infoFrom("f")).statusCode).toBe(403);
      await onPaidPlan();
      await updateLink({ deviceLimit: 0 });
      expect((await infoFrom("f")).statusCode).toBe(200);
      expect((await infoFrom("g")).statusCode).toBe(200);
    });
  });

  describe("the page calling", () => {
    it("answers the photos app and local builds, and refuses another site as the reference does (410)", async () => {
      // See: [Note: A link's API answers only its album pages]
      const fromOrigin = (origin: string) =>
        server.request({
          method: "GET",
          url: "/public-collection/info",
          headers: {
            [headerNames.clientPackage]: "io.ente.albums.web",
            [headerNames.accessToken]: accessToken,
            origin,
          },
        });
      expect((await fromOrigin(new URL(testPhotosURL).origin)).statusCode).toBe(200);
      expect((await fromOrigin("http://localhost:5173")).statusCode).toBe(200);
      const elsewhere = await fromOrigin("https://evil.example.com");
      expect(elsewhere.statusCode).toBe(410);
      expect(elsewhere.json()).toEqual({ error: "no active subscription" });
    });
  });

  describe("joining", () => {
    let bob: TestAccountClient;
    beforeEach(async () => {
      bob = await signUpTestUser(server, "bob@example.org");
    });

    /** `POST /collections/join-link` as `user`, with the link's tokens; the key sealed to `user`. */
    const join = async (
      user: TestAccountClient,
      { jwt, collectionID = album.id }: { jwt?: string; collectionID?: number } = {},
    ) =>
      server.request({
        method: "POST",
        url: "/collections/join-link",
        headers: {
          [headerNames.clientPackage]: "io.ente.photos.web",
          "x-auth-token": user.token,
          [headerNames.accessToken]: accessToken,
          ...(jwt === undefined ? {} : { [headerNames.accessTokenJWT]: jwt }),
        },
        payload: {
          collectionID,
          encryptedKey: toB64(
            await boxSeal(
              await collectionKeyOf(server, alice, album.id),
              user.keys.keyPair.publicKey,
            ),
          ),
        },
      });
    /** The user's role among the album's sharees, as its owner sees them. */
    const roleOf = async (user: TestAccountClient) => {
      const { sharees } = await alice.ok<{ sharees: { id: number; role: string }[] }>(
        "GET",
        `/collections/sharees?collectionID=${String(album.id)}`,
      );
      return sharees.find((sharee) => sharee.id === user.userID)?.role;
    };

    it("makes a logged-in visitor a viewer, or a collaborator of a collecting link", async () => {
      expect((await join(bob)).statusCode).toBe(200);
      expect(await roleOf(bob)).toBe("VIEWER");
      await updateLink({ enableCollect: true });
      expect((await join(bob)).statusCode).toBe(200);
      expect(await roleOf(bob)).toBe("COLLABORATOR");
    });

    it("keeps a higher role, refuses the owner (400) and another album's ID (403)", async () => {
      await shareTestCollection(server, alice, bob, album.id, "ADMIN");
      expect((await join(bob)).statusCode).toBe(200);
      expect(await roleOf(bob)).toBe("ADMIN");
      expect((await join(alice)).statusCode).toBe(400);
      const carol = await signUpTestUser(server, "carol@example.org");
      const other = await createTestCollection(server, alice, { name: "Other" });
      expect((await join(carol, { collectionID: other.id })).statusCode).toBe(403);
      expect(await roleOf(carol)).toBeUndefined();
    });

    it("needs a link that allows joining and downloads (400), and its password", async () => {
      await updateLink({ enableJoin: false });
      expect((await join(bob)).statusCode).toBe(400);
      await updateLink({ enableJoin: true, enableDownload: false });
      expect((await join(bob)).statusCode).toBe(400);
      await updateLink({ enableDownload: true, ...passwordBody });
      expect((await join(bob)).statusCode).toBe(401);
      const verified = await visit("POST", "/public-collection/verify-password", {
        body: { passHash },
      });
      const { jwtToken } = verified.json<{ jwtToken: string }>();
      expect((await join(bob, { jwt: jwtToken })).statusCode).toBe(200);
      expect(await roleOf(bob)).toBe("VIEWER");
    });
  });

  describe("collecting uploads", () => {
    const usageOf = async (userID: number) =>
      (
        await server.libraryContext.db
          .selectFrom("usage")
          .select("storage_consumed")
          .where("user_id", "=", userID)
          .executeTakeFirstOrThrow()
      ).storage_consumed;

    it("are refused by a link that does not collect (405)", async () => {
      for (const url of [
        "/public-collection/upload-urls?count=2",
        "/public-collection/multipart-upload-urls?count=2",
      ]) {
        const refused = await visit("GET", url);
        expect(refused.statusCode).toBe(405);
        expect(refused.json()).toMatchObject({ code: "PUBLIC_COLLECT_DISABLED" });
      }
    });

    it("mint URLs in the owner's folder and register the file as the owner's", async () => {
      await updateLink({ enableCollect: true });
      const minted = await visit("GET", "/public-collection/upload-urls?count=2");
      expect(minted.statusCode).toBe(200);
      const { urls } = minted.json<{ urls: { objectKey: string; url: string }[] }>();
      expect(urls.map((u) => u.objectKey.startsWith(`${String(alice.userID)}/`))).toEqual([
        true,
        true,
      ]);
      const put = await fetch(urls[0]?.url ?? "", { method: "PUT", body: new Uint8Array(10) });
      expect(put.status).toBe(200);

      const usageBefore = await usageOf(alice.userID);
      const { body } = await uploadTestObjects(server, alice, album.id);
      const created = await visit("POST", "/public-collection/file", { body });
      expect(created.statusCode).toBe(200);
      const file = created.json<RemoteFileJSON>();
      expect(file.ownerID).toBe(alice.userID);
      expect(await usageOf(alice.userID)).toBeGreaterThan(usageBefore);
      const { entries } = await pullTestCollectionDiff(alice, album.id);
      expect(entries.map((e) => e.id)).toContain(file.id);
    });

    it("register only into the link's album (403)", async () => {
      await updateLink({ enableCollect: true });
      const other = await createTestCollection(server, alice, { name: "Other" });
      const { body } = await uploadTestObjects(server, alice, other.id);
      expect((await visit("POST", "/public-collection/file", { body })).statusCode).toBe(403);
    });
  });

  describe("diff and downloads", () => {
    it("lists the album's files without the owner's private metadata", async () => {
      const answer = await visit("GET", "/public-collection/diff?sinceTime=0");
      const { diff } = answer.json<{ diff: RemoteFileJSON[] }>();
      expect(diff.map((file) => file.id)).toEqual([photo.id]);
      expect(diff[0]?.magicMetadata).toBeUndefined();
      expect(diff[0]?.pubMagicMetadata).toEqual(photo.pubMagicMetadata);
    });

    it("redirects a file of the album to its ciphertext, and refuses any other file (403)", async () => {
      for (const kind of ["download", "preview"]) {
        const answer = await visit("GET", `/public-collection/files/${kind}/${String(photo.id)}`);
        expect(answer.statusCode).toBe(307);
        const object = await fetch(answer.headers.location as string);
        expect(object.status).toBe(200);
      }
      const other = await createTestCollection(server, alice, { name: "Private" });
      const secret = await uploadTestFile(server, alice, other.id);
      for (const kind of ["download", "preview"]) {
        const answer = await visit("GET", `/public-collection/files/${kind}/${String(secret.id)}`);
        expect(answer.statusCode).toBe(403);
      }
    });
  });
});
