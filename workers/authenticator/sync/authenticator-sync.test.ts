import { beforeEach, describe, expect, it } from "vitest";
import type { AuthenticatorSyncEvent } from "./authenticator-sync";
import { diffPageLimit } from "./pull";
import {
  FakeAuthenticatorServer,
  fakeEntityCipher,
  ManualClock,
} from "./test-support/fake-authenticator-server";
import { testDevice } from "./test-support/device";

const uri = (name: string) => `otpauth://totp/${name}?secret=JBSWY3DPEHPK3PXP`;

let clock: ManualClock;
let server: FakeAuthenticatorServer;

beforeEach(() => {
  clock = new ManualClock();
  server = new FakeAuthenticatorServer(clock);
});

/** Stores codes on the server as another device of the same key would. */
const putOnServer = async (plaintexts: string[]) => {
  const sealed = await fakeEntityCipher().seal(plaintexts);
  return sealed.map((one) => server.put(one));
};

describe("pull", () => {
  it("pulls a first sync in pages from the stored sync time", async () => {
    const count = diffPageLimit + 20;
    await putOnServer(Array.from({ length: count }, (_, i) => uri(`code-${String(i)}`)));
    const device = await testDevice(server);

    const outcome = await device.engine.sync();

    expect(outcome).toEqual({
      pulled: count,
      pushed: 0,
      undecryptable: 0,
      refused: [],
      offline: false,
    });
    const diffs = server.callsOf("entityDiff").map(({ args }) => args);
    expect(diffs).toHaveLength(2);
    expect(diffs[0]).toEqual([0, diffPageLimit]);
    const lastOfFirstPage = [...server.entities.values()][diffPageLimit - 1]?.updatedAt;
    expect(diffs[1]).toEqual([lastOfFirstPage, diffPageLimit]);
    expect(device.plaintexts()).toHaveLength(count);
    expect(device.engine.entries()[0]).toEqual({
      id: [...server.entities.keys()][0],
      plaintext: uri("code-0"),
      pending: false,
    });

    // The next sync starts where this one ended.
    await putOnServer([uri("later")]);
    expect((await device.engine.sync()).pulled).toBe(1);
    expect(device.plaintexts()).toContain(uri("later"));
  });

  it("skips and counts a code that does not decrypt, and shows the others", async () => {
    await putOnServer([uri("mine")]);
    const [foreign] = await fakeEntityCipher("another-key").seal([uri("foreign")]);
    if (foreign === undefined) throw new Error("nothing sealed");
    server.put(foreign);
    const device = await testDevice(server);

    const outcome = await device.engine.sync();

    expect(outcome).toMatchObject({ pulled: 1, undecryptable: 1 });
    expect(device.plaintexts()).toEqual([uri("mine")]);
    expect(device.engine.undecryptableCount()).toBe(1);
  });

  it("removes a code deleted on another device", async () => {
    const [entity] = await putOnServer([uri("a")]);
    const device = await testDevice(server);
    await device.engine.sync();
    if (entity === undefined) throw new Error("nothing stored");
    await server.remote().deleteEntity(entity.id);

    await device.engine.sync();

    expect(device.plaintexts()).toEqual([]);
  });
});

