// A library keyring over account keys held in memory: what Node programs
// (tests, the bench, scripts) use in place of the browser's account worker.
// See: [Note: Library workers get keys through a keyring, never the master key]

import { fromB64, toB64 } from "../../shared/crypto/base64";
import { openAuthenticatorKeyUnder, wrapAuthenticatorKeyUnder } from "./authenticator-key-wrap";
import { KEY_BYTES } from "../../shared/crypto/sizes";
import type { CryptoPool, Settled } from "../crypto/pool";
import {
  type LibraryKeyring,
  type WrappedCollectionKey,
  localDatabaseKeyDerivation,
} from "./keyring";

/** The three keys an account's library needs, base64. */
export interface LibraryAccountKeys {
  masterKeyB64: string;
  /** The account's X25519 key pair: collection keys shared with it are sealed to it. */
  publicKeyB64: string;
  secretKeyB64: string;
}

export type KeyringPool = Pick<
  CryptoPool,
  "decryptBoxesToB64" | "openSealedBoxes" | "encryptBoxes" | "deriveSubKeyB64"
>;

/** The one item of a pool call, or a throw when the pool answered none. */
const only = <T>(items: readonly T[]): T => {
  const [item] = items;
  if (item === undefined) throw new Error("The crypto pool answered nothing");
  return item;
};

/**
 * A keyring over `keys`: owned collection keys are opened with secretbox
 * under the master key, shared ones from their sealed box, each kind in one
 * pool call for the whole batch.
 */
export const createKeyringFromAccountKeys = (
  { masterKeyB64, publicKeyB64, secretKeyB64 }: LibraryAccountKeys,
  pool: KeyringPool,
): LibraryKeyring => ({
  openCollectionKeys: async (items: readonly WrappedCollectionKey[]) => {
    const ownedIndexes: number[] = [];
    const sharedIndexes: number[] = [];
    items.forEach((item, index) => (item.owned ? ownedIndexes : sharedIndexes).push(index));
    const [owned, shared] = await Promise.all([
      pool.decryptBoxesToB64(
        ownedIndexes.map((index) => ({
          encryptedDataB64: items[index]?.encryptedKey ?? "",
          // A missing nonce fails that item as an invalid (empty) nonce.
          nonceB64: items[index]?.keyDecryptionNonce ?? "",
          keyB64: masterKeyB64,
        })),
      ),
      pool.openSealedBoxes(
        sharedIndexes.map((index) => ({
          encryptedDataB64: items[index]?.encryptedKey ?? "",
          publicKeyB64,
          secretKeyB64,
        })),
      ),
    ]);
    const results = new Array<Settled<string>>(items.length);
    ownedIndexes.forEach((index, i) => {
      const result = owned[i];
      if (result !== undefined) results[index] = result;
    });
    sharedIndexes.forEach((index, i) => {
      const result = shared[i];
      if (result !== undefined) {
        results[index] = result.ok ? { ok: true, value: toB64(result.value) } : result;
      }
    });
    return results;
  },

  wrapCollectionKey: async (collectionKeyB64: string) => {
    const [wrapped] = await pool.encryptBoxes([
      { data: fromB64(collectionKeyB64), keyB64: masterKeyB64 },
    ]);
    if (wrapped === undefined) throw new Error("The crypto pool answered no Box");
    return { encryptedKey: wrapped.encryptedDataB64, keyDecryptionNonce: wrapped.nonceB64 };
  },

  localDatabaseKey: () =>
    pool.deriveSubKeyB64(
      masterKeyB64,
      KEY_BYTES,
      localDatabaseKeyDerivation.subKeyID,
      localDatabaseKeyDerivation.context,
    ),

  openUserEntityKey: async ({ encryptedKey, header }) => {
    const opened = only(
      await pool.decryptBoxesToB64([
        { encryptedDataB64: encryptedKey, nonceB64: header, keyB64: masterKeyB64 },
      ]),
    );
    if (!opened.ok) throw opened.error;
    return opened.value;
  },

  wrapUserEntityKey: async (keyB64: string) => {
    const wrapped = only(
      await pool.encryptBoxes([{ data: fromB64(keyB64), keyB64: masterKeyB64 }]),
    );
    return { encryptedKey: wrapped.encryptedDataB64, header: wrapped.nonceB64 };
  },

  // One small key, seldom: libsodium in this thread rather than a pool call.
  openAuthenticatorKey: (wrapped) => openAuthenticatorKeyUnder(wrapped, fromB64(masterKeyB64)),

  wrapAuthenticatorKey: (keyB64: string) =>
    wrapAuthenticatorKeyUnder(keyB64, fromB64(masterKeyB64)),
});
