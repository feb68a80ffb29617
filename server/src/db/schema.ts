import type { ColumnType } from "kysely";

// The database as the query builder sees it. Each table is added here by the
// migration that creates it. Names follow the reference schema's style
// (wire-contract §12): snake_case, times in µs as bigint with a `_us` suffix
// here because the unit is not implied by the name.

/** Background task locks. See: [Note: Jobs take a database lock per run] */
export interface TaskLocksTable {
  task_name: string;
  /** Which server instance holds the lock. */
  lock_holder: string;
  /** µs since the epoch; the lock is free once this has passed. */
  locked_until_us: ColumnType<number, number, number>;
}

// Accounts (migration 0002). Flags are 0/1 integers; binary values are
// standard base64 text. See: [Note: Account IDs come from a counter]

type Flag = ColumnType<number, number | undefined, number>;

export interface IdCountersTable {
  name: string;
  next_value: number;
}

export interface UsersTable {
  user_id: number;
  /** secretbox of the normalised email under the server's `keyEncryption`, base64. */
  encrypted_email: string;
  email_decryption_nonce: string;
  /** See: [Note: Emails are found by a keyed hash] */
  email_hash: string;
  creation_time_us: number;
  is_two_factor_enabled: Flag;
  email_mfa: Flag;
  source: string | null;
}

export interface KeyAttributesTable {
  user_id: number;
  kek_salt: string;
  kek_hash: string;
  encrypted_key: string;
  key_decryption_nonce: string;
  public_key: string;
  encrypted_secret_key: string;
  secret_key_decryption_nonce: string;
  mem_limit: number;
  ops_limit: number;
  master_key_encrypted_with_recovery_key: string | null;
  master_key_decryption_nonce: string | null;
  recovery_key_encrypted_with_master_key: string | null;
  recovery_key_decryption_nonce: string | null;
  created_at_us: number;
}

export interface TokensTable {
  /** See: [Note: Tokens are stored as hashes] */
  token_hash: string;
  user_id: number;
  app: string;
  creation_time_us: number;
  ip: string;
  user_agent: string;
  last_used_at_us: number;
  is_deleted: Flag;
}

export interface OttsTable {
  /**
   * HMAC-SHA-256 of the code with its email hash under a server key; the code
   * itself is not kept. See: [Note: One-time codes are stored as a keyed hash]
   */
  ott_hash: string;
  email_hash: string;
  app: string;
  creation_time_us: number;
  expiration_time_us: number;
  wrong_attempt: Flag;
}

export interface SrpAuthTable {
  user_id: number;
  srp_user_id: string;
  salt: string;
  verifier: string;
  created_at_us: number;
  updated_at_us: number;
}

export interface SrpSessionsTable {
  id: string;
  srp_user_id: string;
  /** The server's secret exponent b, base64. */
  server_key: string;
  srp_a: string;
  has_verified: Flag;
  attempt_count: Flag;
  is_fake: Flag;
  created_at_us: number;
}

export interface TempSrpSetupsTable {
  id: string;
  session_id: string;
  srp_user_id: string;
  user_id: number;
  salt: string;
  verifier: string;
  created_at_us: number;
}

export interface TwoFactorTable {
  user_id: number;
  /** The TOTP secret under the server's `keyEncryption`. */
  encrypted_secret: string;
  secret_nonce: string;
  /** The TOTP secret under the user's recovery key, as the client sent it. */
  recovery_encrypted_secret: string;
  recovery_secret_nonce: string;
}

export interface TempTwoFactorTable {
  user_id: number;
  encrypted_secret: string;
  secret_nonce: string;
  secret_hash: string;
  expires_at_us: number;
}

export interface TwoFactorSessionsTable {
  session_id: string;
  user_id: number;
  creation_time_us: number;
  expiration_time_us: number;
  wrong_attempt: Flag;
}

export interface TwoFactorUsedCodesTable {
  user_id: number;
  code_hash: string;
  used_at_us: number;
}

export interface TwoFactorRecoveryTable {
  user_id: number;
  enable_admin_mfa_reset: Flag;
  passkey_skip_secret_hash: string | null;
  user_secret_cipher: string | null;
  user_secret_nonce: string | null;
}

