import { describe, expect, it, vi } from "vitest";
import { boxSealB64, fromB64, generateKeyB64 } from "../../shared/crypto";
import { keyringOverPort } from "../sync/remote-keyring";
import { createAccountWorker } from "./account-worker";
import { listenForKeyringLock } from "./keyring-port";
import { createTestBrowser, deriveCheapKEK } from "./test-support/account-browser";

const newWorker = (browser = createTestBrowser()) =>
  createAccountWorker({
    sessionKeys: browser.sessionKeys(),
    deriveNewKEK: deriveCheapKEK,
    every: () => () => undefined,
  });

/** An unlocked account worker and a keyring reached over a real MessageChannel. */
const unlockedKeyring = async () => {
  const browser = createTestBrowser();
  const worker = newWorker(browser);
  const { keyAttributes, sessionCipher } = await worker.generateAccount("password");
  const channel = new MessageChannel();
  await worker.exposeLibraryKeyring(channel.port1);
  return { browser, worker, keyAttributes, sessionCipher, port: channel.port2 };
};

describe("the account worker's library keyring", () => {
  it("opens owned collection keys it wrapped, and keys shared with the account", async () => {
    const { worker, keyAttributes, port } = await unlockedKeyring();
    const keyring = keyringOverPort(port);
    const ownedKeyB64 = await generateKeyB64();
    const sharedKeyB64 = await generateKeyB64();
    const wrapped = await keyring.wrapCollectionKey(ownedKeyB64);
    const sealed = await boxSealB64(fromB64(sharedKeyB64), keyAttributes.publicKey);
    const opened = await keyring.openCollectionKeys([
      { ...wrapped, owned: true },
      { encryptedKey: sealed, owned: false },
      { encryptedKey: wrapped.encryptedKey, keyDecryptionNonce: "", owned: true },
    ]);
    expect(opened[0]).toEqual({ ok: true, value: ownedKeyB64 });
    expect(opened[1]).toEqual({ ok: true, value: sharedKeyB64 });
    expect(opened[2]?.ok).toBe(false);
    port.close();
    await worker.lock();
  });

  it("wraps user-entity keys as secretbox under the master key, header the nonce, and opens them", async () => {
    const { worker, port } = await unlockedKeyring();
    const keyring = keyringOverPort(port);
    const entityKeyB64 = await generateKeyB64();
    const wrapped = await keyring.wrapUserEntityKey(entityKeyB64);
    expect(fromB64(wrapped.encryptedKey)).toHaveLength(48);
    expect(fromB64(wrapped.header)).toHaveLength(24);
    expect(await keyring.openUserEntityKey(wrapped)).toBe(entityKeyB64);

    // Another account's key, or a wrong nonce, does not open.
    const other = await unlockedKeyring();
    const theirs = await keyringOverPort(other.port).wrapUserEntityKey(entityKeyB64);
    await expect(keyring.openUserEntityKey(theirs)).rejects.toThrow();
    await expect(
      keyring.openUserEntityKey({ ...wrapped, header: theirs.header }),
    ).rejects.toThrow();
    for (const p of [port, other.port]) p.close();
    await Promise.all([worker.lock(), other.worker.lock()]);
  });

  it("wraps the authenticator key as the reference's apps do (secretbox), and opens it", async () => {
    const { worker, port } = await unlockedKeyring();
    const keyring = keyringOverPort(port);
    const authenticatorKeyB64 = await generateKeyB64();
    const wrapped = await keyring.wrapAuthenticatorKey(authenticatorKeyB64);
    // secretbox: the key and its 16-byte MAC; the nonce as the header.
    expect(fromB64(wrapped.encryptedKey)).toHaveLength(32 + 16);
    expect(fromB64(wrapped.header)).toHaveLength(24);
    expect(await keyring.openAuthenticatorKey(wrapped)).toBe(authenticatorKeyB64);

    const other = await unlockedKeyring();
    const theirs = await keyringOverPort(other.port).wrapAuthenticatorKey(authenticatorKeyB64);
    await expect(keyring.openAuthenticatorKey(theirs)).rejects.toThrow();
    for (const p of [port, other.port]) p.close();
    await Promise.all([worker.lock(), other.worker.lock()]);
  });

  it("derives the same local database key for the account after a reload, another for another account", async () => {
    const { browser, worker, keyAttributes, sessionCipher, port } = await unlockedKeyring();
    const first = await keyringOverPort(port).localDatabaseKey();
    expect(fromB64(first)).toHaveLength(32);

    const reloaded = newWorker(browser);
    expect(await reloaded.restoreSession(keyAttributes, sessionCipher)).toBe(true);
    const channel = new MessageChannel();
    await reloaded.exposeLibraryKeyring(channel.port1);
    expect(await keyringOverPort(channel.port2).localDatabaseKey()).toBe(first);

    const other = await unlockedKeyring();
    expect(await keyringOverPort(other.port).localDatabaseKey()).not.toBe(first);
    for (const p of [port, channel.port2, other.port]) p.close();
    await Promise.all([worker.lock(), reloaded.lock(), other.worker.lock()]);
  });

  it("refuses keys once locked", async () => {
    const { worker, port } = await unlockedKeyring();
    port.close();
    await worker.lock();
    const afterLock = new MessageChannel();
    await worker.exposeLibraryKeyring(afterLock.port1);
    const keyring = keyringOverPort(afterLock.port2);
    await expect(keyring.localDatabaseKey()).rejects.toThrow();
    await expect(keyring.wrapCollectionKey(await generateKeyB64())).rejects.toThrow();
    await expect(keyring.wrapUserEntityKey(await generateKeyB64())).rejects.toThrow();
    await expect(keyring.wrapAuthenticatorKey(await generateKeyB64())).rejects.toThrow();
    afterLock.port2.close();
  });

  it("stops the library worker before locking completes", async () => {
    const { worker, port } = await unlockedKeyring();
    const events: string[] = [];
    listenForKeyringLock(port, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      events.push("library worker stopped");
    });
    await worker.lock();
    events.push("locked");
    expect(events).toEqual(["library worker stopped", "locked"]);
  });

  it("does not wait for a library worker that never answers beyond the timeout", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const { worker } = await unlockedKeyring();
      const locking = worker.lock();
      await vi.advanceTimersByTimeAsync(3000);
      await expect(locking).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
