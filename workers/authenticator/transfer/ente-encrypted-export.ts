// Ente Auth's encrypted export: the plain export's text (See: [Note: Ente's
// plain export separates codes by newlines or commas]) under a key derived
// from a password, as JSON. Written so that Ente Auth imports ours and we
// import Ente's.

import { fromB64, toB64 } from "../../../shared/crypto/base64";
import { type KEKLimits, deriveDownLadder, kekLimitsLadder } from "../../../shared/crypto/kek";
import { type Sodium, freeSecretstreamState } from "../../../shared/crypto/sodium";
import { type Result, err, ok } from "../codes";
import { type JSONObject, isObject } from "./json-fields";

// [Note: Ente Auth's encrypted export]
//
// `{"version": 1, "kdfParams": {"memLimit", "opsLimit", "salt"},
// "encryptedData", "encryptionNonce"}` (Flutter app: models/export/ente.dart,
// export_widget.dart, encrypted_ente_import.dart). The key is Argon2id13
// (`crypto_pwhash`) of the UTF-8 password with a random 16-byte salt, 32
// bytes, at Ente's "sensitive" derivation: 256 MiB and 16 passes first, then
// half the memory and twice the passes while allocation fails. That is our
// account KEK's ladder exactly (See: [Note: Sensitive KEK limits and the
// memory ladder]), so we reuse it; the limits that succeeded are written to
// the file. The data is one `crypto_secretstream_xchacha20poly1305` message
// tagged FINAL (a Blob; `encryptionNonce` is the secretstream header), all
// base64 standard with padding. `memLimit` is in bytes.
//
// On import the limits come from the file. We accept at most 1 GiB of memory
// (libsodium's sensitive level; a browser tab cannot give more) and refuse
// anything else as not an export, rather than fail deep in libsodium.

export interface EnteEncryptedExport {
  version: number;
  kdfParams: { memLimit: number; opsLimit: number; salt: string };
  encryptedData: string;
  encryptionNonce: string;
}

export type DecryptExportError =
  { kind: "wrong-password" } | { kind: "invalid-export"; reason: string };

