import { beforeEach, describe, expect, it } from "vitest";
import {
  FakeAuthenticatorServer,
  fakeEntityCipher,
  ManualClock,
} from "./test-support/fake-authenticator-server";
import { type TestDevice, testDevice } from "./test-support/device";

// Two engines over one server: the rule of [Note: Edits from two devices merge by entity].

const uri = (name: string) => `otpauth://totp/${name}?secret=JBSWY3DPEHPK3PXP`;

let clock: ManualClock;
let server: FakeAuthenticatorServer;
let phone: TestDevice;
let laptop: TestDevice;
let sharedIDs: string[];

beforeEach(async () => {
  clock = new ManualClock();
  server = new FakeAuthenticatorServer(clock);
  const sealed = await fakeEntityCipher().seal([uri("bank"), uri("mail")]);
  sharedIDs = sealed.map((one) => server.put(one).id);
  phone = await testDevice(server);
  laptop = await testDevice(server);
  await phone.engine.sync();
  await laptop.engine.sync();
  phone.online = false;
  laptop.online = false;
  clock.advance(60_000);
});

const [bankIndex, mailIndex] = [0, 1];
const idOf = (index: number) => {
  const id = sharedIDs[index];
  if (id === undefined) throw new Error("no such code");
  return id;
};

/** Both devices online, syncing one after the other, then the first again. */
const syncBoth = async (first: TestDevice, second: TestDevice) => {
  first.online = true;
  second.online = true;
  await first.engine.sync();
  clock.advance(1000);
  await second.engine.sync();
  clock.advance(1000);
  await first.engine.sync();
};

describe("two devices", () => {
  it("keep both edits of different codes", async () => {
    await phone.engine.update(idOf(bankIndex), uri("bank-phone"));
    await laptop.engine.update(idOf(mailIndex), uri("mail-laptop"));
    await phone.engine.create(uri("new-phone"));
    await laptop.engine.create(uri("new-laptop"));

    await syncBoth(phone, laptop);

    const expected = [uri("bank-phone"), uri("mail-laptop"), uri("new-laptop"), uri("new-phone")];
    expect(phone.plaintexts().sort()).toEqual(expected);
    expect(laptop.plaintexts().sort()).toEqual(expected);
  });

  it("keep the later edit of the same code, when the later one syncs last", async () => {
    phone.online = true;
    await phone.engine.update(idOf(bankIndex), uri("bank-earlier"));
    await phone.engine.sync();
    clock.advance(5000);
    await laptop.engine.update(idOf(bankIndex), uri("bank-later"));

    await syncBoth(laptop, phone);

    expect(phone.plaintexts()).toContain(uri("bank-later"));
    expect(laptop.plaintexts()).toContain(uri("bank-later"));
    expect(laptop.plaintexts()).not.toContain(uri("bank-earlier"));
  });

  it("count an edit made offline elsewhere from when it reached the server, and agree on it", async () => {
    // The wire has no edit time: the phone's offline edit is timed by its push.
    await phone.engine.update(idOf(bankIndex), uri("bank-phone-offline"));
    clock.advance(5000);
    await laptop.engine.update(idOf(bankIndex), uri("bank-laptop-offline"));
    clock.advance(5000);

    await syncBoth(phone, laptop);

    expect(phone.plaintexts()).toContain(uri("bank-phone-offline"));
    expect(laptop.plaintexts()).toContain(uri("bank-phone-offline"));
    expect(laptop.engine.pendingCount()).toBe(0);
  });

  it("keep the later edit of the same code, when the earlier one syncs last", async () => {
    await laptop.engine.update(idOf(bankIndex), uri("bank-earlier"));
    clock.advance(5000);
    phone.online = true;
    await phone.engine.update(idOf(bankIndex), uri("bank-later"));
    await phone.engine.sync();
    clock.advance(5000);

    // The laptop comes back online: the server's write is later than its edit.
    await syncBoth(laptop, phone);

    expect(laptop.plaintexts()).toContain(uri("bank-later"));
    expect(phone.plaintexts()).toContain(uri("bank-later"));
    expect(laptop.engine.pendingCount()).toBe(0);
  });

  it("weigh the edit here on the server's clock", async () => {
    // The laptop's clock is 10 s behind the server's, and it knows it.
    const skewed = await testDevice(server, { serverTimeOffsetMs: 10_000 });
    await skewed.engine.sync();
    skewed.online = false;
    server.clockOffsetMs = 10_000;
    clock.advance(1000);
    phone.online = true;
    await phone.engine.update(idOf(bankIndex), uri("bank-phone"));
    await phone.engine.sync();
    // 3 s later by the device clocks: later than the phone's write, once moved to the server's clock.
    clock.advance(3000);
    await skewed.engine.update(idOf(bankIndex), uri("bank-skewed"));
    skewed.online = true;

    await skewed.engine.sync();
    await phone.engine.sync();

    expect(phone.plaintexts()).toContain(uri("bank-skewed"));
  });

  it("re-create a code deleted elsewhere when edited here later", async () => {
    laptop.online = true;
    await laptop.engine.remove(idOf(bankIndex));
    await laptop.engine.sync();
    clock.advance(5000);
    await phone.engine.update(idOf(bankIndex), uri("bank-kept"));

    await syncBoth(phone, laptop);

    expect(phone.plaintexts().sort()).toEqual([uri("bank-kept"), uri("mail")]);
    expect(laptop.plaintexts().sort()).toEqual([uri("bank-kept"), uri("mail")]);
    expect(server.liveIDs()).not.toContain(idOf(bankIndex));
  });

  it("drop an edit made here before the code was deleted elsewhere", async () => {
    await phone.engine.update(idOf(bankIndex), uri("bank-old-edit"));
    clock.advance(5000);
    laptop.online = true;
    await laptop.engine.remove(idOf(bankIndex));
    await laptop.engine.sync();

    await syncBoth(phone, laptop);

    expect(phone.plaintexts()).toEqual([uri("mail")]);
    expect(laptop.plaintexts()).toEqual([uri("mail")]);
    expect(phone.engine.pendingCount()).toBe(0);
  });

  it("keep a code edited elsewhere after it was deleted here", async () => {
    await phone.engine.remove(idOf(mailIndex));
    clock.advance(5000);
    laptop.online = true;
    await laptop.engine.update(idOf(mailIndex), uri("mail-edited"));
    await laptop.engine.sync();

    await syncBoth(phone, laptop);

    expect(phone.plaintexts().sort()).toEqual([uri("bank"), uri("mail-edited")]);
    expect(laptop.plaintexts().sort()).toEqual([uri("bank"), uri("mail-edited")]);
  });
});
