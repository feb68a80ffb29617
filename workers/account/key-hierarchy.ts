// The account's key hierarchy (wire-contract "Crypto formats"; reference-notes
// Part A §2 "Key hierarchy"): what sign-up generates and how each key is
// unwrapped again. Pure functions over `shared/crypto`; the worker holds the
// results.
//
//   password ──Argon2id──▶ KEK ──Box──▶ master key ──Box──▶ X25519 secret key
//   recovery key ─────────────────────▶ master key ──Box──▶ recovery key
//   KEK ──KDF "loginctx"──▶ SRP login sub-key (the SRP password)

import {
  DecryptionError,
  decryptBox,
  deriveKey,
  deriveSensitiveKey,
  encryptBox,
  fromB64,
  generateKey,
  generateKeyPair,
  recoveryKeyFromMnemonicOrHex,
  toB64,
  type DerivedKey,
  type EncryptedBox,
  type KeyPair,
} from "../../shared/crypto";
import {
  IncorrectPasswordError,
  IncorrectRecoveryKeyError,
} from "../../shared/model/accounts/account-errors";
import type { KEKAttributes, KeyAttributes } from "./key-attributes";

/** Derives a new KEK (fresh salt) from a password; the account's is `deriveSensitiveKey`. */
export type DeriveNewKEK = (password: string) => Promise<DerivedKey>;

export interface GeneratedAccountKeys {
  keyAttributes: KeyAttributes;
  masterKey: Uint8Array;
  recoveryKey: Uint8Array;
  keyPair: KeyPair;
  kek: Uint8Array;
}

const boxB64 = async (data: Uint8Array, key: Uint8Array) => {
  const { encryptedData, nonce } = await encryptBox(data, key);
  return { encryptedDataB64: toB64(encryptedData), nonceB64: toB64(nonce) };
};

const boxFromB64 = (encryptedDataB64: string, nonceB64: string): EncryptedBox => ({
  encryptedData: fromB64(encryptedDataB64),
  nonce: fromB64(nonceB64),
});

/** The KEK fields of the attributes for `masterKey` wrapped under `derived`. */
export const wrapMasterKeyUnderKEK = async (
  masterKey: Uint8Array,
  derived: DerivedKey,
): Promise<KEKAttributes> => {
  const wrapped = await boxB64(masterKey, derived.key);
  return {
    kekSalt: toB64(derived.salt),
    encryptedKey: wrapped.encryptedDataB64,
    keyDecryptionNonce: wrapped.nonceB64,
    memLimit: derived.memLimitBytes,
    opsLimit: derived.opsLimit,
  };
};

/**
 * Every key of a new account and the attributes the server keeps: the master
 * key under the KEK, the secret key under the master key, the master key
 * under the recovery key and the recovery key under the master key.
 */
export const generateAccountKeys = async (
  password: string,
  deriveNewKEK: DeriveNewKEK = deriveSensitiveKey,
): Promise<GeneratedAccountKeys> => {
  const masterKey = await generateKey();
  const recoveryKey = await generateKey();
  const keyPair = await generateKeyPair();
  const derived = await deriveNewKEK(password);
  const kekAttributes = await wrapMasterKeyUnderKEK(masterKey, derived);
  const secretKey = await boxB64(keyPair.secretKey, masterKey);
  const masterUnderRecovery = await boxB64(masterKey, recoveryKey);
  const recoveryUnderMaster = await boxB64(recoveryKey, masterKey);
  return {
    keyAttributes: {
      ...kekAttributes,
      publicKey: toB64(keyPair.publicKey),
      encryptedSecretKey: secretKey.encryptedDataB64,
      secretKeyDecryptionNonce: secretKey.nonceB64,
      masterKeyEncryptedWithRecoveryKey: masterUnderRecovery.encryptedDataB64,
      masterKeyDecryptionNonce: masterUnderRecovery.nonceB64,
      recoveryKeyEncryptedWithMasterKey: recoveryUnderMaster.encryptedDataB64,
      recoveryKeyDecryptionNonce: recoveryUnderMaster.nonceB64,
    },
    masterKey,
    recoveryKey,
    keyPair,
    kek: derived.key,
  };
};

/** The KEK of `password` for these attributes (their salt and limits). */
export const deriveKEKFor = (
  { kekSalt, opsLimit, memLimit }: Pick<KeyAttributes, "kekSalt" | "opsLimit" | "memLimit">,
  password: string,
): Promise<Uint8Array> => deriveKey(password, kekSalt, opsLimit, memLimit);

/** The master key under `kek`; a KEK that does not open it means a wrong password. */
export const decryptMasterKeyWithKEK = async (
  keyAttributes: KeyAttributes,
  kek: Uint8Array,
): Promise<Uint8Array> => {
  try {
    return await decryptBox(
      boxFromB64(keyAttributes.encryptedKey, keyAttributes.keyDecryptionNonce),
      kek,
    );
  } catch (e) {
    if (e instanceof DecryptionError) throw new IncorrectPasswordError({ cause: e });
    throw e;
  }
};

/** The master key from the recovery key a user typed (mnemonic or hex). */
export const decryptMasterKeyWithRecoveryKey = async (
  keyAttributes: KeyAttributes,
  recoveryMnemonicOrHex: string,
): Promise<Uint8Array> => {
  const { masterKeyEncryptedWithRecoveryKey, masterKeyDecryptionNonce } = keyAttributes;
  if (masterKeyEncryptedWithRecoveryKey === undefined || masterKeyDecryptionNonce === undefined) {
    // An account without a recovery key cannot be recovered with one.
    throw new IncorrectRecoveryKeyError();
  }
  const recoveryKey = recoveryKeyFromMnemonicOrHex(recoveryMnemonicOrHex);
  try {
    return await decryptBox(
      boxFromB64(masterKeyEncryptedWithRecoveryKey, masterKeyDecryptionNonce),
      recoveryKey,
    );
  } catch (e) {
    if (e instanceof DecryptionError) throw new IncorrectRecoveryKeyError({ cause: e });
    throw e;
  }
};

/** The X25519 key pair of the account, its secret key unwrapped with the master key. */
export const decryptKeyPair = async (
  keyAttributes: KeyAttributes,
  masterKey: Uint8Array,
): Promise<KeyPair> => ({
  publicKey: fromB64(keyAttributes.publicKey),
  secretKey: await decryptBox(
    boxFromB64(keyAttributes.encryptedSecretKey, keyAttributes.secretKeyDecryptionNonce),
    masterKey,
  ),
});

/** The recovery key, unwrapped with the master key; undefined for an account without one. */
export const decryptRecoveryKey = async (
  keyAttributes: KeyAttributes,
  masterKey: Uint8Array,
): Promise<Uint8Array | undefined> => {
  const { recoveryKeyEncryptedWithMasterKey, recoveryKeyDecryptionNonce } = keyAttributes;
  if (recoveryKeyEncryptedWithMasterKey === undefined || recoveryKeyDecryptionNonce === undefined) {
    return undefined;
  }
  return decryptBox(
    boxFromB64(recoveryKeyEncryptedWithMasterKey, recoveryKeyDecryptionNonce),
    masterKey,
  );
};
