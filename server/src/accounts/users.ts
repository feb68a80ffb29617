import type { KeyAttributes } from "../../../shared/api/endpoints/account-schemas";
import type { DB } from "../db/db";
import { nextID } from "../db/id-counters";
import { microsecondsPerDay } from "../time";
import type { AccountsContext } from "./context";
import {
  decryptWithServerKey,
  emailHashOf,
  encryptWithServerKey,
  normalizeEmail,
} from "./server-crypto";
import { insertSubscription } from "./subscription-repository";
import { insertUsageRow } from "./usage-repository";
import {
  insertUser,
  keyAttributesRowOf,
  userByEmailHash,
  type KeyAttributesRow,
  type UserRow,
} from "./user-repository";

// Accounts: finding one by email, reading its email, creating one, and its
// key attributes as the wire has them. The queries are in `user-repository.ts`.

/** The first user (and subscription) ID (wire-contract §0.3). See: [Note: Account IDs come from a counter] */
export const firstAccountID = 1580559962386438;

/** The account of an email (normalised or not). */
export const findUserByEmail = async (
  context: AccountsContext,
  email: string,
): Promise<UserRow | undefined> =>
  userByEmailHash(context.db, await emailHashOf(context.secrets, email));

export const emailOf = (context: AccountsContext, user: UserRow): Promise<string> =>
  decryptWithServerKey(context.secrets, {
    encryptedB64: user.encrypted_email,
    nonceB64: user.email_decryption_nonce,
  });

/** The free plan lasts 100 years (wire-contract §10). */
const freePlanDurationYears = 100;
export const freePlanProductID = "free";

/**
 * Creates a user with its usage row and free subscription
 * (wire-contract §2.1 verify-email).
 */
export const createUser = async (
  context: AccountsContext,
  email: string,
  source: string | undefined,
): Promise<UserRow> => {
  const normalized = normalizeEmail(email);
  const emailHash = await emailHashOf(context.secrets, normalized);
  const { encryptedB64, nonceB64 } = await encryptWithServerKey(context.secrets, normalized);
  const now = context.nowUs();
  return context.db.transaction().execute(async (trx) => {
    const userID = await nextID(trx, "user");
    const user: UserRow = {
      user_id: userID,
      encrypted_email: encryptedB64,
      email_decryption_nonce: nonceB64,
      email_hash: emailHash,
      creation_time_us: now,
      is_two_factor_enabled: 0,
      email_mfa: 0,
      source: source ?? null,
    };
    await insertUser(trx, user);
    await insertUsageRow(trx, userID);
    await insertSubscription(trx, {
      subscription_id: await nextID(trx, "subscription"),
      user_id: userID,
      storage: context.freeStorageBytes,
      original_transaction_id: "none",
      expiry_time_us: now + Math.round(freePlanDurationYears * 365.25 * microsecondsPerDay),
      product_id: freePlanProductID,
      payment_provider: "",
      attributes: "{}",
      upgraded_at_us: null,
    });
    return user;
  });
};

/** KeyAttributes as the wire has them (every field present, "" for unset recovery fields). */
export const keyAttributesToWire = (row: KeyAttributesRow): KeyAttributes => ({
  kekSalt: row.kek_salt,
  kekHash: row.kek_hash,
  encryptedKey: row.encrypted_key,
  keyDecryptionNonce: row.key_decryption_nonce,
  publicKey: row.public_key,
  encryptedSecretKey: row.encrypted_secret_key,
  secretKeyDecryptionNonce: row.secret_key_decryption_nonce,
  memLimit: row.mem_limit,
  opsLimit: row.ops_limit,
  masterKeyEncryptedWithRecoveryKey: row.master_key_encrypted_with_recovery_key ?? "",
  masterKeyDecryptionNonce: row.master_key_decryption_nonce ?? "",
  recoveryKeyEncryptedWithMasterKey: row.recovery_key_encrypted_with_master_key ?? "",
  recoveryKeyDecryptionNonce: row.recovery_key_decryption_nonce ?? "",
});

/** The account's key attributes as the wire has them, once it has set them. */
export const keyAttributesOf = async (
  db: DB,
  userID: number,
): Promise<KeyAttributes | undefined> => {
  const row = await keyAttributesRowOf(db, userID);
  return row === undefined ? undefined : keyAttributesToWire(row);
};