/** The version Ente writes and the only one there is. */
const EXPORT_VERSION = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** See: [Note: Ente Auth's encrypted export] */
const MAX_MEM_LIMIT_BYTES = 1024 * 1024 * 1024;

/** The export if `json` has its shape (fields and types), else undefined. */
export const enteEncryptedExportOf = (json: unknown): EnteEncryptedExport | undefined => {
  if (!isObject(json) || !isObject(json.kdfParams)) return undefined;
  const kdf: JSONObject = json.kdfParams;
  const { version, encryptedData, encryptionNonce } = json;
  const { memLimit, opsLimit, salt } = kdf;
  if (
    typeof version !== "number" ||
    typeof encryptedData !== "string" ||
    typeof encryptionNonce !== "string" ||
    typeof memLimit !== "number" ||
    typeof opsLimit !== "number" ||
    typeof salt !== "string"
  ) {
    return undefined;
  }
  return { version, kdfParams: { memLimit, opsLimit, salt }, encryptedData, encryptionNonce };
};

const argon2id = (sodium: Sodium, password: string, salt: Uint8Array, limits: KEKLimits) =>
  sodium.crypto_pwhash(
    KEY_BYTES,
    new TextEncoder().encode(password),
    salt,
    limits.opsLimit,
    limits.memLimitBytes,
    sodium.crypto_pwhash_ALG_ARGON2ID13,
  );

export interface EncryptExportOptions {
  /**
   * The Argon2id limits to try in order. Tests pass cheap ones; every real
   * export uses the default. See: [Note: Ente Auth's encrypted export]
   */
  kdfLadder?: readonly KEKLimits[];
}

/**
 * Encrypts an export's text (`plainExport`) with a password into Ente Auth's
 * encrypted export JSON. See: [Note: Ente Auth's encrypted export]
 */
export const encryptExport = async (
  text: string,
  password: string,
  sodium: Sodium,
  { kdfLadder = kekLimitsLadder() }: EncryptExportOptions = {},
): Promise<string> => {
  const salt = sodium.randombytes_buf(SALT_BYTES);
  const { key, limits } = await deriveDownLadder(kdfLadder, (l) =>
    argon2id(sodium, password, salt, l),
  );
  const { state, header } = sodium.crypto_secretstream_xchacha20poly1305_init_push(key);
  let encrypted: Uint8Array;
  try {
    encrypted = sodium.crypto_secretstream_xchacha20poly1305_push(
      state,
      new TextEncoder().encode(text),
      null,
      sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL,
    );
  } finally {
    freeSecretstreamState(state);
    sodium.memzero(key);
  }
  const exported: EnteEncryptedExport = {
    version: EXPORT_VERSION,
    kdfParams: { memLimit: limits.memLimitBytes, opsLimit: limits.opsLimit, salt: toB64(salt) },
    encryptedData: toB64(encrypted),
    encryptionNonce: toB64(header),
  };
  return JSON.stringify(exported);
};

const decodeB64 = (text: string): Uint8Array | undefined => {
  try {
    return fromB64(text);
  } catch {
    return undefined;
  }
};

/**
 * Decrypts Ente Auth's encrypted export (the JSON text or its parsed form)
 * into the export's text, a list of `otpauth://` URIs for `parseImport`.
 * See: [Note: Ente Auth's encrypted export]
 */
export const decryptEnteExport = (
  json: string | EnteEncryptedExport,
  password: string,
  sodium: Sodium,
): Promise<Result<string, DecryptExportError>> =>
  // Asynchronous like `encryptExport` (libsodium's calls are synchronous;
  // the promise also turns an unexpected throw into a rejection).
  Promise.resolve().then(() => decryptNow(json, password, sodium));

const decryptNow = (
  json: string | EnteEncryptedExport,
  password: string,
  sodium: Sodium,
): Result<string, DecryptExportError> => {
  let exported: EnteEncryptedExport | undefined;
  if (typeof json === "string") {
    try {
      exported = enteEncryptedExportOf(JSON.parse(json));
    } catch {
      exported = undefined;
    }
  } else {
    exported = enteEncryptedExportOf(json);
  }
  const invalid = (reason: string) => err({ kind: "invalid-export" as const, reason });
  if (exported === undefined) return invalid("not an Ente Auth encrypted export");
  if (exported.version !== EXPORT_VERSION) return invalid(`unknown version ${exported.version}`);

  const { memLimit, opsLimit } = exported.kdfParams;
  const salt = decodeB64(exported.kdfParams.salt);
  const header = decodeB64(exported.encryptionNonce);
  const encrypted = decodeB64(exported.encryptedData);
  if (
    !Number.isSafeInteger(memLimit) ||
    memLimit < sodium.crypto_pwhash_MEMLIMIT_MIN ||
    memLimit > MAX_MEM_LIMIT_BYTES ||
    !Number.isSafeInteger(opsLimit) ||
    opsLimit < sodium.crypto_pwhash_OPSLIMIT_MIN ||
    opsLimit > 0x7fffffff
  ) {
    return invalid(`key derivation limits out of range (${memLimit} bytes, ${opsLimit} passes)`);
  }
  if (salt?.length !== SALT_BYTES) return invalid("the salt is not 16 bytes of base64");
  if (header?.length !== sodium.crypto_secretstream_xchacha20poly1305_HEADERBYTES) {
    return invalid("the nonce is not a secretstream header in base64");
  }
  if (
    encrypted === undefined ||
    encrypted.length < sodium.crypto_secretstream_xchacha20poly1305_ABYTES
  ) {
    return invalid("the encrypted data is not base64 of a secretstream message");
  }

  const key = argon2id(sodium, password, salt, { opsLimit, memLimitBytes: memLimit });
  const state = sodium.crypto_secretstream_xchacha20poly1305_init_pull(header, key);
  sodium.memzero(key);
  let message: { message: Uint8Array; tag: number } | false;
  try {
    message = sodium.crypto_secretstream_xchacha20poly1305_pull(state, encrypted, null);
  } catch {
    // libsodium.js throws on a failed authentication, that is a wrong password
    // (or a damaged file, which the MAC cannot tell apart).
    message = false;
  } finally {
    freeSecretstreamState(state);
  }
  // Ente's reader takes the message whatever its tag; so do we (it is the only one).
  if (!message) return err({ kind: "wrong-password" });
  try {
    return ok(new TextDecoder("utf-8", { fatal: true }).decode(message.message));
  } catch {
    return invalid("the decrypted data is not UTF-8 text");
  }
};
