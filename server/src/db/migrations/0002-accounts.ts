import { sql, type Kysely } from "kysely";

// The tables of accounts (wire-contract §12 "Users and authentication"), portable across SQLite and PostgreSQL: times are µs
// bigints, flags are 0/1 integers (SQLite has no boolean to bind), binary
// values are standard base64 text. See: [Note: Account IDs come from a counter]

const int = "integer";

/** The first user and subscription ID; a migration never changes, so the number is its own. */
const firstAccountID = 1580559962386438;

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable("id_counters")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("next_value", "bigint", (c) => c.notNull())
    .execute();
  // User and subscription IDs start at 1580559962386438 (wire-contract §0.3).
  await sql`insert into id_counters (name, next_value) values ('user', ${firstAccountID}), ('subscription', ${firstAccountID})`.execute(
    db,
  );

  await db.schema
    .createTable("users")
    .addColumn("user_id", "bigint", (c) => c.primaryKey())
    .addColumn("encrypted_email", "text", (c) => c.notNull())
    .addColumn("email_decryption_nonce", "text", (c) => c.notNull())
    .addColumn("email_hash", "text", (c) => c.notNull().unique())
    .addColumn("creation_time_us", "bigint", (c) => c.notNull())
    .addColumn("is_two_factor_enabled", int, (c) => c.notNull().defaultTo(0))
    .addColumn("email_mfa", int, (c) => c.notNull().defaultTo(0))
    .addColumn("source", "text")
    .execute();

  await db.schema
    .createTable("key_attributes")
    .addColumn("user_id", "bigint", (c) => c.primaryKey())
    .addColumn("kek_salt", "text", (c) => c.notNull())
    .addColumn("kek_hash", "text", (c) => c.notNull())
    .addColumn("encrypted_key", "text", (c) => c.notNull())
    .addColumn("key_decryption_nonce", "text", (c) => c.notNull())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("encrypted_secret_key", "text", (c) => c.notNull())
    .addColumn("secret_key_decryption_nonce", "text", (c) => c.notNull())
    .addColumn("mem_limit", "bigint", (c) => c.notNull())
    .addColumn("ops_limit", "bigint", (c) => c.notNull())
    .addColumn("master_key_encrypted_with_recovery_key", "text")
    .addColumn("master_key_decryption_nonce", "text")
    .addColumn("recovery_key_encrypted_with_master_key", "text")
    .addColumn("recovery_key_decryption_nonce", "text")
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("app", "text", (c) => c.notNull())
    .addColumn("creation_time_us", "bigint", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("last_used_at_us", "bigint", (c) => c.notNull())
    .addColumn("is_deleted", int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("tokens_user_id").on("tokens").column("user_id").execute();

  await db.schema
    .createTable("otts")
    .addColumn("ott_hash", "text", (c) => c.notNull())
    .addColumn("email_hash", "text", (c) => c.notNull())
    .addColumn("app", "text", (c) => c.notNull())
    .addColumn("creation_time_us", "bigint", (c) => c.notNull())
    .addColumn("expiration_time_us", "bigint", (c) => c.notNull())
    .addColumn("wrong_attempt", int, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("otts_pk", ["ott_hash", "email_hash", "app"])
    .execute();
  await db.schema.createIndex("otts_email_app").on("otts").columns(["email_hash", "app"]).execute();

  await db.schema
    .createTable("srp_auth")
    .addColumn("user_id", "bigint", (c) => c.primaryKey())
    .addColumn("srp_user_id", "text", (c) => c.notNull().unique())
    .addColumn("salt", "text", (c) => c.notNull())
    .addColumn("verifier", "text", (c) => c.notNull())
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("srp_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("srp_user_id", "text", (c) => c.notNull())
    .addColumn("server_key", "text", (c) => c.notNull())
    .addColumn("srp_a", "text", (c) => c.notNull())
    .addColumn("has_verified", int, (c) => c.notNull().defaultTo(0))
    .addColumn("attempt_count", int, (c) => c.notNull().defaultTo(0))
    .addColumn("is_fake", int, (c) => c.notNull().defaultTo(0))
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("srp_sessions_user")
    .on("srp_sessions")
    .columns(["srp_user_id", "created_at_us"])
    .execute();

  await db.schema
    .createTable("temp_srp_setups")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) => c.notNull())
    .addColumn("srp_user_id", "text", (c) => c.notNull())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("salt", "text", (c) => c.notNull())
    .addColumn("verifier", "text", (c) => c.notNull())
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("two_factor")
    .addColumn("user_id", "bigint", (c) => c.primaryKey())
    .addColumn("encrypted_secret", "text", (c) => c.notNull())
    .addColumn("secret_nonce", "text", (c) => c.notNull())
    .addColumn("recovery_encrypted_secret", "text", (c) => c.notNull())
    .addColumn("recovery_secret_nonce", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("temp_two_factor")
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("encrypted_secret", "text", (c) => c.notNull())
    .addColumn("secret_nonce", "text", (c) => c.notNull())
    .addColumn("secret_hash", "text", (c) => c.notNull())
    .addColumn("expires_at_us", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("temp_two_factor_pk", ["user_id", "secret_hash"])
    .execute();

  await db.schema
    .createTable("two_factor_sessions")
    .addColumn("session_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("creation_time_us", "bigint", (c) => c.notNull())
    .addColumn("expiration_time_us", "bigint", (c) => c.notNull())
    .addColumn("wrong_attempt", int, (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("two_factor_used_codes")
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at_us", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("two_factor_used_codes_pk", ["user_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("two_factor_recovery")
    .addColumn("user_id", "bigint", (c) => c.primaryKey())
    .addColumn("enable_admin_mfa_reset", int, (c) => c.notNull().defaultTo(0))
    .addColumn("passkey_skip_secret_hash", "text")
    .addColumn("user_secret_cipher", "text")
    .addColumn("user_secret_nonce", "text")
    .execute();

  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("friendly_name", "text", (c) => c.notNull())
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("passkeys_user_id").on("passkeys").column("user_id").execute();

  await db.schema
    .createTable("passkey_credentials")
    .addColumn("passkey_id", "text", (c) => c.primaryKey())
    .addColumn("credential_id", "text", (c) => c.notNull().unique())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("sign_count", "bigint", (c) => c.notNull())
    .addColumn("transports", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("passkey_login_sessions")
    .addColumn("session_id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("app", "text", (c) => c.notNull())
    .addColumn("creation_time_us", "bigint", (c) => c.notNull())
    .addColumn("expiration_time_us", "bigint", (c) => c.notNull())
    .addColumn("verified_at_us", "bigint")
    .addColumn("token_fetch_count", int, (c) => c.notNull().defaultTo(0))
    .addColumn("token_data", "text")
    .execute();

  await db.schema
    .createTable("webauthn_ceremonies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("challenge", "text", (c) => c.notNull())
    .addColumn("passkey_session_id", "text")
    .addColumn("expires_at_us", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("remote_store")
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("key_name", "text", (c) => c.notNull())
    .addColumn("key_value", "text", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("remote_store_pk", ["user_id", "key_name"])
    .execute();

  await db.schema
    .createTable("usage")
    .addColumn("user_id", "bigint", (c) => c.primaryKey())
    .addColumn("storage_consumed", "bigint", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("subscriptions")
    .addColumn("subscription_id", "bigint", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull().unique())
    .addColumn("storage", "bigint", (c) => c.notNull())
    .addColumn("original_transaction_id", "text", (c) => c.notNull())
    .addColumn("expiry_time_us", "bigint", (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("payment_provider", "text", (c) => c.notNull())
    .addColumn("attributes", "text", (c) => c.notNull())
    .addColumn("upgraded_at_us", "bigint")
    .execute();
};

const tables = [
  "subscriptions",
  "usage",
  "remote_store",
  "webauthn_ceremonies",
  "passkey_login_sessions",
  "passkey_credentials",
  "passkeys",
  "two_factor_recovery",
  "two_factor_used_codes",
  "two_factor_sessions",
  "temp_two_factor",
  "two_factor",
  "temp_srp_setups",
  "srp_sessions",
  "srp_auth",
  "otts",
  "tokens",
  "key_attributes",
  "users",
  "id_counters",
];

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of tables) await db.schema.dropTable(table).execute();
};
