import {
  embeddingDiffMaxLimit,
  type embeddingEndpoints,
  type RemoteEmbeddingJSON,
} from "../../../../shared/api/endpoints/embeddings";
import type { HandlerMap } from "../../http/register-endpoints";
import type { LibraryContext } from "../context";
import { readEmbeddingsPage } from "./derived-data-rules";
import {
  nextEmbeddingVersion,
  upsertEmbedding,
  visibleEmbeddings,
  type EmbeddingRow,
} from "./embedding-repository";
import { ownerForDerivedWrite } from "./file-access";

// `PUT /embeddings` and `GET /embeddings/diff` (wire-contract "Calls from the
// spec that this page adds" → "Embeddings"). The model and the sizes are
// checked by the endpoint's schema (400).
// See: [Note: An embedding is 512 float32 values in one secretstream message]

const embeddingJSON = (row: EmbeddingRow): RemoteEmbeddingJSON => ({
  fileID: row.file_id,
  model: row.model,
  encryptedEmbedding: row.encrypted_embedding,
  decryptionHeader: row.decryption_header,
  updatedAt: row.updated_at_us,
});

export const createEmbeddingHandlers = (
  context: LibraryContext,
): HandlerMap<typeof embeddingEndpoints> => ({
  putEmbedding: async ({ session, body }) => {
    await context.db.transaction().execute(async (trx) => {
      // See: [Note: Who may see a file's derived data]
      const ownerID = await ownerForDerivedWrite(context, trx, session.userID, body.fileID);
      // See: [Note: Embedding versions come from one clock]
      const versionUs = await nextEmbeddingVersion(trx, context.nowUs());
      await upsertEmbedding(trx, {
        file_id: body.fileID,
        model: body.model,
        owner_id: ownerID,
        encrypted_embedding: body.encryptedEmbedding,
        decryption_header: body.decryptionHeader,
        updated_at_us: versionUs,
      });
    });
    return {};
  },

  getEmbeddingsDiff: async ({ session, query }) => {
    const { userID } = session;
    const rows = await readEmbeddingsPage<EmbeddingRow>(
      {
        rowsAfter: (after, count) =>
          visibleEmbeddings(context.db, userID, query.model, { after, count }),
        rowsAt: (at) => visibleEmbeddings(context.db, userID, query.model, { at }),
        versionOf: (row) => row.updated_at_us,
      },
      query.sinceTime,
      query.limit ?? embeddingDiffMaxLimit,
    );
    return { diff: rows.map(embeddingJSON) };
  },
});
