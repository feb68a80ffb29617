import type { Selectable } from "kysely";
import type {
  KeyAttributes,
  KeyAttributesInput,
} from "../../../shared/api/endpoints/account-schemas";
import { flag } from "../db/column-values";
import type { DB } from "../db/db";
import type { KeyAttributesTable, UsersTable } from "../db/schema";

// The queries of accounts (`users`, one row per account, its email stored
// encrypted and found by a keyed hash) and of their keys (`key_attributes`,
// one row per account once it has set them).
// See: [Note: One repository per table family]

export type UserRow = Selectable<UsersTable>;
export type KeyAttributesRow = Selectable<KeyAttributesTable>;

/** The account whose email has this keyed hash. See: [Note: Emails are found by a keyed hash] */
export const userByEmailHash = (db: DB, emailHash: string): Promise<UserRow | undefined> =>
  db.selectFrom("users").selectAll().where("email_hash", "=", emailHash).executeTakeFirst();

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

/** The encrypted emails of those of `userIDs` that exist. */
export const encryptedEmailsOf = (db: DB, userIDs: readonly number[]) =>
  db
    .selectFrom("users")
    .select(["user_id", "encrypted_email", "email_decryption_nonce"])
    .where("user_id", "in", [...userIDs])
    .execute();

/** Inserts an account; a second account with the same email hash violates a unique index. */
export const insertUser = async (db: DB, user: UserRow): Promise<void> => {
  await db.insertInto("users").values(user).execute();
};

/** Replaces an account's email: its encryption under the server key and its keyed hash. */
export const setUserEmail = async (
  db: DB,
  userID: number,
  email: { encryptedEmail: string; emailDecryptionNonce: string; emailHash: string },
): Promise<void> => {
  await db
    .updateTable("users")
    .set({
      encrypted_email: email.encryptedEmail,
      email_decryption_nonce: email.emailDecryptionNonce,
      email_hash: email.emailHash,
    })
    .where("user_id", "=", userID)
    .execute();
};

/** Whether logins of the account are verified by an emailed code. */
export const setEmailMFA = async (db: DB, userID: number, isEnabled: boolean): Promise<void> => {
  await db
    .updateTable("users")
    .set({ email_mfa: flag(isEnabled) })
    .where("user_id", "=", userID)
    .execute();
};

/** Whether logins of the account ask for a TOTP code. */
export const setTwoFactorEnabled = async (
  db: DB,
  userID: number,
  isEnabled: boolean,
): Promise<void> => {
  await db
    .updateTable("users")
    .set({ is_two_factor_enabled: flag(isEnabled) })
    .where("user_id", "=", userID)
    .execute();
};

/** Deletes the account's row (when the account is deleted). */
export const deleteUser = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("users").where("user_id", "=", userID).execute();
};

export const keyAttributesRowOf = (db: DB, userID: number): Promise<KeyAttributesRow | undefined> =>
  db.selectFrom("key_attributes").selectAll().where("user_id", "=", userID).executeTakeFirst();

/**
 * Stores the account's key attributes as the client sent them (absent
 * recovery fields as null, an absent `kekHash` as ""); false when the account
 * has them already, even from a concurrent request.
 */
export const insertKeyAttributes = async (
  db: DB,
  userID: number,
  attributes: KeyAttributesInput,
  createdAtUs: number,
): Promise<boolean> => {
  const inserted = await db
    .insertInto("key_attributes")
    .values({
      user_id: userID,
      kek_salt: attributes.kekSalt,
      kek_hash: attributes.kekHash ?? "",
      encrypted_key: attributes.encryptedKey,
      key_decryption_nonce: attributes.keyDecryptionNonce,
      public_key: attributes.publicKey,
      encrypted_secret_key: attributes.encryptedSecretKey,
      secret_key_decryption_nonce: attributes.secretKeyDecryptionNonce,
      mem_limit: attributes.memLimit,
      ops_limit: attributes.opsLimit,
      master_key_encrypted_with_recovery_key: attributes.masterKeyEncryptedWithRecoveryKey ?? null,
      master_key_decryption_nonce: attributes.masterKeyDecryptionNonce ?? null,
      recovery_key_encrypted_with_master_key: attributes.recoveryKeyEncryptedWithMasterKey ?? null,
      recovery_key_decryption_nonce: attributes.recoveryKeyDecryptionNonce ?? null,
      created_at_us: createdAtUs,
    })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
};

