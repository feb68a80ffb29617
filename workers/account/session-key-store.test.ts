import { describe, expect, it } from "vitest";
import { IDBFactory } from "fake-indexeddb";
import { slotStaleAfterMs, slotHeartbeatIntervalMs } from "./session-key-store";
import { sessionKeysDatabaseName } from "../../shared/model/accounts/session-keys-database";
import { createTestBrowser } from "./test-support/account-browser";

const password = "pw";

/** Everything IndexedDB holds, as raw records. */
const dumpSlots = async (indexedDB: IDBFactory): Promise<unknown[]> =>
  new Promise((resolve, reject) => {
    const open = indexedDB.open(sessionKeysDatabaseName);
    open.onerror = () => {
      reject(open.error ?? new Error("open failed"));
    };
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains("slots")) {
        db.close();
        resolve([]);
        return;
      }
      const request = db.transaction("slots").objectStore("slots").getAll();
      request.onsuccess = () => {
        db.close();
        resolve(request.result);
      };
    };
  });

describe("session key storage", () => {
  it("keeps the tab unlocked across a reload", async () => {
    const browser = createTestBrowser();
    const tab = browser.newWorker();
    const { keyAttributes, sessionCipher } = await tab.generateAccount(password);

    browser.nowMs += 5_000;
    const reloaded = browser.newWorker();
    expect(await reloaded.restoreSession(keyAttributes, sessionCipher)).toBe(true);
    expect(await reloaded.isUnlocked()).toBe(true);
    expect(await reloaded.recoveryMnemonic()).toBe(await tab.recoveryMnemonic());
  });

  it("answers a restore at once when the worker is already unlocked (the page's account service asks once)", async () => {
    const browser = createTestBrowser();
    const tab = browser.newWorker();
    const { keyAttributes, sessionCipher } = await tab.generateAccount(password);
    const before = await dumpSlots(browser.indexedDB);
    browser.nowMs += 5_000;
    expect(await tab.restoreSession(keyAttributes, sessionCipher)).toBe(true);
    expect(await tab.isUnlocked()).toBe(true);
    // Nothing reopened, nothing rewritten: the one slot as it was.
    expect(await dumpSlots(browser.indexedDB)).toEqual(before);
  });

  it("stores no key bytes: the cipher is useless in another browser, and IndexedDB holds only a non-extractable key", async () => {
    const browser = createTestBrowser();
    const { keyAttributes, sessionCipher } = await browser.newWorker().generateAccount(password);

    const elsewhere = createTestBrowser().newWorker();
    expect(await elsewhere.restoreSession(keyAttributes, sessionCipher)).toBe(false);
    expect(await elsewhere.isUnlocked()).toBe(false);

    const records = await dumpSlots(browser.indexedDB);
    expect(records).toHaveLength(1);
    const { wrappingKey } = records[0] as { wrappingKey: CryptoKey };
    expect(wrappingKey.extractable).toBe(false);
    await expect(crypto.subtle.exportKey("raw", wrappingKey)).rejects.toThrow();
  });

  it("forgets the key after a browser restart (slots not refreshed go stale and are purged)", async () => {
    const browser = createTestBrowser();
    const { keyAttributes, sessionCipher } = await browser.newWorker().generateAccount(password);

    // The browser is closed; when it starts again, even a restored session
    // cipher finds no slot.
    browser.nowMs += slotStaleAfterMs + slotHeartbeatIntervalMs;
    const afterRestart = browser.newWorker();
    expect(await afterRestart.restoreSession(keyAttributes, sessionCipher)).toBe(false);
    expect(await dumpSlots(browser.indexedDB)).toHaveLength(0);
  });

  it("keeps a live tab's slot while its heartbeat runs", async () => {
    const browser = createTestBrowser();
    const store = browser.sessionKeys();
    const cipher = await store.seal(new Uint8Array(32).fill(7));
    for (let beat = 0; beat < 20; beat++) {
      browser.nowMs += slotHeartbeatIntervalMs;
      await store.touch(cipher);
    }
    expect(await store.purgeStale()).toBe(0);
    expect(await store.open(cipher)).toEqual(new Uint8Array(32).fill(7));
  });

  it("wipes the slot on logout, so a reload after it is locked", async () => {
    const browser = createTestBrowser();
    const tab = browser.newWorker();
    const { keyAttributes, sessionCipher } = await tab.generateAccount(password);
    await tab.lock();
    expect(await tab.isUnlocked()).toBe(false);
    expect(await dumpSlots(browser.indexedDB)).toHaveLength(0);
    expect(await browser.newWorker().restoreSession(keyAttributes, sessionCipher)).toBe(false);
  });

  it("rejects a tampered or corrupt cipher", async () => {
    const browser = createTestBrowser();
    const store = browser.sessionKeys();
    const cipher = await store.seal(new Uint8Array(32).fill(1));
    const parts = JSON.parse(cipher) as { encryptedKeyB64: string };
    const flipped = parts.encryptedKeyB64.startsWith("A") ? "B" : "A";
    const tampered = JSON.stringify({
      ...parts,
      encryptedKeyB64: flipped + parts.encryptedKeyB64.slice(1),
    });
    expect(await store.open(tampered)).toBeUndefined();
    expect(await store.open("not json")).toBeUndefined();
    expect(await store.open(cipher)).toEqual(new Uint8Array(32).fill(1));
  });

  it("parks a login's KEK across a reload, once", async () => {
    const browser = createTestBrowser();
    const { keyAttributes } = await browser.newWorker().generateAccount(password);
    const tab = browser.newWorker();
    expect(await tab.parkLoginKEK()).toBeUndefined();
    await tab.beginSRPLogin(
      { srpUserID: "u", srpSalt: "c2FsdHNhbHRzYWx0c2FsdA==", ...keyAttributes },
      password,
    );
    const parked = await tab.parkLoginKEK();
    if (parked === undefined) throw new Error("expected a parked KEK");

    const reloaded = browser.newWorker();
    expect(await reloaded.resumeLoginKEK(parked)).toBe(true);
    await reloaded.unlockWithLoginKEK(keyAttributes);
    expect(await reloaded.isUnlocked()).toBe(true);
    expect(await browser.newWorker().resumeLoginKEK(parked)).toBe(false);
  });
});
