import type { Selectable } from "kysely";
import type { KeyAttributes } from "../../../shared/api/endpoints/account-schemas";
import type { DB } from "../db/db";
import { nextID } from "../db/id-counters";
import type { KeyAttributesTable, UsersTable } from "../db/schema";
import { microsecondsPerDay } from "../time";
import type { AccountsContext } from "./context";
import {
  decryptWithServerKey,
  emailHashOf,
  encryptWithServerKey,
  normalizeEmail,
} from "./server-crypto";

// Users and their key attributes in the database.

/** The first user (and subscription) ID (wire-contract §0.3). See: [Note: Account IDs come from a counter] */
export const firstAccountID = 1580559962386438;

export type UserRow = Selectable<UsersTable>;

export const findUserByEmail = async (
  context: AccountsContext,
  email: string,
): Promise<UserRow | undefined> =>
  context.db
    .selectFrom("users")
    .selectAll()
    .where("email_hash", "=", await emailHashOf(context.secrets, email))
    .executeTakeFirst();

/** The ID of the account whose email has this keyed hash. */
export const userIDOfEmailHash = async (db: DB, emailHash: string): Promise<number | undefined> =>
  (
    await db
      .selectFrom("users")
      .select("user_id")
      .where("email_hash", "=", emailHash)
      .executeTakeFirst()
  )?.user_id;

export const findUserByID = (db: DB, userID: number): Promise<UserRow | undefined> =>
  db.selectFrom("users").selectAll().where("user_id", "=", userID).executeTakeFirst();

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
    await trx.insertInto("users").values(user).execute();
    await trx.insertInto("usage").values({ user_id: userID, storage_consumed: 0 }).execute();
    await trx
      .insertInto("subscriptions")
      .values({
        subscription_id: await nextID(trx, "subscription"),
        user_id: userID,
        storage: context.freeStorageBytes,
        original_transaction_id: "none",
        expiry_time_us: now + Math.round(freePlanDurationYears * 365.25 * microsecondsPerDay),
        product_id: freePlanProductID,
        payment_provider: "",
        attributes: "{}",
        upgraded_at_us: null,
      })
      .execute();
    return user;
  });
};

export const keyAttributesRowOf = (
  db: DB,
  userID: number,
): Promise<Selectable<KeyAttributesTable> | undefined> =>
  db.selectFrom("key_attributes").selectAll().where("user_id", "=", userID).executeTakeFirst();

/** KeyAttributes as the wire has them (every field present, "" for unset recovery fields). */
export const keyAttributesToWire = (row: Selectable<KeyAttributesTable>): KeyAttributes => ({
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

export const keyAttributesOf = async (
  db: DB,
  userID: number,
): Promise<KeyAttributes | undefined> => {
  const row = await keyAttributesRowOf(db, userID);
  return row === undefined ? undefined : keyAttributesToWire(row);
};
