// The library keyring of the browser: the account worker opening collection
// keys for the library's workers over a MessagePort, without the master key
// or the secret key ever leaving it.
// See: [Note: Library workers get keys through a keyring, never the master key]

import {
  KEY_BYTES,
  type KeyPair,
  boxSealOpen,
  decryptBox,
  deriveSubKey,
  encryptBox,
  fromB64,
  toB64,
} from "../../shared/crypto";
import { type SettledWire, settle } from "../crypto/settled";
import {
  openAuthenticatorKeyUnder,
  wrapAuthenticatorKeyUnder,
} from "../library/authenticator-key-wrap";
import {
  localDatabaseKeyDerivation,
  type WrappedAuthenticatorKey,
  type WrappedCollectionKey,
  type WrappedUserEntityKey,
} from "../library/keyring";

/** The keyring as it crosses the port: per-item results carry their error by name. */
export interface LibraryKeyringWire {
  openCollectionKeys(items: readonly WrappedCollectionKey[]): Promise<SettledWire<string>[]>;
  wrapCollectionKey(
    collectionKeyB64: string,
  ): Promise<{ encryptedKey: string; keyDecryptionNonce: string }>;
  localDatabaseKey(): Promise<string>;
  openUserEntityKey(wrapped: WrappedUserEntityKey): Promise<string>;
  wrapUserEntityKey(keyB64: string): Promise<WrappedUserEntityKey>;
  openAuthenticatorKey(wrapped: WrappedAuthenticatorKey): Promise<string>;
  wrapAuthenticatorKey(keyB64: string): Promise<WrappedAuthenticatorKey>;
}

/** The keys the keyring works with, or a throw when the account is locked. */
export type HeldKeys = () => { masterKey: Uint8Array; keyPair: KeyPair };

/**
 * A keyring over the account worker's keys. Owned collection keys are
 * secretboxes under the master key; shared ones are sealed to the key pair
 * (spec §6 "Collection key").
 */
export const createLibraryKeyring = (keys: HeldKeys): LibraryKeyringWire => ({
  async openCollectionKeys(items) {
    const { masterKey, keyPair } = keys();
    return Promise.all(
      items.map((item) =>
        settle(async () => {
          const encryptedData = fromB64(item.encryptedKey);
          const key = item.owned
            ? await decryptBox(
                { encryptedData, nonce: fromB64(item.keyDecryptionNonce ?? "") },
                masterKey,
              )
            : await boxSealOpen(encryptedData, keyPair.publicKey, keyPair.secretKey);
          return toB64(key);
        }),
      ),
    );
  },

  async wrapCollectionKey(collectionKeyB64) {
    const { encryptedData, nonce } = await encryptBox(fromB64(collectionKeyB64), keys().masterKey);
    return { encryptedKey: toB64(encryptedData), keyDecryptionNonce: toB64(nonce) };
  },

  async localDatabaseKey() {
    const { context, subKeyID } = localDatabaseKeyDerivation;
    return toB64(await deriveSubKey(keys().masterKey, KEY_BYTES, subKeyID, context));
  },

  async openUserEntityKey({ encryptedKey, header }) {
    const key = await decryptBox(
      { encryptedData: fromB64(encryptedKey), nonce: fromB64(header) },
      keys().masterKey,
    );
    return toB64(key);
  },

  async wrapUserEntityKey(keyB64) {
    const { encryptedData, nonce } = await encryptBox(fromB64(keyB64), keys().masterKey);
    return { encryptedKey: toB64(encryptedData), header: toB64(nonce) };
  },

  openAuthenticatorKey: (wrapped) => openAuthenticatorKeyUnder(wrapped, keys().masterKey),

  wrapAuthenticatorKey: (keyB64) => wrapAuthenticatorKeyUnder(keyB64, keys().masterKey),
});