export interface PasskeysTable {
  id: string;
  user_id: number;
  friendly_name: string;
  created_at_us: number;
}

export interface PasskeyCredentialsTable {
  passkey_id: string;
  /** URL-safe base64 without padding, as WebAuthn JSON spells it. */
  credential_id: string;
  /** COSE public key, standard base64. */
  public_key: string;
  sign_count: number;
  /** JSON array of transport names. */
  transports: string;
}

export interface PasskeyLoginSessionsTable {
  session_id: string;
  user_id: number;
  /**
   * The app of the login that opened the session: its token is for that app,
   * although the ceremony runs in the accounts app.
   */
  app: string;
  creation_time_us: number;
  expiration_time_us: number;
  verified_at_us: number | null;
  token_fetch_count: Flag;
  /** JSON of the authorization answer, once verified. */
  token_data: string | null;
}

export interface WebauthnCeremoniesTable {
  id: string;
  user_id: number;
  kind: "registration" | "login";
  challenge: string;
  passkey_session_id: string | null;
  expires_at_us: number;
}

export interface RemoteStoreTable {
  user_id: number;
  key_name: string;
  key_value: string;
  updated_at_us: number;
}

export interface UsageTable {
  user_id: number;
  storage_consumed: number;
}

export interface SubscriptionsTable {
  subscription_id: number;
  user_id: number;
  storage: number;
  original_transaction_id: string;
  expiry_time_us: number;
  product_id: string;
  payment_provider: string;
  /** JSON object. */
  attributes: string;
  upgraded_at_us: number | null;
}

// Library (migration 0003). JSON columns hold text; magic metadata is the
// wire object `{version, count, data, header}` as JSON.

export interface CollectionsTable {
  collection_id: number;
  owner_id: number;
  /** secretbox of the collection key under the owner's master key. */
  encrypted_key: string;
  key_decryption_nonce: string;
  encrypted_name: string;
  name_decryption_nonce: string;
  type: string;
  /** JSON object `{encryptedPath?, pathDecryptionNonce?, version}`. */
  attributes: string;
  magic_metadata: string | null;
  pub_magic_metadata: string | null;
  app: string;
  is_deleted: Flag;
  created_at_us: number;
  /** See: [Note: A collection is never older than its files] */
  updation_time_us: number;
}

export interface CollectionSharesTable {
  collection_id: number;
  from_user_id: number;
  to_user_id: number;
  /** The collection key sealed to the sharee's public key. */
  encrypted_key: string;
  role: string;
  /** The sharee's own magic metadata of the share. */
  magic_metadata: string | null;
  is_deleted: Flag;
  shared_at_us: number;
  updation_time_us: number;
}

export interface FilesTable {
  file_id: number;
  owner_id: number;
  file_decryption_header: string;
  thumbnail_decryption_header: string;
  metadata_decryption_header: string;
  encrypted_metadata: string;
  magic_metadata: string | null;
  pub_magic_metadata: string | null;
  file_size: number;
  thumb_size: number;
  created_at_us: number;
  updation_time_us: number;
}

export interface CollectionFilesTable {
  collection_id: number;
  file_id: number;
  /** The file key under the collection key. */
  encrypted_key: string;
  key_decryption_nonce: string;
  c_owner_id: number;
  f_owner_id: number;
  is_deleted: Flag;
  action: string | null;
  action_user: number | null;
  created_at_us: number;
  /** The diff version. See: [Note: Diff pagination never splits a version] */
  updation_time_us: number;
}

export interface ObjectKeysTable {
  file_id: number;
  o_type: "file" | "thumbnail";
  object_key: string;
  size: number;
  is_deleted: Flag;
  created_at_us: number;
  updated_at_us: number;
}

export interface TempObjectsTable {
  object_key: string;
  user_id: number;
  is_multipart: Flag;
  expiration_time_us: number;
}

export interface TrashTable {
  file_id: number;
  user_id: number;
  collection_id: number;
  is_deleted: Flag;
  is_restored: Flag;
  created_at_us: number;
  updated_at_us: number;
  delete_by_us: number;
}

export interface ObjectDeletionsTable {
  object_key: string;
  queued_at_us: number;
}

// Public links (migration 0004).