describe("local changes", () => {
  it("shows offline changes at once, keeps them over a reload, and sends them once online", async () => {
    const [kept, edited, removed] = await putOnServer([uri("kept"), uri("edited"), uri("removed")]);
    if (kept === undefined || edited === undefined || removed === undefined)
      throw new Error("nothing stored");
    const device = await testDevice(server);
    await device.engine.sync();
    device.online = false;

    const createdID = await device.engine.create(uri("new"));
    expect(await device.engine.update(edited.id, uri("edited-2"))).toBe(true);
    expect(await device.engine.remove(removed.id)).toBe(true);

    expect(createdID).toMatch(/^local-/);
    expect(device.engine.entries()).toEqual([
      { id: kept.id, plaintext: uri("kept"), pending: false },
      { id: edited.id, plaintext: uri("edited-2"), pending: true },
      { id: createdID, plaintext: uri("new"), pending: true },
    ]);
    expect(device.engine.pendingCount()).toBe(3);
    expect(server.calls.filter(({ call }) => call !== "entityDiff")).toEqual([]);

    const reloaded = await device.reload();
    expect(reloaded.entries()).toEqual(device.engine.entries());
    expect(reloaded.pendingCount()).toBe(3);

    device.online = true;
    const idChanges: AuthenticatorSyncEvent[] = [];
    reloaded.onChange((event) => {
      if (event.kind === "id-changed") idChanges.push(event);
    });
    const outcome = await reloaded.sync();

    expect(outcome).toMatchObject({ pushed: 3, refused: [], offline: false });
    expect(reloaded.pendingCount()).toBe(0);
    const serverID = server.liveIDs().find((id) => id !== kept.id && id !== edited.id);
    expect(idChanges).toEqual([{ kind: "id-changed", previousID: createdID, serverID }]);
    expect(server.liveIDs()).toHaveLength(3);
    expect(reloaded.entries().map(({ id, pending }) => ({ id, pending }))).toEqual([
      { id: kept.id, pending: false },
      { id: edited.id, pending: false },
      { id: serverID, pending: false },
    ]);

    // Another device sees the same codes.
    const other = await testDevice(server);
    await other.engine.sync();
    expect(other.plaintexts().sort()).toEqual([uri("edited-2"), uri("kept"), uri("new")].sort());
  });

  it("collapses offline changes: what reaches the server is each code's last state", async () => {
    const [first, second] = await putOnServer([uri("first"), uri("second")]);
    if (first === undefined || second === undefined) throw new Error("nothing stored");
    const device = await testDevice(server);
    await device.engine.sync();
    device.online = false;

    const created = await device.engine.create(uri("draft"));
    await device.engine.update(created, uri("final"));
    const discarded = await device.engine.create(uri("discarded"));
    await device.engine.remove(discarded);
    await device.engine.update(first.id, uri("first-2"));
    await device.engine.update(first.id, uri("first-3"));
    await device.engine.update(second.id, uri("second-2"));
    await device.engine.remove(second.id);

    expect(device.engine.pendingCount()).toBe(3);
    device.online = true;
    await device.engine.sync();

    const sent = server.calls.filter(({ call }) => call !== "entityDiff").map(({ call }) => call);
    expect(sent).toEqual(["createEntity", "updateEntity", "deleteEntity"]);
    const other = await testDevice(server);
    await other.engine.sync();
    expect(other.plaintexts().sort()).toEqual([uri("final"), uri("first-3")].sort());
  });

  it("sends a local change by itself when online", async () => {
    const device = await testDevice(server);
    const synced = new Promise<AuthenticatorSyncEvent>((resolve) => {
      device.engine.onChange((event) => {
        if (event.kind === "synced") resolve(event);
      });
    });
    await device.engine.create(uri("a"));
    expect(await synced).toMatchObject({ outcome: { pushed: 1 } });
    expect(server.liveIDs()).toHaveLength(1);
    expect(device.engine.pendingCount()).toBe(0);
  });

  it("sends an edit made while the code's create is on its way, under the server's ID", async () => {
    const device = await testDevice(server);
    device.online = false;
    const localID = await device.engine.create(uri("draft"));
    device.online = true;
    const remote = server.remote();
    let answerCreate: () => void = () => undefined;
    const createAnswered = new Promise<void>((resolve) => (answerCreate = resolve));
    let createAsked: () => void = () => undefined;
    const createWasAsked = new Promise<void>((resolve) => (createAsked = resolve));
    server.remote = () => ({
      ...remote,
      createEntity: async (sealed) => {
        createAsked();
        await createAnswered;
        return remote.createEntity(sealed);
      },
    });
    const reloaded = await device.reload();
    const syncing = reloaded.sync();
    await createWasAsked;

    device.online = false;
    expect(await reloaded.update(localID, uri("final"))).toBe(true);
    expect(reloaded.entries()).toEqual([{ id: localID, plaintext: uri("final"), pending: true }]);
    device.online = true;
    answerCreate();
    await syncing;
    await reloaded.sync();

    const [serverID] = server.liveIDs();
    expect(server.callsOf("updateEntity").map(({ args }) => args[0])).toEqual([serverID]);
    expect(reloaded.entries()).toEqual([{ id: serverID, plaintext: uri("final"), pending: false }]);
    const other = await testDevice(server);
    await other.engine.sync();
    expect(other.plaintexts()).toEqual([uri("final")]);
  });

  it("answers false for a code it does not show", async () => {
    const device = await testDevice(server);
    expect(await device.engine.update("no-such-code", uri("x"))).toBe(false);
    expect(await device.engine.remove("no-such-code")).toBe(false);
    expect(device.engine.pendingCount()).toBe(0);
  });
});