/** The four recovery fields of the key attributes. */
export type RecoveryKeyAttributes = Pick<
  KeyAttributes,
  | "masterKeyEncryptedWithRecoveryKey"
  | "masterKeyDecryptionNonce"
  | "recoveryKeyEncryptedWithMasterKey"
  | "recoveryKeyDecryptionNonce"
>;

/** Stores the account's master key under its recovery key, and the recovery key under the master key. */
export const setRecoveryKeyAttributes = async (
  db: DB,
  userID: number,
  recovery: RecoveryKeyAttributes,
): Promise<void> => {
  await db
    .updateTable("key_attributes")
    .set({
      master_key_encrypted_with_recovery_key: recovery.masterKeyEncryptedWithRecoveryKey,
      master_key_decryption_nonce: recovery.masterKeyDecryptionNonce,
      recovery_key_encrypted_with_master_key: recovery.recoveryKeyEncryptedWithMasterKey,
      recovery_key_decryption_nonce: recovery.recoveryKeyDecryptionNonce,
    })
    .where("user_id", "=", userID)
    .execute();
};

/** The key attributes a password change replaces: the KEK's salt and limits and the master key under it. */
export type PasswordKeyAttributes = Pick<
  KeyAttributes,
  "kekSalt" | "encryptedKey" | "keyDecryptionNonce" | "memLimit" | "opsLimit"
>;

/** Stores the master key under a new password's KEK. */
export const setPasswordKeyAttributes = async (
  db: DB,
  userID: number,
  keys: PasswordKeyAttributes,
): Promise<void> => {
  await db
    .updateTable("key_attributes")
    .set({
      kek_salt: keys.kekSalt,
      encrypted_key: keys.encryptedKey,
      key_decryption_nonce: keys.keyDecryptionNonce,
      mem_limit: keys.memLimit,
      ops_limit: keys.opsLimit,
    })
    .where("user_id", "=", userID)
    .execute();
};

/** Deletes the account's key attributes (when the account is deleted). */
export const deleteKeyAttributesOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("key_attributes").where("user_id", "=", userID).execute();
};

/** Accounts with their subscription and usage, for the admin command's listings. */
const accountSummaryQuery = (db: DB) =>
  db
    .selectFrom("users")
    .leftJoin("subscriptions", "subscriptions.user_id", "users.user_id")
    .leftJoin("usage", "usage.user_id", "users.user_id")
    .select([
      "users.user_id",
      "users.encrypted_email",
      "users.email_decryption_nonce",
      "users.creation_time_us",
      "subscriptions.product_id",
      "subscriptions.storage",
      "subscriptions.expiry_time_us",
      "usage.storage_consumed",
    ]);

export type AccountSummaryRow = Awaited<
  ReturnType<ReturnType<typeof accountSummaryQuery>["executeTakeFirstOrThrow"]>
>;

/** Every account with its subscription and usage, oldest first. */
export const accountSummaryRows = (db: DB): Promise<AccountSummaryRow[]> =>
  accountSummaryQuery(db).orderBy("users.creation_time_us").orderBy("users.user_id").execute();

/** The account whose email has this keyed hash, with its subscription and usage. */
export const accountSummaryRowOfEmailHash = (
  db: DB,
  emailHash: string,
): Promise<AccountSummaryRow | undefined> =>
  accountSummaryQuery(db).where("users.email_hash", "=", emailHash).executeTakeFirst();
