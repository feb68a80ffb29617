import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../../shared/api/endpoints/library-schemas";
import { toB64 } from "../../../shared/crypto/base64";
import {
  keyAttributesFor,
  newAccountKeys,
  TestAccountClient,
} from "../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../test-support/accounts";
import { testDatabaseBackends } from "../../test-support/databases";
import {
  collectionKeyOf,
  fileKeyOf,
  newCollectionBody,
  testMagicMetadata,
  uploadTestObjects,
} from "../../test-support/library-client";
import { generateKey } from "../../../shared/crypto/keys";
import { boxSeal } from "../../../shared/crypto/sealed-box";

// The requests of the reference clients, replayed against a real server on
// every database: the Ente web app (its May 2024 build, which our spec
// follows) and the Ente mobile app, each through sign-up, sync, upload,
// browse, share and logout, with the shapes their public source sends
// (nulls, omitted optionals, zeros, extra keys and query values Cairn does
// not use). The shapes are facts read from that source and listed in
// docs/ente-compatibility/request-nullability.md §10 and client-calls.md;
// every step must succeed as it does on Ente's own server.

const webPackage = "io.ente.photos.web";
const mobilePackage = "io.ente.photos";

const b64 = (bytes: number, fill: number) => toB64(new Uint8Array(bytes).fill(fill));

/** Signs up as the client does: OTT, email verification, then the key attributes. */
const signUpAs = async (
  server: TestAccountsServer,
  email: string,
  clientPackage: string,
  shapes: { ott: Record<string, unknown>; verify: Record<string, unknown> },
): Promise<TestAccountClient> => {
  const user = new TestAccountClient(server, email);
  user.clientPackage = clientPackage;
  const sent = await user.call("POST", "/users/ott", { email, ...shapes.ott }, "");
  expect(sent.statusCode, sent.body).toBe(200);
  const verified = await user.call(
    "POST",
    "/users/verify-email",
    { email, ott: server.lastCode(email), ...shapes.verify },
    "",
  );
  expect(verified.statusCode, verified.body).toBe(200);
  const { id, token } = verified.json<{ id: number; token?: string }>();
  user.token = token ?? "";
  user.userID = id;
  user.keys = await newAccountKeys();
  user.kek = await generateKey();
  await user.ok("PUT", "/users/attributes", {
    keyAttributes: await keyAttributesFor(user.keys, user.kek),
  });
  return user;
};

