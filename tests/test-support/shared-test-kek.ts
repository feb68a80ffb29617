// One password and one key-encryption key for the accounts tests sign up
// from Node, derived once per test run.
//
// [Note: Test accounts share one derived password key]
//
// A sign-up derives its KEK from the password with Argon2id at the strength
// the server requires (256 MiB × 16 passes): about 5 s of a core in Node,
// during which the test process (and the test Cairn it runs) answers
// nothing. The suites signed up about a hundred accounts that way. The key
// depends only on the password, the salt and the limits, so the accounts a
// test signs up with `sharedTestPassword` all take one KEK, derived once by
// the test projects' global setup with a fixed salt, and handed to the test
// workers in the environment. Each account still has its own random master
// key, key pair and recovery key, and its key attributes are real: a browser
// logs in with the password through the real derivation. A test that needs
// its own password (a wrong one refused, a password change) signs up with
// it and pays for the derivation. Outside the tests (the bench) the
// environment is empty and every sign-up derives its own KEK.

import { fromB64, toB64, type DerivedKey } from "../../shared/crypto";
import { deriveKey, SENSITIVE_START_LIMITS } from "../../shared/crypto/kek";
import { deriveKEKFor } from "../../workers/account/key-hierarchy";

/** The password of the test accounts that do not need one of their own. */
export const sharedTestPassword = "correct horse battery staple";

/** The environment variable with the derived key (JSON of `SharedKEKRecord`). */
const environmentKey = "CAIRN_TEST_SHARED_KEK";

/** A fixed 16-byte salt: every shared-password account has the same KEK. */
const sharedSaltB64 = toB64(new TextEncoder().encode("cairn test salt!"));

interface SharedKEKRecord {
  password: string;
  saltB64: string;
  keyB64: string;
  opsLimit: number;
  memLimitBytes: number;
}

/** Derives the shared KEK and puts it in this process's environment (the test workers inherit it). */
export const provideSharedTestKEK = async (): Promise<void> => {
  const { opsLimit, memLimitBytes } = SENSITIVE_START_LIMITS;
  const key = await deriveKey(sharedTestPassword, sharedSaltB64, opsLimit, memLimitBytes);
  const record: SharedKEKRecord = {
    password: sharedTestPassword,
    saltB64: sharedSaltB64,
    keyB64: toB64(key),
    opsLimit,
    memLimitBytes,
  };
  process.env[environmentKey] = JSON.stringify(record);
};

/** The shared KEK if `password` is the shared one and the global setup derived it; else undefined. */
export const sharedTestKEKFor = (password: string): DerivedKey | undefined => {
  const stored = process.env[environmentKey];
  if (stored === undefined || password !== sharedTestPassword) return undefined;
  const record = JSON.parse(stored) as SharedKEKRecord;
  return {
    key: fromB64(record.keyB64),
    salt: fromB64(record.saltB64),
    opsLimit: record.opsLimit,
    memLimitBytes: record.memLimitBytes,
  };
};

/**
 * A login's KEK derivation for tests: the shared key without Argon2id when
 * the account was signed up with the shared password (same salt and
 * limits); any other password is derived for real.
 * See: [Note: Test accounts share one derived password key]
 */
export const deriveKEKWithSharedTestKey: typeof deriveKEKFor = (attributes, password) => {
  const shared = sharedTestKEKFor(password);
  const sameParameters =
    shared !== undefined &&
    toB64(shared.salt) === attributes.kekSalt &&
    shared.opsLimit === attributes.opsLimit &&
    shared.memLimitBytes === attributes.memLimit;
  return sameParameters ? Promise.resolve(shared.key) : deriveKEKFor(attributes, password);
};
