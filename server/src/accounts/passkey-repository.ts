import type { Selectable } from "kysely";
import type { DB } from "../db/db";
import type {
  PasskeyCredentialsTable,
  PasskeyLoginSessionsTable,
  PasskeysTable,
  WebauthnCeremoniesTable,
} from "../db/schema";

// The queries of passkeys: an account's passkeys (`passkeys`) and their
// WebAuthn credentials (`passkey_credentials`, one per passkey), the logins
// waiting for a passkey (`passkey_login_sessions`), and the WebAuthn
// ceremonies in progress (`webauthn_ceremonies`).
// See: [Note: One repository per table family]

export type PasskeyRow = Selectable<PasskeysTable>;
export type PasskeyCredentialRow = Selectable<PasskeyCredentialsTable>;
export type PasskeyLoginSessionRow = Selectable<PasskeyLoginSessionsTable>;
export type WebAuthnCeremonyRow = Selectable<WebauthnCeremoniesTable>;

/** How many passkeys the account has. */
export const passkeyCountOf = async (db: DB, userID: number): Promise<number> => {
  const row = await db
    .selectFrom("passkeys")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("user_id", "=", userID)
    .executeTakeFirstOrThrow();
  // PostgreSQL counts in bigint, which its driver answers as text.
  return Number(row.count);
};

/** The account's passkeys, oldest first. */
export const passkeysOf = (db: DB, userID: number): Promise<PasskeyRow[]> =>
  db
    .selectFrom("passkeys")
    .selectAll()
    .where("user_id", "=", userID)
    .orderBy("created_at_us")
    .execute();

export const insertPasskey = async (db: DB, row: PasskeyRow): Promise<void> => {
  await db.insertInto("passkeys").values(row).execute();
};

/** Renames one of the account's passkeys; false when it has no such passkey. */
export const renamePasskey = async (
  db: DB,
  userID: number,
  passkeyID: string,
  friendlyName: string,
): Promise<boolean> => {
  const updated = await db
    .updateTable("passkeys")
    .set({ friendly_name: friendlyName })
    .where("id", "=", passkeyID)
    .where("user_id", "=", userID)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
};

/** Deletes one of the account's passkeys (not its credential); false when it has no such passkey. */
export const deletePasskeyOf = async (
  db: DB,
  userID: number,
  passkeyID: string,
): Promise<boolean> => {
  const deleted = await db
    .deleteFrom("passkeys")
    .where("id", "=", passkeyID)
    .where("user_id", "=", userID)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
};

/** Deletes every passkey of the account and their credentials (when the account is deleted). */
export const deletePasskeysOf = async (db: DB, userID: number): Promise<void> => {
  const passkeyIDs = db.selectFrom("passkeys").select("id").where("user_id", "=", userID);
  await db.deleteFrom("passkey_credentials").where("passkey_id", "in", passkeyIDs).execute();
  await db.deleteFrom("passkeys").where("user_id", "=", userID).execute();
};

/** The credentials of the account's passkeys, their transports as stored (a JSON array). */
export const passkeyCredentialRowsOf = (db: DB, userID: number): Promise<PasskeyCredentialRow[]> =>
  db
    .selectFrom("passkey_credentials")
    .innerJoin("passkeys", "passkeys.id", "passkey_credentials.passkey_id")
    .select([
      "passkey_credentials.passkey_id",
      "passkey_credentials.credential_id",
      "passkey_credentials.public_key",
      "passkey_credentials.sign_count",
      "passkey_credentials.transports",
    ])
    .where("passkeys.user_id", "=", userID)
    .execute();

/** The passkey a WebAuthn credential belongs to, if it is registered. */
export const passkeyIDOfCredential = async (
  db: DB,
  credentialID: string,
): Promise<string | undefined> =>
  (
    await db
      .selectFrom("passkey_credentials")
      .select("passkey_id")
      .where("credential_id", "=", credentialID)
      .executeTakeFirst()
  )?.passkey_id;

export const insertPasskeyCredential = async (db: DB, row: PasskeyCredentialRow): Promise<void> => {
  await db.insertInto("passkey_credentials").values(row).execute();
};