export interface PublicCollectionTokensTable {
  link_id: number;
  collection_id: number;
  /** The `t=` of the link's URL: 10 uppercase letters and digits. */
  access_token: string;
  is_disabled: Flag;
  /** 0: never expires. */
  valid_till_us: number;
  /** 0: no limit. */
  device_limit: number;
  /** Argon2id of the password as the client derived it, hashed again by the server. */
  pw_hash: string | null;
  pw_nonce: string | null;
  mem_limit: number | null;
  ops_limit: number | null;
  enable_download: Flag;
  enable_collect: Flag;
  enable_comment: Flag;
  enable_join: Flag;
  min_role: string | null;
  created_at_us: number;
  updated_at_us: number;
}

/** Migration 0005. See: [Note: A link's devices are counted by a keyed hash] */
export interface PublicLinkDevicesTable {
  link_id: number;
  device_id: string;
  first_seen_us: number;
}

// Server settings (migration 0007). See: [Note: Registration can be closed]

export interface ServerSettingsTable {
  /** The setting, e.g. "registration". */
  name: string;
  value: string;
  updated_at_us: number;
}

/** Migration 0006. See: [Note: Family membership lives only in the families table] */
export interface FamiliesTable {
  /** A UUID. */
  id: string;
  admin_id: number;
  member_id: number;
  status: FamilyStatus;
  /** Of an invite's token. See: [Note: Invite tokens are kept as a keyed hash] */
  token_hash: string | null;
  /** Bytes the member may use of the family's storage; null for no cap. */
  storage_limit: number | null;
  created_at_us: number;
  updated_at_us: number;
}

export type FamilyStatus =
  "SELF" | "CLOSED" | "INVITED" | "ACCEPTED" | "DECLINED" | "REVOKED" | "REMOVED" | "LEFT";

// Derived data (migration 0009). See: [Note: Embedding versions come from one clock]

/** A file's embedding of one model, under the file's owner. */
export interface EmbeddingsTable {
  file_id: number;
  /** E.g. "onnx-clip". */
  model: string;
  owner_id: number;
  /** base64 of the Blob ciphertext. See: [Note: An embedding is 512 float32 values in one secretstream message] */
  encrypted_embedding: string;
  decryption_header: string;
  updated_at_us: number;
}

/** One row: the newest embedding version handed out. */
export interface EmbeddingClockTable {
  id: number;
  newest_us: number;
}

/** A file's derived data of one type ("mldata", "vid_preview"), under the file's owner; a tombstone once deleted. */
export interface FileDataTable {
  file_id: number;
  data_type: string;
  user_id: number;
  /** base64 of the Blob ciphertext; "" once deleted. */
  encrypted_data: string;
  decryption_header: string;
  /** Bytes of the ciphertext (a preview's: its object and its playlist); 0 once deleted. */
  size: number;
  is_deleted: Flag;
  created_at_us: number;
  updated_at_us: number;
  /** A preview's object ID, the last segment of its key (migration 0013); null otherwise. */
  object_id: string | null;
  /** A preview object's size; null otherwise. */
  object_size_bytes: number | null;
}

// User entities (migration 0010). See: [Note: User-entity versions only grow, per user, in commit order]

/** An account's key of one entity type: secretbox(entityKey, masterKey). */
export interface EntityKeyTable {
  user_id: number;
  /** E.g. "cgroup". */
  type: string;
  /** base64 of the secretbox. */
  encrypted_key: string;
  /** base64 of its nonce (the reference's "header"). */
  header: string;
  created_at_us: number;
}

/** One user entity; a tombstone (no data) once deleted. */
export interface EntityDataTable {
  /** `<type>_<22 characters>`, or a client's smart-album ID. */
  id: string;
  user_id: number;
  type: string;
  /** base64 of the Blob ciphertext; null once deleted. */
  encrypted_data: string | null;
  /** base64 of the Blob's header; null once deleted. */
  header: string | null;
  is_deleted: Flag;
  created_at_us: number;
  updated_at_us: number;
}

// Authenticator entities (migration 0011). See: [Note: Authenticator versions only grow, per user, in commit order]

/** An account's authenticator key, wrapped under the master key. See: [Note: The authenticator key is a Blob or a secretbox] */
export interface AuthenticatorKeyTable {
  user_id: number;
  /** base64 of the wrapped key. */
  encrypted_key: string;
  /** base64 of its secretstream header (or secretbox nonce). */
  header: string;
  created_at_us: number;
}

