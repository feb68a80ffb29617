import type { Settled } from "../crypto/settled";

// [Note: Library workers get keys through a keyring, never the master key]
//
// The master key and the secret key stay in the account worker (browser) or
// in the test/bench process (Node). The library's workers (sync, upload) need
// only what a keyring gives: collection keys opened for them in batches, new
// collection keys wrapped for the server, and the key that encrypts the local
// database. In the browser the keyring is the account worker reached over a
// MessagePort that the UI thread hands from one worker to the other without
// ever reading a key; in Node it is the account's keys held in memory.

/** A collection key as the server keeps it: boxed under the owner's master key, or sealed to a sharee. */
export interface WrappedCollectionKey {
  encryptedKey: string;
  /** Present for owned collections (secretbox); absent for shared ones (sealed box). */
  keyDecryptionNonce?: string | null | undefined;
  /** True when the caller owns the collection. See spec §6 "Collection key". */
  owned: boolean;
}

/**
 * A user-entity type's key as the server keeps it (`/user-entity/key`):
 * secretbox(entityKey, masterKey), whose nonce the reference calls `header`.
 */
export interface WrappedUserEntityKey {
  encryptedKey: string;
  /** The secretbox's nonce, base64. */
  header: string;
}

/**
 * The authenticator key as the server keeps it (`/authenticator/key`):
 * secretbox(key, masterKey) with its nonce as `header`, or a Blob with its
 * decryption header. See: [Note: The authenticator key is made as the reference's apps make it]
 */
export interface WrappedAuthenticatorKey {
  encryptedKey: string;
  /** The secretbox's nonce, or the Blob's decryption header; base64. */
  header: string;
}

// [Note: The authenticator key is made as the reference's apps make it]
//
// The wire contract calls the authenticator key a Blob under the master
// key; the reference's auth apps (mobile, desktop and web) box it with
// secretbox instead, and open it only as a box. A key we wrap must open in
// those apps, so a new key is a secretbox (48 bytes), like a user entity's
// key. A key that another client wrote as a Blob (49 bytes: the key, then
// secretstream's 17 bytes of tag and MAC) is opened as a Blob: the length
// tells them apart, and the server keeps either (see: [Note: The
// authenticator key is a Blob or a secretbox]).

/** The length of a Blob-wrapped authenticator key: 32 bytes and secretstream's 17. */
export const blobWrappedAuthenticatorKeyBytes = 32 + 17;

export interface LibraryKeyring {
  /** Opens collection keys, one result per item (a wrong key fails that item only). */
  openCollectionKeys(items: readonly WrappedCollectionKey[]): Promise<Settled<string>[]>;
  /** Wraps a (new) collection key under the master key for `POST /collections`. */
  wrapCollectionKey(
    collectionKeyB64: string,
  ): Promise<{ encryptedKey: string; keyDecryptionNonce: string }>;
  /**
   * The key of the local database's ciphertext: a KDF sub-key of the master
   * key (context `localdb_`, id 1), so the same account gets the same key
   * after a reload or on re-login, and nobody without the master key can
   * read the local copy. See: [Note: The local database holds only ciphertext]
   */
  localDatabaseKey(): Promise<string>;
  /** Opens a user-entity type's key; throws when it is not under this account's master key. */
  openUserEntityKey(wrapped: WrappedUserEntityKey): Promise<string>;
  /** Wraps a (new) user-entity key under the master key for `POST /user-entity/key`. */
  wrapUserEntityKey(keyB64: string): Promise<WrappedUserEntityKey>;
  /** Opens the authenticator key (a secretbox or a Blob); throws when it is not under this account's master key. */
  openAuthenticatorKey(wrapped: WrappedAuthenticatorKey): Promise<string>;
  /** Wraps a (new) authenticator key under the master key (a secretbox) for `POST /authenticator/key`. */
  wrapAuthenticatorKey(keyB64: string): Promise<WrappedAuthenticatorKey>;
}

/** The KDF context and sub-key ID of `localDatabaseKey` (8 bytes, libsodium's crypto_kdf). */
export const localDatabaseKeyDerivation = { context: "localdb_", subKeyID: 1 } as const;
