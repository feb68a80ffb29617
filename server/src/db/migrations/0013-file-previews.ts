import type { Kysely } from "kysely";

// A file's video preview (wire-contract §8) is a `file_data` row of type
// "vid_preview" whose playlist is the row's data, and which names its
// preview object: the object ID the server minted (the last segment of the
// object's key) and its size. The ML index's rows leave them NULL, as does a
// deleted row. Ente's server keeps an object nonce too, for image previews;
// none is ever stored here. See: [Note: Image previews are named but never stored]

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable("file_data").addColumn("object_id", "text").execute();
  await db.schema.alterTable("file_data").addColumn("object_size_bytes", "bigint").execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable("file_data").dropColumn("object_size_bytes").execute();
  await db.schema.alterTable("file_data").dropColumn("object_id").execute();
};