describe.each(testDatabaseBackends())("reference clients' requests on $name", (backend) => {
  let server: TestAccountsServer;

  beforeAll(async () => {
    server = await startTestAccountsServer(backend);
  });
  afterAll(async () => {
    await server.close();
  });

  describe("the Ente web app", () => {
    let web: TestAccountClient;
    let album: RemoteCollectionJSON;
    let file: RemoteFileJSON;

    it("signs up with its OTT and verify-email shapes", async () => {
      web = await signUpAs(server, "web@example.org", webPackage, {
        ott: { client: "web", purpose: "signup" },
        verify: { source: "web:" },
      });
      expect(web.userID).toBeGreaterThan(0);
    });

    it("reads what it reads at start", async () => {
      for (const url of [
        "/users/details/v2?memoryCount=false",
        "/remote-store/feature-flags",
        "/billing/subscription",
        "/collections/v2?sinceTime=0",
        "/trash/v2/diff?sinceTime=0",
        "/user-entity/entity/diff?type=location&sinceTime=0&limit=500",
        "/user-entity/entity/diff?type=cgroup&sinceTime=0&limit=500",
      ]) {
        const answer = await web.call("GET", url);
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      }
      // No key yet: the client creates one on its first write.
      expect((await web.call("GET", "/user-entity/key?type=location")).statusCode).toBe(404);
    });

    it("creates an album with null ids, owner, sharees and magic metadata", async () => {
      const { body } = await newCollectionBody(web, { name: "Trip" });
      const answer = await web.ok<{ collection: RemoteCollectionJSON }>("POST", "/collections", {
        id: null,
        owner: null,
        ...body,
        attributes: {},
        sharees: null,
        updationTime: null,
        isDeleted: false,
        pubMagicMetadata: null,
        sharedMagicMetadata: null,
      });
      album = answer.collection;
      expect(album).toMatchObject({ type: "album", owner: { id: web.userID } });
    });

    it("uploads with its batch of upload URLs and no object sizes", async () => {
      const { urls } = await web.ok<{ urls: unknown[] }>("GET", "/files/upload-urls?count=50");
      expect(urls).toHaveLength(50);
      const { body } = await uploadTestObjects(server, web, album.id);
      const { size: _fileSize, ...fileObject } = body.file;
      const { size: _thumbnailSize, ...thumbnailObject } = body.thumbnail;
      file = await web.ok<RemoteFileJSON>("POST", "/files", {
        ...body,
        file: fileObject,
        thumbnail: thumbnailObject,
      });
      expect(file.collectionID).toBe(album.id);
      const diff = await web.ok<{ diff: RemoteFileJSON[] }>(
        "GET",
        `/collections/v2/diff?collectionID=${String(album.id)}&sinceTime=0`,
      );
      expect(diff.diff.map(({ id }) => id)).toEqual([file.id]);
    });

    it("edits a file's magic metadata at version 1", async () => {
      const fileKey = await fileKeyOf(server, web, file);
      await web.ok("PUT", "/files/public-magic-metadata", {
        metadataList: [
          { id: file.id, magicMetadata: await testMagicMetadata({ caption: "Hi" }, fileKey, 1) },
        ],
      });
    });

    it("stores its ML data without a version", async () => {
      await web.ok("PUT", "/files/data", {
        fileID: file.id,
        type: "mldata",
        encryptedData: b64(300, 1),
        decryptionHeader: b64(24, 1),
      });
      const fetched = await web.ok<{ data: unknown[] }>("POST", "/files/data/fetch", {
        type: "mldata",
        fileIDs: [file.id],
      });
      expect(fetched.data).toHaveLength(1);
    });

    it("creates a public link with only the album, then changes one setting a call", async () => {
      await web.ok("POST", "/collections/share-url", { collectionID: album.id });
      for (const change of [
        { validTill: 0 },
        { enableDownload: false },
        { disablePassword: true },
        { enableCollect: true },
      ]) {
        await web.ok("PUT", "/collections/share-url", { collectionID: album.id, ...change });
      }
      // On the free plan a link's device limit stays 5, and the app shows
      // Ente's server's refusal as it gets it.
      const unlimited = await web.call("PUT", "/collections/share-url", {
        collectionID: album.id,
        deviceLimit: 0,
      });
      expect(unlimited.statusCode).toBe(403);
      expect(unlimited.json()).toMatchObject({ code: "LINK_EDIT_NOT_ALLOWED" });
    });

    it("trashes, deletes for good and empties the trash, before its first trash sync", async () => {
      await web.ok("POST", "/files/trash", {
        items: [{ fileID: file.id, collectionID: album.id }],
      });
      await web.ok("POST", "/trash/delete", { fileIDs: [file.id] });
      await web.ok("POST", "/trash/empty", { lastUpdatedAt: 0 });
    });

    it("revokes its cast sessions and logs out", async () => {
      expect((await web.call("DELETE", "/cast/revoke-all-tokens/")).statusCode).toBe(200);
      await web.ok("POST", "/users/logout");
      expect((await web.call("GET", "/users/details/v2")).statusCode).toBe(401);
    });
  });

  describe("the Ente mobile app", () => {
    let mobile: TestAccountClient;
    let friend: TestAccountClient;
    let album: RemoteCollectionJSON;
    let file: RemoteFileJSON;

    it("signs up with its OTT shape", async () => {
      mobile = await signUpAs(server, "mobile@example.org", mobilePackage, {
        ott: { purpose: "signup", mobile: true },
        verify: {},
      });
      friend = await signUpAs(server, "friend@example.org", mobilePackage, {
        ott: { purpose: "signup", mobile: true },
        verify: {},
      });
    });

    it("syncs with its `source` query value and polls its collection actions", async () => {
      for (const url of [
        "/collections/v2?sinceTime=0&source=fg",
        "/trash/v2/diff?sinceTime=0",
        "/collection-actions/pending-remove/",
        "/collection-actions/delete-suggestions/",
      ]) {
        const answer = await mobile.call("GET", url);
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      }
    });

    it("creates an album with attributes at version 0", async () => {
      const { body } = await newCollectionBody(mobile, { name: "Camera" });
      album = (
        await mobile.ok<{ collection: RemoteCollectionJSON }>("POST", "/collections", {
          ...body,
          attributes: { version: 0 },
        })
      ).collection;
    });

    it("uploads with object sizes, then sets magic metadata at version 0", async () => {
      const { urls } = await mobile.ok<{ urls: unknown[] }>("GET", "/files/upload-urls?count=42");
      expect(urls).toHaveLength(42);
      const { body, fileKey } = await uploadTestObjects(server, mobile, album.id);
      file = await mobile.ok<RemoteFileJSON>("POST", "/files", body);
      await mobile.ok("PUT", "/files/magic-metadata", {
        metadataList: [
          { id: file.id, magicMetadata: await testMagicMetadata({ visibility: 0 }, fileKey, 0) },
        ],
      });
    });

    it("shares without a role, and creates a link with its collect, join and comment settings", async () => {
      const albumKey = await collectionKeyOf(server, mobile, album.id);
      await mobile.ok("POST", "/collections/share", {
        collectionID: album.id,
        email: friend.email,
        encryptedKey: toB64(await boxSeal(albumKey, friend.keys.keyPair.publicKey)),
      });
      const shared = await friend.ok<{ collections: RemoteCollectionJSON[] }>(
        "GET",
        "/collections/v2?sinceTime=0",
      );
      // Without a role, the friend is a viewer, as on Ente's server.
      const owned = await mobile.ok<{ collections: RemoteCollectionJSON[] }>(
        "GET",
        "/collections/v2?sinceTime=0",
      );
      const sharees = owned.collections.find(({ id }) => id === album.id)?.sharees ?? [];
      expect(sharees.map(({ email, role }) => ({ email, role }))).toEqual([
        { email: friend.email, role: "VIEWER" },
      ]);
      expect(shared.collections.map(({ id }) => id)).toContain(album.id);
      const { result: link } = await mobile.ok<{ result: { enableComment: boolean } }>(
        "POST",
        "/collections/share-url",
        { collectionID: album.id, enableCollect: false, enableJoin: true, enableComment: true },
      );
      // Comments are not served, so the link does not offer them.
      // See: [Note: A link never offers comments]
      expect(link.enableComment).toBe(false);
    });

    it("reads the location tags and people it keeps as user entities", async () => {
      await mobile.ok("POST", "/user-entity/key", {
        type: "location",
        encryptedKey: b64(48, 3),
        header: b64(24, 3),
      });
      const tag = await mobile.ok<{ id: string }>("POST", "/user-entity/entity", {
        type: "location",
        encryptedData: b64(120, 4),
        header: b64(24, 4),
      });
      const { diff } = await mobile.ok<{ diff: { id: string }[] }>(
        "GET",
        "/user-entity/entity/diff?type=location&sinceTime=0&limit=500",
      );
      expect(diff.map(({ id }) => id)).toEqual([tag.id]);
    });

    it("reads its settings screens: plans, storage bonus, duplicates, ML status", async () => {
      for (const url of [
        "/billing/user-plans/",
        "/storage-bonus/details",
        "/storage-bonus/referral-view",
        "/files/duplicates",
        "/user-entity/entity/diff?type=pet&sinceTime=0&limit=500",
      ]) {
        const answer = await mobile.call("GET", url);
        expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
      }
      const { plans } = await mobile.ok<{ plans: unknown }>("GET", "/billing/user-plans/");
      expect(plans).toEqual([]);
      const status = await mobile.ok<{ diff: unknown[] | null }>(
        "POST",
        "/files/data/status-diff",
        { lastUpdatedAt: 0 },
      );
      expect(status.diff ?? []).toEqual([]);
    });

    it("revokes its cast sessions and logs out", async () => {
      expect((await mobile.call("DELETE", "/cast/revoke-all-tokens/")).statusCode).toBe(200);
      await mobile.ok("POST", "/users/logout");
    });
  });
});
