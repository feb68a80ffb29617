import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  decryptBox,
  encryptBlob,
  deriveSubKey,
  fromB64,
  generateKeyPair,
  toB64,
} from "../../shared/crypto";
import { type NodeCryptoPool, createNodeCryptoPool } from "../crypto/node-pool";
import { localDatabaseKeyDerivation } from "./keyring";
import { createKeyringFromAccountKeys } from "./node-keyring";

describe("createKeyringFromAccountKeys", () => {
  let pool: NodeCryptoPool;
  beforeAll(async () => {
    pool = await createNodeCryptoPool({ size: 1 });
  });
  afterAll(async () => {
    await pool.terminate();
  });

  const keyringWith = async () => {
    const pair = await generateKeyPair();
    const masterKeyB64 = toB64(crypto.getRandomValues(new Uint8Array(32)));
    return {
      masterKeyB64,
      keyring: createKeyringFromAccountKeys(
        { masterKeyB64, publicKeyB64: toB64(pair.publicKey), secretKeyB64: toB64(pair.secretKey) },
        pool,
      ),
    };
  };

  it("opens the keys it wrapped; a foreign key or a missing nonce fails that item alone", async () => {
    const { keyring } = await keyringWith();
    const { keyring: other } = await keyringWith();
    const keyB64s = ["a", "b"].map(() => toB64(crypto.getRandomValues(new Uint8Array(32))));
    const [first, second] = await Promise.all(
      keyB64s.map((keyB64) => keyring.wrapCollectionKey(keyB64)),
    );
    if (first === undefined || second === undefined) throw new Error("Nothing wrapped");
    const theirs = await other.wrapCollectionKey(keyB64s[0] ?? "");
    const opened = await keyring.openCollectionKeys([
      { ...first, owned: true },
      { ...theirs, owned: true },
      { ...second, owned: true },
      { encryptedKey: first.encryptedKey, owned: true },
    ]);
    expect(opened.map((result) => (result.ok ? result.value : result.error.name))).toEqual([
      keyB64s[0],
      "DecryptionError",
      keyB64s[1],
      "InvalidLengthError",
    ]);
  });

  it("derives the local database key from the master key, the same every time", async () => {
    const { keyring, masterKeyB64 } = await keyringWith();
    const first = await keyring.localDatabaseKey();
    expect(await keyring.localDatabaseKey()).toBe(first);
    const expected = await deriveSubKey(
      fromB64(masterKeyB64),
      32,
      localDatabaseKeyDerivation.subKeyID,
      localDatabaseKeyDerivation.context,
    );
    expect(first).toBe(toB64(expected));
    expect(await (await keyringWith()).keyring.localDatabaseKey()).not.toBe(first);
  });

  it("wraps user-entity keys as secretbox under the master key, header the nonce, and opens them", async () => {
    const { keyring, masterKeyB64 } = await keyringWith();
    const entityKeyB64 = toB64(crypto.getRandomValues(new Uint8Array(32)));
    const wrapped = await keyring.wrapUserEntityKey(entityKeyB64);
    const opened = await decryptBox(
      { encryptedData: fromB64(wrapped.encryptedKey), nonce: fromB64(wrapped.header) },
      fromB64(masterKeyB64),
    );
    expect(toB64(opened)).toBe(entityKeyB64);
    expect(await keyring.openUserEntityKey(wrapped)).toBe(entityKeyB64);

    const { keyring: other } = await keyringWith();
    await expect(other.openUserEntityKey(wrapped)).rejects.toThrow();
  });

  it("wraps the authenticator key as the reference's apps do (secretbox), and opens a Blob-wrapped one too", async () => {
    const { keyring, masterKeyB64 } = await keyringWith();
    const authenticatorKeyB64 = toB64(crypto.getRandomValues(new Uint8Array(32)));
    const wrapped = await keyring.wrapAuthenticatorKey(authenticatorKeyB64);
    const opened = await decryptBox(
      { encryptedData: fromB64(wrapped.encryptedKey), nonce: fromB64(wrapped.header) },
      fromB64(masterKeyB64),
    );
    expect(toB64(opened)).toBe(authenticatorKeyB64);
    expect(await keyring.openAuthenticatorKey(wrapped)).toBe(authenticatorKeyB64);
    const asBlob = await encryptBlob(fromB64(authenticatorKeyB64), fromB64(masterKeyB64));
    expect(
      await keyring.openAuthenticatorKey({
        encryptedKey: toB64(asBlob.encryptedData),
        header: toB64(asBlob.decryptionHeader),
      }),
    ).toBe(authenticatorKeyB64);

    const { keyring: other } = await keyringWith();
    await expect(other.openAuthenticatorKey(wrapped)).rejects.toThrow();
  });
});
