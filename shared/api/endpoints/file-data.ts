import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { absentOrNull, boolFromString } from "../wire-values";
import { base64Field } from "./account-schemas";
import { idField, idFromString, libraryValueBytes, timeField } from "./library-schemas";

// Derived data of a file (wire-contract §8): the ML index ("mldata", one
// gzipped encrypted JSON document per file: faces and the CLIP vector), and
// a video preview's encrypted HLS playlist ("vid_preview", registered with
// its preview object by `PUT /files/video-data`, file-previews.ts), stored
// under the file's owner. The calls here read both and store the ML index.

/** Data types a client may store with `PUT /files/data`. */
export const storedFileDataTypes = ["mldata"] as const;
/**
 * Data types a client may fetch: the ML index, and a video preview's
 * playlist. See: [Note: A video preview's playlist is kept like ML data]
 */
export const fetchedFileDataTypes = ["mldata", "vid_preview"] as const;
export type FileDataType = (typeof fetchedFileDataTypes)[number];

// [Note: A file's ML data is bounded at 1 MiB]
//
// `mldata` is kept in the database, not in the blob store (wire-contract §8
// stores it as an object; for us it is one small value a file, read in
// batches of 200). What a client puts there is one gzipped, encrypted JSON
// document: the face index (a 192-float embedding, a box and landmarks per
// face, about 1.5 KB of JSON a face before gzip) and the CLIP vector (512
// floats). A photo with a hundred faces is some tens of KB. 1 MiB of
// ciphertext leaves room for a crowd and later fields while keeping a
// 200-file fetch (at most 200 MiB of base64 in theory, a few MB in practice)
// and a row bounded; a larger upload is refused with 413, the status of an
// oversized request, as the body limit answers it. The smallest is one empty
// secretstream message (17 bytes).

/** Limits of the file-data calls. See: [Note: A file's ML data is bounded at 1 MiB] */
export const fileDataLimits = {
  /** The largest ciphertext of one file's `mldata`. */
  maxEncryptedDataBytes: 1024 * 1024,
  /** The smallest: a secretstream message's tag and MAC. */
  minEncryptedDataBytes: 17,
  /** File IDs per `POST /files/data/fetch` (wire-contract §8). */
  fetchBatch: 200,
  /** Rows per `POST /files/data/status-diff` answer (wire-contract §8). */
  statusDiffRows: 5000,
} as const;

/**
 * `PUT /files/data`: a file's data, stored under its owner. With
 * `lastUpdatedAt`, only over that version (0: when there is none yet), else
 * 409 `INVALID_VERSION`. A ciphertext over 1 MiB is 413.
 */
export const putFileData = defineEndpoint({
  method: "PUT",
  path: "/files/data",
  auth: "user",
  body: z.object({
    fileID: idField(),
    type: z.enum(storedFileDataTypes),
    /** Checked by the server for its size (413 above the limit, 400 below). */
    encryptedData: base64Field(),
    decryptionHeader: base64Field(libraryValueBytes.streamHeader),
    /** The client's format version of the document (default 1); not stored. */
    version: absentOrNull(z.number().int().min(1).max(1000)),
    lastUpdatedAt: absentOrNull(timeField()),
  }),
  response: z.object({}),
});

export const fileDataEntitySchema = z.object({
  fileID: z.number(),
  type: z.string(),
  encryptedData: z.string(),
  decryptionHeader: z.string(),
  updatedAt: z.number(),
});

export type RemoteFileData = z.output<typeof fileDataEntitySchema>;
export type RemoteFileDataJSON = z.input<typeof fileDataEntitySchema>;

/**
 * `POST /files/data/fetch`: the data of up to 200 files (413 beyond).
 * `pendingIndexFileIDs` are files the caller may see that have no data of
 * the type yet (to be indexed); `errFileIDs` are the IDs the caller may not
 * see: another's unshared file, one deleted for good, or no file at all
 * (told apart by nobody). Every asked ID is in exactly one of the three.
 */
export const fetchFilesData = defineEndpoint({
  method: "POST",
  path: "/files/data/fetch",
  auth: "user",
  body: z.object({ fileIDs: z.array(idField()), type: z.enum(fetchedFileDataTypes) }),
  response: z.object({
    data: z.array(fileDataEntitySchema).nullable(),
    pendingIndexFileIDs: z.array(z.number()).nullable(),
    errFileIDs: z.array(z.number()).nullable(),
  }),
});

/**
 * `GET /files/data/fetch?fileID=&type=&preferNoContent=`: one file's data;
 * a file without any answers 204 with `preferNoContent`, else 404
 * `NOT_FOUND`, as does a file the caller may not see.
 */
export const fetchFileData = defineEndpoint({
  method: "GET",
  path: "/files/data/fetch",
  auth: "user",
  query: z.object({
    fileID: idFromString(),
    type: z.enum(fetchedFileDataTypes),
    preferNoContent: boolFromString().optional(),
  }),
  response: z.object({ data: fileDataEntitySchema }),
});

export const fileDataStatusSchema = z.object({
  fileID: z.number(),
  userID: z.number(),
  type: z.string(),
  isDeleted: z.boolean(),
  /** A preview's object (`vid_preview`); null for the ML index and a deleted row. */
  objectID: z.string().nullish(),
  /** Never set: no preview type this server stores has a nonce of its own. */
  objectNonce: z.string().nullish(),
  /**
   * Bytes of the stored ciphertext (a preview's: its object and its
   * playlist); 0 for a deleted row.
   */
  size: z.number(),
  updatedAt: z.number(),
});

export type RemoteFileDataStatus = z.output<typeof fileDataStatusSchema>;

/**
 * `POST /files/data/status-diff`: the caller's own rows updated after
 * `lastUpdatedAt`, ascending, about 5000 at most; deleted rows come with
 * `isDeleted: true`. The client repeats from the largest `updatedAt` until
 * an answer is empty (wire-contract §8). Unlike the reference, an answer
 * never ends inside a version (a permanent delete stamps up to 2500
 * tombstones with one), so repeating from its largest skips nothing.
 * See: [Note: Diff pagination never splits a version]
 */
export const getFileDataStatusDiff = defineEndpoint({
  method: "POST",
  path: "/files/data/status-diff",
  auth: "user",
  body: z.object({ lastUpdatedAt: timeField() }),
  response: z.object({ diff: z.array(fileDataStatusSchema).nullable() }),
});

export const fileDataEndpoints = {
  putFileData,
  fetchFilesData,
  fetchFileData,
  getFileDataStatusDiff,
};
