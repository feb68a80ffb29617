import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  RemoteCollectionJSON,
  RemoteFileJSON,
} from "../../../../shared/api/endpoints/library-schemas";
import type { CastDeviceJSON } from "../../../../shared/api/endpoints/cast";
import { toB64 } from "../../../../shared/crypto/base64";
import type { TestAccountClient } from "../../../test-support/account-client";
import { startTestAccountsServer, type TestAccountsServer } from "../../../test-support/accounts";
import {
  newCastToken,
  pairTestCastDevice,
  sendCastPayload,
  TestCastDevice,
} from "../../../test-support/cast-device";
import { testDatabaseBackends } from "../../../test-support/databases";
import {
  collectionKeyOf,
  createTestCollection,
  signUpTestUser,
  uploadTestFile,
} from "../../../test-support/library-client";
import { maxCastSessionsPerCaster } from "./cast-rules";

// Pairing a TV with an album (the reference's `/cast/device-info` and
// `/cast/cast-data`), the caster's list of TVs and its revocations.
// See: [Note: A cast pairing lives an hour, a cast session a week of disuse]

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;

describe.each(testDatabaseBackends())("pairing a TV on $name", (backend) => {
  let server: TestAccountsServer;
  let alice: TestAccountClient;
  let album: RemoteCollectionJSON;
  let photo: RemoteFileJSON;
  let tv: TestCastDevice;
  beforeEach(async () => {
    server = await startTestAccountsServer(backend);
    alice = await signUpTestUser(server, "alice@example.org");
    album = await createTestCollection(server, alice, { name: "Holidays" });
    photo = await uploadTestFile(server, alice, album.id);
    tv = new TestCastDevice(server);
  });
  afterEach(async () => {
    await server.close();
  });

  /**
   * A pairing call without looking the key up first (the server cannot tell
   * a payload sealed to the right key from any other bytes).
   */
  const publishBlindly = (
    user: TestAccountClient,
    code: string,
    { collectionID = album.id, token = user.token } = {},
  ) =>
    user.call(
      "POST",
      "/cast/cast-data",
      { deviceCode: code, collectionID, castToken: newCastToken(), encPayload: "AA==" },
      token,
    );

  const devicesOf = async (user: TestAccountClient) =>
    (await user.ok<{ devices: CastDeviceJSON[] }>("GET", "/cast/device-info")).devices;

  it("hands the TV the sealed payload once a sender pairs its code, and the TV reads the album with it", async () => {
    const code = await tv.register();
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    const waiting = await tv.poll();
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toEqual({ encCastData: null });

    const castToken = newCastToken();
    const published = await sendCastPayload(server, alice, code, album.id, castToken);
    expect(published.statusCode, published.body).toBe(200);
    const { deviceID } = published.json<{ deviceID: string }>();

    const payload = await tv.openPayload();
    expect(payload).toEqual({
      castToken,
      collectionID: album.id,
      collectionKey: toB64(await collectionKeyOf(server, alice, album.id)),
    });
    const diff = await tv.read("/cast/diff?sinceTime=0");
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.json<{ diff: RemoteFileJSON[] }>().diff.map((file) => file.id)).toEqual([photo.id]);
    expect(await devicesOf(alice)).toEqual([
      {
        deviceID,
        collectionID: album.id,
        deviceIP: "127.0.0.1",
        lastUsedAt: server.libraryContext.nowUs(),
        deviceName: "Chromecast",
      },
    ]);
  });

  it("answers a waiting code's key in any case, and 404 for a code that names no waiting TV", async () => {
    const code = await tv.register();
    const key = await alice.call("GET", `/cast/device-info/${code.toLowerCase()}`);
    expect(key.statusCode, key.body).toBe(200);
    expect(key.json()).toEqual({ publicKey: toB64(tv.keyPair.publicKey) });
    for (const other of ["ZZZZZZ", "AB", "not a code"]) {
      const unknown = await alice.call("GET", `/cast/device-info/${encodeURIComponent(other)}`);
      expect(unknown.statusCode, other).toBe(404);
    }
    expect((await tv.poll("ZZZZZZ")).statusCode).toBe(404);
    await sendCastPayload(server, alice, code, album.id);
    expect((await alice.call("GET", `/cast/device-info/${code}`)).statusCode).toBe(404);
  });

  it("needs a session to look a code up or to pair one (401)", async () => {
    const code = await tv.register();
    expect((await alice.call("GET", `/cast/device-info/${code}`, undefined, "")).statusCode).toBe(
      401,
    );
    const anonymous = await publishBlindly(alice, code, { token: "" });
    expect(anonymous.statusCode).toBe(401);
    expect((await tv.poll()).json()).toEqual({ encCastData: null });
  });

  it("pairs a code once: a second sender gets 409 and the first pairing stands", async () => {
    const bob = await signUpTestUser(server, "bob@example.org");
    const bobAlbum = await createTestCollection(server, bob, { name: "Bob's" });
    const code = await tv.register();
    expect((await sendCastPayload(server, alice, code, album.id)).statusCode).toBe(200);
    const second = await publishBlindly(bob, code, { collectionID: bobAlbum.id });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: "SESSION_ALREADY_CLAIMED" });
    expect((await tv.openPayload()).collectionID).toBe(album.id);
    expect(await devicesOf(bob)).toEqual([]);
  });

  it("pairs only a collection the sender takes part in (404) and leaves the TV waiting", async () => {
    const mallory = await signUpTestUser(server, "mallory@example.org");
    const code = await tv.register();
    const answer = await publishBlindly(mallory, code);
    expect(answer.statusCode).toBe(404);
    expect((await tv.poll()).json()).toEqual({ encCastData: null });
  });

  it("refuses a cast token another TV holds (409), and a short one (400)", async () => {
    const castToken = newCastToken();
    await tv.register();
    expect((await sendCastPayload(server, alice, tv.code, album.id, castToken)).statusCode).toBe(
      200,
    );
    const second = new TestCastDevice(server);
    await second.register();
    const reused = await sendCastPayload(server, alice, second.code, album.id, castToken);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: "CONFLICT" });
    const short = await sendCastPayload(server, alice, second.code, album.id, "cast_short");
    expect(short.statusCode).toBe(400);
    expect((await second.poll()).json()).toEqual({ encCastData: null });
  });

  it("lets a code wait an hour; then the TV's poll, the key and the pairing are 404", async () => {
    const code = await tv.register();
    server.clock.advanceMs(59 * minuteMs);
    expect((await tv.poll()).statusCode).toBe(200);
    server.clock.advanceMs(minuteMs);
    expect((await tv.poll()).statusCode).toBe(404);
    expect((await alice.call("GET", `/cast/device-info/${code}`)).statusCode).toBe(404);
    const late = await publishBlindly(alice, code);
    expect(late.statusCode).toBe(404);
  });

  it("keeps a session while the TV calls, writing its last use at most once a minute, and ends it after a week of disuse", async () => {
    await pairTestCastDevice(server, alice, tv, album.id);
    const pairedUs = server.libraryContext.nowUs();
    server.clock.advanceMs(30_000);
    expect((await tv.read("/cast/info")).statusCode).toBe(200);
    expect((await devicesOf(alice))[0]?.lastUsedAt).toBe(pairedUs);
    server.clock.advanceMs(31_000);
    expect((await tv.read("/cast/info")).statusCode).toBe(200);
    const usedUs = server.libraryContext.nowUs();
    expect((await devicesOf(alice))[0]?.lastUsedAt).toBe(usedUs);

    server.clock.advanceMs(6 * dayMs);
    expect((await tv.read("/cast/info")).statusCode).toBe(200);
    server.clock.advanceMs(7 * dayMs);
    expect((await tv.read("/cast/info")).statusCode).toBe(401);
    expect(await devicesOf(alice)).toEqual([]);
  });

  it("lists the caster's TVs, newest first, and ends one or all of them", async () => {
    const bob = await signUpTestUser(server, "bob@example.org");
    await pairTestCastDevice(server, alice, tv, album.id);
    server.clock.advanceMs(1000);
    const browserTV = new TestCastDevice(
      server,
      "Mozilla/5.0 (Linux; Android 12; BRAVIA 4K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
    );
    await pairTestCastDevice(server, alice, browserTV, album.id);
    const devices = await devicesOf(alice);
    expect(devices.map((device) => device.deviceName)).toEqual(["Chrome on Android", "Chromecast"]);
    const [newest, oldest] = devices;

    // Nobody else ends them, and an unknown device is 404.
    expect(
      (await bob.call("DELETE", `/cast/device-info/${oldest?.deviceID ?? ""}`)).statusCode,
    ).toBe(404);
    expect((await tv.read("/cast/info")).statusCode).toBe(200);
    expect((await alice.call("DELETE", "/cast/device-info/not-a-uuid")).statusCode).toBe(400);

    await alice.ok("DELETE", `/cast/device-info/${oldest?.deviceID ?? ""}`);
    expect((await tv.read("/cast/info")).statusCode).toBe(401);
    expect((await browserTV.read("/cast/info")).statusCode).toBe(200);
    expect((await devicesOf(alice)).map((device) => device.deviceID)).toEqual([newest?.deviceID]);

    // The mobile app calls it with a trailing slash.
    await alice.ok("DELETE", "/cast/revoke-all-tokens/");
    expect((await browserTV.read("/cast/info")).statusCode).toBe(401);
    expect(await devicesOf(alice)).toEqual([]);
  });

  it(`stops a caster at ${String(maxCastSessionsPerCaster)} TVs (403) until one ends`, async () => {
    const tvs: TestCastDevice[] = [];
    for (let i = 0; i < maxCastSessionsPerCaster; i++) {
      const device = new TestCastDevice(server);
      await device.register();
      expect((await sendCastPayload(server, alice, device.code, album.id)).statusCode).toBe(200);
      tvs.push(device);
    }
    const oneTooMany = new TestCastDevice(server);
    await oneTooMany.register();
    const refused = await sendCastPayload(server, alice, oneTooMany.code, album.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "CAST_DEVICE_LIMIT_EXCEEDED" });
    expect((await oneTooMany.poll()).json()).toEqual({ encCastData: null });

    const [first] = await devicesOf(alice);
    await alice.ok("DELETE", `/cast/device-info/${first?.deviceID ?? ""}`);
    expect((await sendCastPayload(server, alice, oneTooMany.code, album.id)).statusCode).toBe(200);
  });
});