/** Records a credential's signature counter after a login. */
export const setPasskeySignCount = async (
  db: DB,
  passkeyID: string,
  signCount: number,
): Promise<void> => {
  await db
    .updateTable("passkey_credentials")
    .set({ sign_count: signCount })
    .where("passkey_id", "=", passkeyID)
    .execute();
};

export const deletePasskeyCredentialsOf = async (db: DB, passkeyID: string): Promise<void> => {
  await db.deleteFrom("passkey_credentials").where("passkey_id", "=", passkeyID).execute();
};

export const insertPasskeyLoginSession = async (
  db: DB,
  row: PasskeyLoginSessionRow,
): Promise<void> => {
  await db.insertInto("passkey_login_sessions").values(row).execute();
};

export const passkeyLoginSessionByID = (
  db: DB,
  sessionID: string,
): Promise<PasskeyLoginSessionRow | undefined> =>
  db
    .selectFrom("passkey_login_sessions")
    .selectAll()
    .where("session_id", "=", sessionID)
    .executeTakeFirst();

/** Marks a login verified, keeping the answer its token fetches give (JSON). */
export const markPasskeyLoginVerified = async (
  db: DB,
  sessionID: string,
  verifiedAtUs: number,
  tokenData: string,
): Promise<void> => {
  await db
    .updateTable("passkey_login_sessions")
    .set({ verified_at_us: verifiedAtUs, token_data: tokenData })
    .where("session_id", "=", sessionID)
    .execute();
};

/** Counts a fetch of a verified login's token. */
export const countPasskeyTokenFetch = async (db: DB, sessionID: string): Promise<void> => {
  await db
    .updateTable("passkey_login_sessions")
    .set((eb) => ({ token_fetch_count: eb("token_fetch_count", "+", 1) }))
    .where("session_id", "=", sessionID)
    .execute();
};

export const deletePasskeyLoginSession = async (db: DB, sessionID: string): Promise<void> => {
  await db.deleteFrom("passkey_login_sessions").where("session_id", "=", sessionID).execute();
};

/**
 * Deletes the logins that expired at or before `expiredAtMostUs`; answers
 * how many. See: [Note: Expired account rows are swept]
 */
export const deletePasskeyLoginSessionsExpiredBy = async (
  db: DB,
  expiredAtMostUs: number,
): Promise<number> => {
  const deleted = await db
    .deleteFrom("passkey_login_sessions")
    .where("expiration_time_us", "<=", expiredAtMostUs)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
};

export const insertWebAuthnCeremony = async (db: DB, row: WebAuthnCeremonyRow): Promise<void> => {
  await db.insertInto("webauthn_ceremonies").values(row).execute();
};

/** A ceremony of a kind, expired or not. */
export const webAuthnCeremonyOf = (
  db: DB,
  ceremonyID: string,
  kind: WebAuthnCeremonyRow["kind"],
): Promise<WebAuthnCeremonyRow | undefined> =>
  db
    .selectFrom("webauthn_ceremonies")
    .selectAll()
    .where("id", "=", ceremonyID)
    .where("kind", "=", kind)
    .executeTakeFirst();

export const deleteWebAuthnCeremony = async (db: DB, ceremonyID: string): Promise<void> => {
  await db.deleteFrom("webauthn_ceremonies").where("id", "=", ceremonyID).execute();
};

/** Deletes every ceremony expired by `nowUs`; answers how many. See: [Note: Expired account rows are swept] */
export const deleteExpiredWebAuthnCeremonies = async (db: DB, nowUs: number): Promise<number> => {
  const deleted = await db
    .deleteFrom("webauthn_ceremonies")
    .where("expires_at_us", "<=", nowUs)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
};

/** Deletes the account's passkey logins and WebAuthn ceremonies (when the account is deleted). */
export const deletePasskeyLoginsOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("passkey_login_sessions").where("user_id", "=", userID).execute();
  await db.deleteFrom("webauthn_ceremonies").where("user_id", "=", userID).execute();
};