/** One 2FA code of the auth app; a tombstone (no data) once deleted. */
export interface AuthenticatorEntityTable {
  /** A UUID the server picked. */
  id: string;
  user_id: number;
  /** base64 of the Blob ciphertext; null once deleted. */
  encrypted_data: string | null;
  /** base64 of the Blob's header; null once deleted. */
  header: string | null;
  is_deleted: Flag;
  created_at_us: number;
  updated_at_us: number;
}

// Cast sessions (migration 0012). See: [Note: A cast pairing lives an hour, a cast session a week of disuse]

/** A TV that registered for casting: waiting with its code, or paired with a collection. */
export interface CastSessionsTable {
  /** A UUID the server picked. */
  device_id: string;
  /** Six uppercase letters and digits, shown on the TV. */
  pairing_code: string;
  /** base64 of the TV's X25519 public key, which senders seal the payload to. */
  public_key: string;
  /** The address the TV registered from. */
  device_ip: string;
  /** A short name of the TV's browser and system, or its address. */
  device_name: string;
  /** Null until paired. */
  collection_id: number | null;
  /** Who paired it; null until paired. */
  caster_id: number | null;
  /** SHA-256 of the cast token; null until paired. See: [Note: A cast token is kept as a hash] */
  token_hash: string | null;
  /** base64 of the payload sealed to `public_key`; null until paired. */
  encrypted_payload: string | null;
  created_at_us: number;
  /** Registration, pairing, then the TV's latest call (written at most once a minute). */
  last_used_at_us: number;
}

// Collection actions (migration 0014).

/** What someone asked of a file's owner about the file in a collection. */
export interface CollectionActionsTable {
  /** `cact_` and 22 random characters, as the reference names them. */
  id: string;
  /** Whom it asks: the file's owner. */
  user_id: number;
  /** Who asked: the collection's owner or an ADMIN sharee. */
  actor_user_id: number;
  collection_id: number;
  file_id: number;
  /** "REMOVE" or "DELETE_SUGGESTED". */
  action: string;
  /** 1 until rejected, acted on, or found moot. */
  is_pending: Flag;
  created_at_us: number;
  /** The version a queue is read by: creation, then resolution. */
  updated_at_us: number;
}

export interface Database {
  task_locks: TaskLocksTable;
  id_counters: IdCountersTable;
  users: UsersTable;
  key_attributes: KeyAttributesTable;
  tokens: TokensTable;
  otts: OttsTable;
  srp_auth: SrpAuthTable;
  srp_sessions: SrpSessionsTable;
  temp_srp_setups: TempSrpSetupsTable;
  two_factor: TwoFactorTable;
  temp_two_factor: TempTwoFactorTable;
  two_factor_sessions: TwoFactorSessionsTable;
  two_factor_used_codes: TwoFactorUsedCodesTable;
  two_factor_recovery: TwoFactorRecoveryTable;
  passkeys: PasskeysTable;
  passkey_credentials: PasskeyCredentialsTable;
  passkey_login_sessions: PasskeyLoginSessionsTable;
  webauthn_ceremonies: WebauthnCeremoniesTable;
  remote_store: RemoteStoreTable;
  usage: UsageTable;
  subscriptions: SubscriptionsTable;
  collections: CollectionsTable;
  collection_shares: CollectionSharesTable;
  files: FilesTable;
  collection_files: CollectionFilesTable;
  object_keys: ObjectKeysTable;
  temp_objects: TempObjectsTable;
  trash: TrashTable;
  object_deletions: ObjectDeletionsTable;
  public_collection_tokens: PublicCollectionTokensTable;
  public_link_devices: PublicLinkDevicesTable;
  families: FamiliesTable;
  server_settings: ServerSettingsTable;
  embeddings: EmbeddingsTable;
  embedding_clock: EmbeddingClockTable;
  file_data: FileDataTable;
  entity_key: EntityKeyTable;
  entity_data: EntityDataTable;
  authenticator_key: AuthenticatorKeyTable;
  authenticator_entity: AuthenticatorEntityTable;
  cast_sessions: CastSessionsTable;
  collection_actions: CollectionActionsTable;
}
