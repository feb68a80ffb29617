import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import { fromB64 } from "../../../../shared/crypto/base64";
import { decryptBlob } from "../../../../shared/crypto/blob";
import { decryptBox } from "../../../../shared/crypto/box";
import { deleteTestAccount, type TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import {
  pairTestCastDevice,
  TestCastDevice,
  type CastPayload,
} from "../../../test-support/cast-device";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  createTestCollection,
  shareTestCollection,
  signUpTestUser,
  unshareTestCollection,
  uploadTestFile,
} from "../../../test-support/library-client";

// What a paired TV reads with its cast token (`/cast/info`, `/cast/diff`,
// `/cast/files/*`), and when it stops being able to.
// See: [Note: A cast TV borrows its caster's access]

const dayMs = 24 * 60 * 60_000;

describe.each(testDatabaseBackends())("a paired TV on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let album: RemoteCollectionJSON;
  let photo: RemoteFileJSON;
  const thumbnailBytes = new Uint8Array(randomBytes(80));
  let tv: TestCastDevice;
  let payload: CastPayload;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    album = await createTestCollection(server, alice, { name: "Holidays" });
    photo = await uploadTestFile(server, alice, album.id, {
      thumbnailBytes,
      magicMetadata: { visibility: 1 },
      pubMagicMetadata: { editedName: "beach.jpg" },
    });
    tv = new TestCastDevice(server);
    payload = await pairTestCastDevice(server, alice, tv, album.id);
  });
  afterEach(async () => {
    await server.close();
  });

  const castStatus = async (device: TestCastDevice) => (await device.read("/cast/info")).statusCode;

  it("pages the album's files without the owner's private metadata, each key opening with the collection key", async () => {
    const answer = await tv.read("/cast/diff?sinceTime=0");
    expect(answer.statusCode, answer.body).toBe(200);
    const { diff, hasMore } = answer.json<{ diff: RemoteFileJSON[]; hasMore: boolean }>();
    expect(hasMore).toBe(false);
    expect(diff).toHaveLength(1);
    const [entry] = diff;
    expect(entry).toMatchObject({ id: photo.id, isDeleted: false });
    expect(entry?.magicMetadata).toBeUndefined();
    expect(entry?.pubMagicMetadata).toEqual(photo.pubMagicMetadata);
    const fileKey = await decryptBox(
      {
        encryptedData: fromB64(entry?.encryptedKey ?? ""),
        nonce: fromB64(entry?.keyDecryptionNonce ?? ""),
      },
      fromB64(payload.collectionKey),
    );
    expect(fileKey).toHaveLength(32);

    const since = entry?.updationTime ?? 0;
    const later = await uploadTestFile(server, alice, album.id);
    const next = (await tv.read(`/cast/diff?sinceTime=${String(since)}`)).json<{
      diff: RemoteFileJSON[];
    }>();
    expect(next.diff.map((file) => file.id)).toEqual([later.id]);
  });

  it("shows the album without its people: no emails, no sharees, no key", async () => {
    await shareTestCollection(
      server,
      alice,
      await signUpTestUser(server, "bob@example.org"),
      album.id,
    );
    const answer = await tv.read("/cast/info");
    expect(answer.statusCode, answer.body).toBe(200);
    const { collection } = answer.json<{ collection: RemoteCollectionJSON }>();
    expect(collection).toMatchObject({
      id: album.id,
      owner: { id: alice.userID, email: "" },
      encryptedKey: "",
      encryptedName: album.encryptedName,
      nameDecryptionNonce: album.nameDecryptionNonce,
      sharees: [],
      publicURLs: [],
    });
    expect(answer.body).not.toContain("@example.org");
  });

  it("redirects to the ciphertext of the album's files, which the file key opens", async () => {
    const preview = await tv.read(`/cast/files/preview/${String(photo.id)}`, { inQuery: true });
    expect(preview.statusCode, preview.body).toBe(307);
    const object = await fetch(preview.headers.location as string);
    expect(object.status).toBe(200);
    const entry = (await tv.read("/cast/diff?sinceTime=0")).json<{ diff: RemoteFileJSON[] }>()
      .diff[0];
    const fileKey = await decryptBox(
      {
        encryptedData: fromB64(entry?.encryptedKey ?? ""),
        nonce: fromB64(entry?.keyDecryptionNonce ?? ""),
      },
      fromB64(payload.collectionKey),
    );
    const thumbnail = await decryptBlob(
      {
        encryptedData: new Uint8Array(await object.arrayBuffer()),
        decryptionHeader: fromB64(entry?.thumbnail.decryptionHeader ?? ""),
      },
      fileKey,
    );
    expect(thumbnail).toEqual(thumbnailBytes);
    const download = await tv.read(`/cast/files/download/${String(photo.id)}`);
    expect(download.statusCode).toBe(307);
  });

  it("refuses files outside the album (403), and calls without a valid cast token (401)", async () => {
    const other = await createTestCollection(server, alice, { name: "Private" });
    const secret = await uploadTestFile(server, alice, other.id);
    for (const kind of ["download", "preview"]) {
      expect((await tv.read(`/cast/files/${kind}/${String(secret.id)}`)).statusCode).toBe(403);
    }
    const missing = await server.request({ method: "GET", url: "/cast/diff?sinceTime=0" });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: "cast access token missing" });
    const wrong = await tv.read("/cast/diff?sinceTime=0", { token: `${payload.castToken}x` });
    expect(wrong.statusCode).toBe(401);
    // A session token is no cast token.
    const withSession = await tv.read("/cast/info", { token: alice.token });
    expect(withSession.statusCode).toBe(401);
  });

  it("goes dark when its caster's share ends, while the owner's TV goes on", async () => {
    const bob = await signUpTestUser(server, "bob@example.org");
    await shareTestCollection(server, alice, bob, album.id);
    const bobTV = new TestCastDevice(server);
    await pairTestCastDevice(server, bob, bobTV, album.id);
    expect(await castStatus(bobTV)).toBe(200);

    await alice.ok("POST", "/collections/unshare", { collectionID: album.id, email: bob.email });
    expect(await castStatus(bobTV)).toBe(401);
    expect((await bob.ok<{ devices: unknown[] }>("GET", "/cast/device-info")).devices).toHaveLength(
      0,
    );
    expect(await castStatus(tv)).toBe(200);
  });

  it("checks its caster's access on every call, whatever ended it", async () => {
    const bob = await signUpTestUser(server, "bob@example.org");
    await shareTestCollection(server, alice, bob, album.id);
    const bobTV = new TestCastDevice(server);
    await pairTestCastDevice(server, bob, bobTV, album.id);
    // A share ended in the database, not through the unshare call: the
    // session row is still there, the access is not.
    await unshareTestCollection(server, album.id, bob.userID);
    expect(await castStatus(bobTV)).toBe(401);
    expect(await castStatus(tv)).toBe(200);
  });

  it("goes dark when the album is deleted", async () => {
    await alice.ok(
      "DELETE",
      `/collections/v3/${String(album.id)}?collectionID=${String(album.id)}&keepFiles=false`,
    );
    expect(await castStatus(tv)).toBe(401);
    expect((await tv.read(`/cast/files/preview/${String(photo.id)}`)).statusCode).toBe(401);
    expect(
      (await alice.ok<{ devices: unknown[] }>("GET", "/cast/device-info")).devices,
    ).toHaveLength(0);
  });

  it("goes with its caster's account, as do the TVs showing the caster's albums", async () => {
    const bob = await signUpTestUser(server, "bob@example.org");
    const bobAlbum = await createTestCollection(server, bob, { name: "Bob's" });
    const bobTV = new TestCastDevice(server);
    await pairTestCastDevice(server, bob, bobTV, bobAlbum.id);
    await shareTestCollection(server, alice, bob, album.id);
    const bobOnAliceTV = new TestCastDevice(server);
    await pairTestCastDevice(server, bob, bobOnAliceTV, album.id);

    await deleteTestAccount(alice);
    expect(await castStatus(tv)).toBe(401);
    expect(await castStatus(bobOnAliceTV)).toBe(401);
    expect(await castStatus(bobTV)).toBe(200);
    const left = await server.libraryContext.db
      .selectFrom("cast_sessions")
      .select(["caster_id", "collection_id"])
      .execute();
    expect(left).toEqual([{ caster_id: bob.userID, collection_id: bobAlbum.id }]);
  });

  it("is kept by the sweep while in use; unpaired codes past the hour and unused sessions go", async () => {
    const sweep = server.library.jobs.find((job) => job.name === "cast-sessions-sweep");
    const idleTV = new TestCastDevice(server);
    await pairTestCastDevice(server, alice, idleTV, album.id);
    const unpaired = new TestCastDevice(server);
    await unpaired.register();
    server.clock.advanceMs(6 * dayMs);
    expect(await castStatus(tv)).toBe(200);
    server.clock.advanceMs(dayMs);
    const fresh = new TestCastDevice(server);
    await fresh.register();
    await sweep?.run(new AbortController().signal);

    const codes = (
      await server.libraryContext.db.selectFrom("cast_sessions").select("pairing_code").execute()
    ).map((row) => row.pairing_code);
    expect(codes.sort()).toEqual([tv.code, fresh.code].sort());
    expect((await fresh.poll()).json()).toEqual({ encCastData: null });
    expect(await castStatus(tv)).toBe(200);
    expect(await castStatus(idleTV)).toBe(401);
  });
});
