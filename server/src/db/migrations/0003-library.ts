import { sql, type Kysely } from "kysely";

// The tables of the library (wire-contract §12 "Collections and files"): collections, their shares, files, the files of each collection,
// object bookkeeping, the trash and the queue of blob deletions. Portable
// across SQLite and PostgreSQL as in 0002: µs bigints, 0/1 flags, base64 text,
// JSON as text. See: [Note: Account IDs come from a counter]

const int = "integer";

/** The first collection ID (wire-contract §0.3); a migration never changes, so the number is its own. */
const firstCollectionID = 1580559962386438;
/** The first file ID (wire-contract §0.3). */
const firstFileID = 10_000_000;

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`insert into id_counters (name, next_value) values ('collection', ${firstCollectionID}), ('file', ${firstFileID})`.execute(
    db,
  );

  await db.schema
    .createTable("collections")
    .addColumn("collection_id", "bigint", (c) => c.primaryKey())
    .addColumn("owner_id", "bigint", (c) => c.notNull())
    .addColumn("encrypted_key", "text", (c) => c.notNull())
    .addColumn("key_decryption_nonce", "text", (c) => c.notNull())
    .addColumn("encrypted_name", "text", (c) => c.notNull())
    .addColumn("name_decryption_nonce", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("attributes", "text", (c) => c.notNull())
    .addColumn("magic_metadata", "text")
    .addColumn("pub_magic_metadata", "text")
    .addColumn("app", "text", (c) => c.notNull())
    .addColumn("is_deleted", int, (c) => c.notNull().defaultTo(0))
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updation_time_us", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("collections_owner_updation")
    .on("collections")
    .columns(["owner_id", "updation_time_us"])
    .execute();
  // Favorites and uncategorized are unique per owner and app (wire-contract §3.1).
  await sql`create unique index collections_one_favorites on collections (owner_id, app) where type = 'favorites'`.execute(
    db,
  );
  await sql`create unique index collections_one_uncategorized on collections (owner_id, app) where type = 'uncategorized'`.execute(
    db,
  );

  await db.schema
    .createTable("collection_shares")
    .addColumn("collection_id", "bigint", (c) => c.notNull())
    .addColumn("from_user_id", "bigint", (c) => c.notNull())
    .addColumn("to_user_id", "bigint", (c) => c.notNull())
    .addColumn("encrypted_key", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("magic_metadata", "text")
    .addColumn("is_deleted", int, (c) => c.notNull().defaultTo(0))
    .addColumn("shared_at_us", "bigint", (c) => c.notNull())
    .addColumn("updation_time_us", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("collection_shares_pk", ["collection_id", "to_user_id"])
    .execute();
  await db.schema
    .createIndex("collection_shares_to_user")
    .on("collection_shares")
    .columns(["to_user_id", "updation_time_us"])
    .execute();

  await db.schema
    .createTable("files")
    .addColumn("file_id", "bigint", (c) => c.primaryKey())
    .addColumn("owner_id", "bigint", (c) => c.notNull())
    .addColumn("file_decryption_header", "text", (c) => c.notNull())
    .addColumn("thumbnail_decryption_header", "text", (c) => c.notNull())
    .addColumn("metadata_decryption_header", "text", (c) => c.notNull())
    .addColumn("encrypted_metadata", "text", (c) => c.notNull())
    .addColumn("magic_metadata", "text")
    .addColumn("pub_magic_metadata", "text")
    .addColumn("file_size", "bigint", (c) => c.notNull())
    .addColumn("thumb_size", "bigint", (c) => c.notNull())
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updation_time_us", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("files_owner").on("files").column("owner_id").execute();

  await db.schema
    .createTable("collection_files")
    .addColumn("collection_id", "bigint", (c) => c.notNull())
    .addColumn("file_id", "bigint", (c) => c.notNull())
    .addColumn("encrypted_key", "text", (c) => c.notNull())
    .addColumn("key_decryption_nonce", "text", (c) => c.notNull())
    .addColumn("c_owner_id", "bigint", (c) => c.notNull())
    .addColumn("f_owner_id", "bigint", (c) => c.notNull())
    .addColumn("is_deleted", int, (c) => c.notNull().defaultTo(0))
    .addColumn("action", "text")
    .addColumn("action_user", "bigint")
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updation_time_us", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("collection_files_pk", ["collection_id", "file_id"])
    .execute();
  // The diff reads one collection's rows by version. See: [Note: Diff pagination never splits a version]
  await db.schema
    .createIndex("collection_files_diff")
    .on("collection_files")
    .columns(["collection_id", "updation_time_us"])
    .execute();
  await db.schema
    .createIndex("collection_files_file")
    .on("collection_files")
    .column("file_id")
    .execute();

  await db.schema
    .createTable("object_keys")
    .addColumn("file_id", "bigint", (c) => c.notNull())
    .addColumn("o_type", "text", (c) => c.notNull())
    .addColumn("object_key", "text", (c) => c.notNull().unique())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("is_deleted", int, (c) => c.notNull().defaultTo(0))
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("object_keys_pk", ["file_id", "o_type"])
    .execute();

  await db.schema
    .createTable("temp_objects")
    .addColumn("object_key", "text", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("is_multipart", int, (c) => c.notNull().defaultTo(0))
    .addColumn("expiration_time_us", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("temp_objects_expiration")
    .on("temp_objects")
    .column("expiration_time_us")
    .execute();

  await db.schema
    .createTable("trash")
    .addColumn("file_id", "bigint", (c) => c.primaryKey())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("collection_id", "bigint", (c) => c.notNull())
    .addColumn("is_deleted", int, (c) => c.notNull().defaultTo(0))
    .addColumn("is_restored", int, (c) => c.notNull().defaultTo(0))
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .addColumn("delete_by_us", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("trash_user_updated")
    .on("trash")
    .columns(["user_id", "updated_at_us"])
    .execute();
  await db.schema.createIndex("trash_delete_by").on("trash").column("delete_by_us").execute();

  await db.schema
    .createTable("object_deletions")
    .addColumn("object_key", "text", (c) => c.primaryKey())
    .addColumn("queued_at_us", "bigint", (c) => c.notNull())
    .execute();
};

const tables = [
  "object_deletions",
  "trash",
  "temp_objects",
  "object_keys",
  "collection_files",
  "files",
  "collection_shares",
  "collections",
];

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of tables) await db.schema.dropTable(table).execute();
  await sql`delete from id_counters where name in ('collection', 'file')`.execute(db);
};
