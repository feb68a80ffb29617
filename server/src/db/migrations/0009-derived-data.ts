import { sql, type Kysely } from "kysely";

// Data the clients derive from a file and store encrypted beside it
// (wire-contract §8 and "Embeddings"): CLIP embeddings, per file and model,
// and the file-data rows (`mldata`), per file and type. Both are kept under
// the file's owner and go when the file is deleted for good; file-data rows
// stay as tombstones so that the owner's status diff can say so.
// See: [Note: Embedding versions come from one clock]

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable("embeddings")
    .addColumn("file_id", "bigint", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("owner_id", "bigint", (c) => c.notNull())
    .addColumn("encrypted_embedding", "text", (c) => c.notNull())
    .addColumn("decryption_header", "text", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("embeddings_pk", ["file_id", "model"])
    .execute();
  // The diff reads an owner's embeddings of a model by version.
  await db.schema
    .createIndex("embeddings_owner_diff")
    .on("embeddings")
    .columns(["owner_id", "model", "updated_at_us"])
    .execute();

  await db.schema
    .createTable("embedding_clock")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("newest_us", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into embedding_clock (id, newest_us) values (1, 0)`.execute(db);

  await db.schema
    .createTable("file_data")
    .addColumn("file_id", "bigint", (c) => c.notNull())
    .addColumn("data_type", "text", (c) => c.notNull())
    .addColumn("user_id", "bigint", (c) => c.notNull())
    .addColumn("encrypted_data", "text", (c) => c.notNull())
    .addColumn("decryption_header", "text", (c) => c.notNull())
    .addColumn("size", "bigint", (c) => c.notNull())
    .addColumn("is_deleted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at_us", "bigint", (c) => c.notNull())
    .addColumn("updated_at_us", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("file_data_pk", ["file_id", "data_type"])
    .execute();
  // The status diff reads an owner's rows by version.
  await db.schema
    .createIndex("file_data_user_updated")
    .on("file_data")
    .columns(["user_id", "updated_at_us"])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of ["file_data", "embedding_clock", "embeddings"]) {
    await db.schema.dropTable(table).execute();
  }
};
