// The account's key attributes as the wire carries them (wire-contract §2.1
// "KeyAttributes", "Crypto formats"). Every binary value is standard base64;
// `memLimit` is in bytes, `opsLimit` in Argon2id passes. The field names are
// the wire's, so they carry no `B64` suffix.

export interface KeyAttributes {
  kekSalt: string;
  /** The master key, Box-encrypted under the KEK. */
  encryptedKey: string;
  keyDecryptionNonce: string;
  /** The X25519 public key (32 bytes). */
  publicKey: string;
  /** The X25519 secret key, Box-encrypted under the master key. */
  encryptedSecretKey: string;
  secretKeyDecryptionNonce: string;
  /** Argon2id memory of the KEK, in bytes (the wire's name has no unit). */
  memLimit: number;
  opsLimit: number;
  /** The master key, Box-encrypted under the recovery key. */
  masterKeyEncryptedWithRecoveryKey?: string | undefined;
  masterKeyDecryptionNonce?: string | undefined;
  /** The recovery key, Box-encrypted under the master key. */
  recoveryKeyEncryptedWithMasterKey?: string | undefined;
  recoveryKeyDecryptionNonce?: string | undefined;
}

/** The KEK-dependent part of the attributes, as `POST /users/srp/update` takes it. */
export interface KEKAttributes {
  kekSalt: string;
  encryptedKey: string;
  keyDecryptionNonce: string;
  memLimit: number;
  opsLimit: number;
}

/** What `GET /users/srp/attributes` tells a client before login. */
export interface SRPLoginAttributes {
  srpUserID: string;
  srpSalt: string;
  kekSalt: string;
  memLimit: number;
  opsLimit: number;
}