describe("push failures", () => {
  it("re-creates a code whose update answers 404", async () => {
    const [entity] = await putOnServer([uri("a")]);
    if (entity === undefined) throw new Error("nothing stored");
    const device = await testDevice(server);
    await device.engine.sync();
    device.online = false;
    await device.engine.update(entity.id, uri("a-2"));
    // Gone from the server without a tombstone this device could pull.
    server.entities.delete(entity.id);
    device.online = true;

    const outcome = await device.engine.sync();

    expect(outcome).toMatchObject({ pushed: 1, refused: [] });
    const [recreatedID] = server.liveIDs();
    expect(device.engine.entries()).toEqual([
      { id: recreatedID, plaintext: uri("a-2"), pending: false },
    ]);
  });

  it("drops and reports a change the server refuses, and sends the rest", async () => {
    const device = await testDevice(server);
    device.online = false;
    await device.engine.create(uri("small"));
    const tooLarge = await device.engine.create(uri("large".repeat(200)));
    await device.engine.create(uri("small-too"));
    server.maxEncryptedDataChars = 400;
    device.online = true;

    const outcome = await device.engine.sync();

    expect(outcome.pushed).toBe(2);
    expect(outcome.refused).toEqual([
      { kind: "create", id: tooLarge, plaintext: uri("large".repeat(200)), status: 413 },
    ]);
    expect(device.engine.pendingCount()).toBe(0);
    expect(device.plaintexts()).toEqual([uri("small"), uri("small-too")]);
  });

  it.each([
    ["the network is down", (s: FakeAuthenticatorServer) => (s.offline = true)],
    ["the server answers 500", (s: FakeAuthenticatorServer) => (s.failing = true)],
  ])("keeps the queue when %s, over a reload, and sends it later", async (_, fail) => {
    const device = await testDevice(server);
    device.online = false;
    await device.engine.create(uri("a"));
    await device.engine.create(uri("b"));
    device.online = true;
    fail(server);

    const outcome = await device.engine.sync();

    expect(outcome).toEqual({ pulled: 0, pushed: 0, undecryptable: 0, refused: [], offline: true });
    const reloaded = await device.reload();
    expect(reloaded.pendingCount()).toBe(2);
    expect(device.plaintexts()).toEqual([uri("a"), uri("b")]);

    server.offline = false;
    server.failing = false;
    expect((await reloaded.sync()).pushed).toBe(2);
    expect(server.liveIDs()).toHaveLength(2);
    expect(reloaded.pendingCount()).toBe(0);
  });

  it("stops a push that loses the network half-way, keeping what is not sent", async () => {
    const device = await testDevice(server);
    device.online = false;
    await device.engine.create(uri("a"));
    await device.engine.create(uri("b"));
    device.online = true;
    const remote = server.remote();
    const createEntity = remote.createEntity.bind(remote);
    let creates = 0;
    server.remote = () => ({
      ...remote,
      createEntity: (sealed) => {
        creates += 1;
        if (creates === 2) server.offline = true;
        return createEntity(sealed);
      },
    });
    const reloaded = await device.reload();

    const outcome = await reloaded.sync();

    expect(outcome).toMatchObject({ pushed: 1, offline: true });
    expect(reloaded.pendingCount()).toBe(1);
    expect(reloaded.entries().map(({ plaintext, pending }) => ({ plaintext, pending }))).toEqual([
      { plaintext: uri("a"), pending: false },
      { plaintext: uri("b"), pending: true },
    ]);
  });
});

describe("an unreadable local copy", () => {
  it("starts empty and pulls everything again", async () => {
    await putOnServer([uri("a")]);
    const device = await testDevice(server);
    await device.engine.sync();
    device.localCopy.savedJSON = JSON.stringify({ version: 99 });

    const reloaded = await device.reload();
    expect(reloaded.entries()).toEqual([]);
    await reloaded.sync();
    expect(device.plaintexts()).toEqual([uri("a")]);
  });
});
