import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { intFromString } from "../wire-values";
import { base64Field } from "./account-schemas";
import { idField, libraryValueBytes, timeFromString } from "./library-schemas";

// CLIP embeddings of files (wire-contract "Calls from the spec that this page
// adds" → "Embeddings"; spec §3, §5, §7, §9).

/** The embedding models the server stores. */
export const embeddingModels = ["onnx-clip"] as const;
export type EmbeddingModel = (typeof embeddingModels)[number];

// [Note: An embedding is 512 float32 values in one secretstream message]
//
// A file's CLIP image embedding (MobileCLIP S2: 512 dimensions) is sent as
// its raw bytes, 512 float32 values little-endian (2048 bytes), encrypted
// with the file's key as a Blob: one `crypto_secretstream_xchacha20poly1305`
// message tagged FINAL, whose ciphertext is the plaintext plus 17 bytes
// (1 tag byte + 16 MAC bytes), with its 24-byte header beside it. Every
// embedding of this model is thus exactly 2065 bytes of ciphertext, and the
// server refuses any other size (400): a JSON array of floats, a truncated
// upload or random junk cannot be stored and handed to other devices, and
// the table's size is known from its row count (~2.8 KB of base64 a file).

/** Plaintext of an `onnx-clip` embedding: 512 float32 values. See: [Note: An embedding is 512 float32 values in one secretstream message] */
export const clipEmbeddingPlaintextBytes = 512 * Float32Array.BYTES_PER_ELEMENT;

/** What secretstream adds to one message (`crypto_secretstream_xchacha20poly1305_ABYTES`). */
export const secretstreamMessageOverheadBytes = 17;

/** Byte sizes of a stored embedding. See: [Note: An embedding is 512 float32 values in one secretstream message] */
export const embeddingValueBytes = {
  ciphertext: clipEmbeddingPlaintextBytes + secretstreamMessageOverheadBytes,
  header: libraryValueBytes.streamHeader,
} as const;

/**
 * The most embeddings a diff page carries (the reference client's page,
 * `DIFF_LIMIT = 500`): ~1.4 MB of JSON. A larger `limit` is refused (400)
 * rather than silently capped, because a client stops pulling once a page
 * is shorter than the limit it asked for: a capped page would end its pull
 * early without a word.
 */
export const embeddingDiffMaxLimit = 500;

/** `PUT /embeddings`: a file's embedding, stored under the file's owner. */
export const putEmbedding = defineEndpoint({
  method: "PUT",
  path: "/embeddings",
  auth: "user",
  body: z.object({
    fileID: idField(),
    model: z.enum(embeddingModels),
    encryptedEmbedding: base64Field(embeddingValueBytes.ciphertext),
    decryptionHeader: base64Field(embeddingValueBytes.header),
  }),
  response: z.object({}),
});

export const remoteEmbeddingSchema = z.object({
  fileID: z.number(),
  model: z.string(),
  encryptedEmbedding: z.string(),
  decryptionHeader: z.string(),
  updatedAt: z.number(),
});

export type RemoteEmbedding = z.output<typeof remoteEmbeddingSchema>;
export type RemoteEmbeddingJSON = z.input<typeof remoteEmbeddingSchema>;

/**
 * `GET /embeddings/diff?sinceTime=&limit=&model=`: the embeddings of the
 * caller's files and of the files shared with the caller, updated after
 * `sinceTime`, ascending by `updatedAt`. The client pulls again from the
 * largest `updatedAt` while a page has at least `limit` entries.
 * See: [Note: An embeddings page is never shorter than its limit while more follow]
 */
export const getEmbeddingsDiff = defineEndpoint({
  method: "GET",
  path: "/embeddings/diff",
  auth: "user",
  query: z.object({
    sinceTime: timeFromString(),
    limit: intFromString()
      .refine(
        (limit) => limit >= 1 && limit <= embeddingDiffMaxLimit,
        `must be 1..${String(embeddingDiffMaxLimit)}`,
      )
      .optional(),
    model: z.enum(embeddingModels),
  }),
  response: z.object({ diff: z.array(remoteEmbeddingSchema).nullable() }),
});

export const embeddingEndpoints = { putEmbedding, getEmbeddingsDiff };
