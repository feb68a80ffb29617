import type { DB } from "../../db/db";
import type { EmbeddingsTable } from "../../db/schema";

// The queries of `embeddings` and its version clock `embedding_clock`.
// See: [Note: One repository per table family]
//
// [Note: Embedding versions come from one clock]
//
// A user's embeddings diff spans files of several owners (their own and
// those shared with them), so the rule that keeps a diff's versions growing
// in commit order (See: [Note: Versions of a collection only grow, in commit order])
// cannot lock one owner's rows: it locks one clock for all embeddings. A
// write takes its version with one `UPDATE ... RETURNING` of the clock's row
// (the larger of the time and one more than the newest version handed out),
// which PostgreSQL keeps locked until the write commits (SQLite writes one
// at a time anyway). So every embedding write has a version of its own, and
// a version committed later is larger, even when the clock goes back or two
// writes fall in one microsecond. Writes of embeddings are thereby
// serialised server-wide; each is one upsert of ~3 KB, so the clock is held
// for well under a millisecond.

export type EmbeddingRow = Pick<
  EmbeddingsTable,
  "file_id" | "model" | "encrypted_embedding" | "decryption_header" | "updated_at_us"
>;

const embeddingColumns = [
  "file_id",
  "model",
  "encrypted_embedding",
  "decryption_header",
  "updated_at_us",
] as const;

/**
 * The version of an embedding write, taken from the clock, whose row stays
 * locked until the write commits. See: [Note: Embedding versions come from one clock]
 */
export const nextEmbeddingVersion = async (db: DB, nowUs: number): Promise<number> => {
  const row = await db
    .updateTable("embedding_clock")
    .set((eb) => ({
      newest_us: eb
        .case()
        .when("newest_us", ">=", nowUs)
        .then(eb("newest_us", "+", 1))
        .else(nowUs)
        .end(),
    }))
    .where("id", "=", 1)
    .returning("newest_us")
    .executeTakeFirstOrThrow();
  return row.newest_us;
};

/** Store a file's embedding of a model, replacing the one it had. */
export const upsertEmbedding = async (
  db: DB,
  row: EmbeddingRow & { owner_id: number },
): Promise<void> => {
  await db
    .insertInto("embeddings")
    .values(row)
    .onConflict((oc) =>
      oc.columns(["file_id", "model"]).doUpdateSet({
        owner_id: row.owner_id,
        encrypted_embedding: row.encrypted_embedding,
        decryption_header: row.decryption_header,
        updated_at_us: row.updated_at_us,
      }),
    )
    .execute();
};

/** How a diff query picks versions: after one (a page), or exactly one (a whole version). */
export type VersionFilter = { after: number; count: number } | { at: number };

/**
 * The user's embeddings of a model and those of files shared with them, by
 * version, in one statement (one snapshot): the two halves are each read
 * by their own index and merged. See: [Note: Who may see a file's derived data]
 */
export const visibleEmbeddings = (
  db: DB,
  userID: number,
  model: string,
  versions: VersionFilter,
): Promise<EmbeddingRow[]> => {
  const own = db
    .selectFrom("embeddings")
    .select(embeddingColumns)
    .where("owner_id", "=", userID)
    .where("model", "=", model);
  const shared = db
    .selectFrom("embeddings")
    .select(embeddingColumns)
    .where("model", "=", model)
    .where("owner_id", "!=", userID)
    .where("file_id", "in", (eb) =>
      eb
        .selectFrom("collection_files")
        .innerJoin(
          "collection_shares",
          "collection_shares.collection_id",
          "collection_files.collection_id",
        )
        .select("collection_files.file_id")
        .where("collection_files.is_deleted", "=", 0)
        .where("collection_shares.is_deleted", "=", 0)
        .where((w) =>
          w.or([
            w("collection_shares.to_user_id", "=", userID),
            w("collection_shares.from_user_id", "=", userID),
          ]),
        ),
    );
  if ("at" in versions) {
    const at = (query: typeof own) => query.where("updated_at_us", "=", versions.at);
    return db
      .selectFrom(at(own).as("own"))
      .selectAll()
      .unionAll(db.selectFrom(at(shared).as("shared")).selectAll())
      .execute();
  }
  const { after, count } = versions;
  const page = (query: typeof own) =>
    query.where("updated_at_us", ">", after).orderBy("updated_at_us").limit(count);
  return db
    .selectFrom(page(own).as("own"))
    .selectAll()
    .unionAll(db.selectFrom(page(shared).as("shared")).selectAll())
    .orderBy("updated_at_us")
    .limit(count)
    .execute();
};

/** Delete the embeddings of files (deleted for good). */
export const deleteEmbeddingsOfFiles = async (
  db: DB,
  fileIDs: readonly number[],
): Promise<void> => {
  if (fileIDs.length === 0) return;
  await db
    .deleteFrom("embeddings")
    .where("file_id", "in", [...fileIDs])
    .execute();
};

/** Delete every embedding stored under an owner (the account is deleted). */
export const deleteEmbeddingsOfOwner = async (db: DB, ownerID: number): Promise<void> => {
  await db.deleteFrom("embeddings").where("owner_id", "=", ownerID).execute();
};
