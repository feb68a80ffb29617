// The key-encryption key (KEK): Argon2id13 (`crypto_pwhash`) of the user's
// password, 16-byte salt, 32-byte key. It wraps the master key.

import { fromB64 } from "./base64";
import { CryptoError, InsufficientMemoryError, describeThrown } from "./errors";
import { KEY_BYTES, PWHASH_SALT_BYTES, ensureLength } from "./sizes";
import { loadSodium } from "./sodium";
import { utf8ToBytes } from "./utf8";

const MiB = 1024 * 1024;

export interface KEKLimits {
  opsLimit: number;
  memLimitBytes: number;
}

export interface DerivedKey extends KEKLimits {
  key: Uint8Array;
  salt: Uint8Array;
}

// [Note: Sensitive KEK limits and the memory ladder]
//
// The KEK of an account is derived with memLimit × opsLimit = 4 GiB (the work
// of libsodium's SENSITIVE level; the server checks the product). Asking for
// 1 GiB at once fails on phones and 32-bit browsers, so we start at 256 MiB ×
// 16 passes and, when the allocation fails, halve the memory and double the
// passes (same product, same cost for an attacker's time, less memory). The
// floor is 128 MiB, the least the server accepts; below it we give up with
// `InsufficientMemoryError`. The ladder is a pure function so the fallback is
// tested without allocating hundreds of MiB.

/** Where the ladder starts. See: [Note: Sensitive KEK limits and the memory ladder] */
export const SENSITIVE_START_LIMITS: KEKLimits = { opsLimit: 16, memLimitBytes: 256 * MiB };
/** The lowest memory we accept. See: [Note: Sensitive KEK limits and the memory ladder] */
export const SENSITIVE_FLOOR_MEM_LIMIT_BYTES = 128 * MiB;
/** libsodium's INTERACTIVE level, for local-only re-wraps and public-link passwords. */
export const INTERACTIVE_LIMITS: KEKLimits = { opsLimit: 2, memLimitBytes: 64 * MiB };

/**
 * The limits to try in order, from `start` halving memory (and doubling
 * passes) down to `floorMemLimitBytes`. See: [Note: Sensitive KEK limits and the memory ladder]
 */
export const kekLimitsLadder = (
  start: KEKLimits = SENSITIVE_START_LIMITS,
  floorMemLimitBytes: number = SENSITIVE_FLOOR_MEM_LIMIT_BYTES,
): KEKLimits[] => {
  const ladder: KEKLimits[] = [];
  let { opsLimit, memLimitBytes } = start;
  while (memLimitBytes >= floorMemLimitBytes) {
    ladder.push({ opsLimit, memLimitBytes });
    memLimitBytes /= 2;
    opsLimit *= 2;
  }
  return ladder;
};

/**
 * Runs `derive` at each step of `ladder` until one succeeds. A `CryptoError`
 * (a usage error, not memory) stops at once; anything else thrown counts as
 * an allocation failure and moves to the next step. After the last step it
 * throws `InsufficientMemoryError`.
 */
export const deriveDownLadder = async (
  ladder: readonly KEKLimits[],
  derive: (limits: KEKLimits) => Uint8Array | Promise<Uint8Array>,
): Promise<{ key: Uint8Array; limits: KEKLimits }> => {
  const failures: string[] = [];
  for (const limits of ladder) {
    try {
      return { key: await derive(limits), limits };
    } catch (e) {
      if (e instanceof CryptoError) throw e;
      failures.push(`${limits.memLimitBytes / MiB} MiB: ${describeThrown(e)}`);
    }
  }
  throw new InsufficientMemoryError(
    `Failed to derive key (insufficient memory; tried ${failures.join(", ")})`,
  );
};

const argon2id = async (
  password: string | Uint8Array,
  salt: Uint8Array,
  { opsLimit, memLimitBytes }: KEKLimits,
): Promise<Uint8Array> => {
  const sodium = await loadSodium();
  ensureLength(salt, PWHASH_SALT_BYTES, "Argon2id salt");
  // libsodium.js passes both limits as signed 32-bit integers (its *_MAX
  // constants overflow to negative numbers), so 2^31 - 1 is the real ceiling.
  const int32Max = 0x7fffffff;
  const isWithin = (value: number, min: number) =>
    Number.isInteger(value) && value >= min && value <= int32Max;
  if (
    !isWithin(opsLimit, sodium.crypto_pwhash_OPSLIMIT_MIN) ||
    !isWithin(memLimitBytes, sodium.crypto_pwhash_MEMLIMIT_MIN)
  ) {
    throw new CryptoError(`Invalid Argon2id limits: ${opsLimit} passes, ${memLimitBytes} bytes`);
  }
  const passwordBytes = typeof password === "string" ? utf8ToBytes(password) : password;
  return sodium.crypto_pwhash(
    KEY_BYTES,
    passwordBytes,
    salt,
    opsLimit,
    memLimitBytes,
    sodium.crypto_pwhash_ALG_ARGON2ID13,
  );
};

/**
 * Derives a new account KEK with a fresh salt at the sensitive limits,
 * falling back down the memory ladder. See: [Note: Sensitive KEK limits and the memory ladder]
 */
export const deriveSensitiveKey = async (password: string): Promise<DerivedKey> => {
  const salt = (await loadSodium()).randombytes_buf(PWHASH_SALT_BYTES);
  const { key, limits } = await deriveDownLadder(kekLimitsLadder(), (limits) =>
    argon2id(password, salt, limits),
  );
  return { key, salt, ...limits };
};

/** Derives a key with a fresh salt at libsodium's interactive limits (2 passes, 64 MiB). */
export const deriveInteractiveKey = async (password: string): Promise<DerivedKey> => {
  const salt = (await loadSodium()).randombytes_buf(PWHASH_SALT_BYTES);
  return {
    key: await deriveKeyWithSalt(password, salt, INTERACTIVE_LIMITS),
    salt,
    ...INTERACTIVE_LIMITS,
  };
};

/** Re-derives a key from its stored salt and limits (login, public-link passwords). */
export const deriveKey = async (
  password: string,
  saltB64: string,
  opsLimit: number,
  memLimitBytes: number,
): Promise<Uint8Array> =>
  deriveKeyWithSalt(password, fromB64(saltB64), { opsLimit, memLimitBytes });

const deriveKeyWithSalt = async (
  password: string,
  salt: Uint8Array,
  limits: KEKLimits,
): Promise<Uint8Array> => {
  try {
    return await argon2id(password, salt, limits);
  } catch (e) {
    if (e instanceof CryptoError) throw e;
    throw new InsufficientMemoryError(
      `Failed to derive key at ${limits.memLimitBytes / MiB} MiB: ${describeThrown(e)}`,
      { cause: e },
    );
  }
};
