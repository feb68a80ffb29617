import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { fromB64, toB64, toB64URLSafe } from "../../../shared/crypto/base64";
import { loadSodium } from "../../../shared/crypto/sodium";
import { derivedKeyOf, type DerivedKeyPurpose, type ServerSecrets } from "../config/secrets";

// The server's own cryptography (wire-contract §1.3): emails and TOTP
// secrets under the server key, keyed email hashes, token and code hashes.

/** Lowercase and trimmed: how an email is compared (wire-contract §1.3). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

// [Note: Emails are found by a keyed hash]
//
// Stored emails are encrypted (secretbox under `keyEncryption`), so the
// server cannot search them. Each user row also holds the BLAKE2b-256 of the
// normalised email keyed with `keyHash`: equal emails give equal hashes, and
// without the key a leaked database does not let anyone test guesses.

/** base64(BLAKE2b-256 keyed with `keyHash` over the normalised email). See: [Note: Emails are found by a keyed hash] */
export const emailHashOf = async (secrets: ServerSecrets, email: string): Promise<string> => {
  const sodium = await loadSodium();
  return toB64(
    sodium.crypto_generichash(32, new TextEncoder().encode(normalizeEmail(email)), secrets.keyHash),
  );
};

export interface SealedWithServerKey {
  encryptedB64: string;
  nonceB64: string;
}

/** secretbox under the server's `keyEncryption` (emails, TOTP secrets). */
export const encryptWithServerKey = async (
  secrets: ServerSecrets,
  text: string,
): Promise<SealedWithServerKey> => {
  const sodium = await loadSodium();
  const nonce = sodium.randombytes_buf(sodium.crypto_secretbox_NONCEBYTES);
  const encrypted = sodium.crypto_secretbox_easy(
    new TextEncoder().encode(text),
    nonce,
    secrets.keyEncryption,
  );
  return { encryptedB64: toB64(encrypted), nonceB64: toB64(nonce) };
};

export const decryptWithServerKey = async (
  secrets: ServerSecrets,
  { encryptedB64, nonceB64 }: SealedWithServerKey,
): Promise<string> => {
  const sodium = await loadSodium();
  const plain = sodium.crypto_secretbox_open_easy(
    fromB64(encryptedB64),
    fromB64(nonceB64),
    secrets.keyEncryption,
  );
  return new TextDecoder().decode(plain);
};

/** URL-safe base64 SHA-256: how tokens and other bearer secrets are stored. */
export const sha256B64URL = (data: Uint8Array | string): string =>
  toB64URLSafe(createHash("sha256").update(data).digest());

/**
 * URL-safe base64 HMAC-SHA-256 of `text` under the key derived for `purpose`.
 * See: [Note: Keyed hashes of short secrets use keys derived from the hash key]
 */
export const keyedHashB64URL = (
  secrets: ServerSecrets,
  purpose: DerivedKeyPurpose,
  text: string,
): string =>
  toB64URLSafe(createHmac("sha256", derivedKeyOf(secrets, purpose)).update(text).digest());

/**
 * How logs name an email: a keyed hash of the normalised email, the same for
 * every mail to it and meaningless without the server's keys.
 * See: [Note: Keyed hashes of short secrets use keys derived from the hash key]
 */
export const emailLogIDOf = (secrets: ServerSecrets, email: string): string =>
  keyedHashB64URL(secrets, "email-log-id", normalizeEmail(email));

/** Constant-time equality of two hashes as stored. */
export const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** A fresh session token: 32 random bytes (wire-contract §1.1). */
export const newTokenBytes = (): Uint8Array => new Uint8Array(randomBytes(32));

/** A fresh 2FA or passkey session ID: 32 random bytes, URL-safe base64. */
export const newSessionID = (): string => toB64URLSafe(new Uint8Array(randomBytes(32)));

export const newUUID = (): string => randomUUID();

/** A uniformly random six-digit code, "%06d". */
export const newSixDigitCode = (): string => {
  // 2^32 is not a multiple of 10^6: reject the top sliver to stay uniform.
  const limit = Math.floor(2 ** 32 / 1_000_000) * 1_000_000;
  for (;;) {
    const value = randomBytes(4).readUInt32BE(0);
    if (value < limit) return String(value % 1_000_000).padStart(6, "0");
  }
};
