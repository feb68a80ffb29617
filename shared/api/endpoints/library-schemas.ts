import { z } from "zod";
import { intFromString } from "../wire-values";
import { base64Field, base64FieldBetween } from "./account-schemas";

// Schemas shared by the library areas (wire-contract §3 to §7): collections,
// files, magic metadata and trash items. Requests are strict, answers lenient.
// See: [Note: Strict request bodies, lenient answers]

/** Byte sizes of the library's key material (see "Crypto formats"). */
export const libraryValueBytes = {
  /** A 32-byte key in a secretbox: collection key under the master key, file key under the collection key. */
  boxedKey: 48,
  /** A 32-byte key sealed to an X25519 public key (collection shared with someone). */
  sealedKey: 80,
  /** secretbox nonce. */
  nonce: 24,
  /** secretstream header (Blob and Stream). */
  streamHeader: 24,
  /** A link password's Argon2id hash, as the client derives it (`crypto_pwhash`, 32 bytes). */
  linkPasswordHash: 32,
  /** Its salt (`crypto_pwhash_SALTBYTES`). */
  linkPasswordSalt: 16,
} as const;

/**
 * Limits of the library calls (wire-contract §7, §10; spec §9).
 * See: [Note: Batches beyond their cap are refused with 413]
 */
export const libraryLimits = {
  /** Items per add, move, restore, remove, trash and magic-metadata call (spec §9). */
  collectionBatch: 1000,
  /**
   * Files per `POST /files/copy`: the reference server's cap, lower than the
   * other batches because each file is two object copies made while the
   * request waits. See: [Note: A copy batch over its cap is a bad request]
   */
  copyBatch: 100,
  /** File IDs per `POST /trash/delete` (wire-contract §6). */
  trashDeleteBatch: 2500,
  /** Entries per diff page (collection and trash diffs, wire-contract §7). */
  diffPage: 2500,
  /** Actions per page of a collection-action queue: the reference server's page. */
  collectionActionsPage: 2000,
  /**
   * File IDs per `POST /collection-actions/reject-delete-suggestions`: the
   * reference's cap. See: [Note: A rejection over its cap is a bad request]
   */
  rejectionBatch: 2000,
  /** File IDs per size or info call. */
  fileQueryBatch: 2500,
  /** File IDs per `POST /files/previews` (a few screens of the grid). */
  thumbnailBatchFiles: 50,
  /**
   * The largest thumbnail a batch carries: far above the 100 KB the apps
   * make, so only an odd client's upload is asked for on its own.
   * See: [Note: A batch of thumbnails is framed by lengths]
   */
  thumbnailBatchEntryBytes: 1024 * 1024,
  /** Single upload URLs per call (wire-contract §5.1). */
  uploadURLsPerCall: 50,
  /** Parts of one multipart upload. */
  multipartParts: 10_000,
  /** The largest file object (wire-contract §10): 10 GiB. */
  fileObjectBytes: 10 * 1024 ** 3,
  /** The smallest part of a multipart upload with more than one part: 5 MiB. */
  minPartBytes: 5 * 1024 ** 2,
  /** The largest part: 5 GiB. */
  maxPartBytes: 5 * 1024 ** 3,
  /** Encrypted name or magic-metadata data: generous for JSON, bounded for the database. */
  encryptedTextBytes: 256 * 1024,
  /** Encrypted file metadata. */
  encryptedMetadataBytes: 1024 * 1024,
} as const;

// [Note: Batches beyond their cap are refused with 413]
//
// Batch arrays carry no `.max()` in their schemas: the server checks their
// length itself and answers 413 `BATCH_TOO_LARGE` (the reference's status
// for a batch that is too large, wire-contract §0.2), which a client can tell
// apart from a malformed item (400). The body limit still bounds the array.

/** An ID (user, collection, file): a positive safe integer. */
export const idField = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** An ID in a path or query. */
export const idFromString = () => intFromString().refine((id) => id > 0, "must be a positive ID");

/** A µs time in a query (`sinceTime`): 0 or more. */
export const timeFromString = () =>
  intFromString().refine((time) => time >= 0, "must not be negative");

/** A µs time in a body. */
export const timeField = () => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

// ---------------------------------------------------------------------------
// Magic metadata (spec §3; wire-contract §3.1, §5.3)

/**
 * Magic metadata as a client sends it: `data` is the Blob ciphertext of the
 * JSON, `header` its secretstream header; `count` is the number of keys in the
 * JSON (at least 1), `version` the version the client last saw.
 */
export const magicMetadataInputSchema = z.object({
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  count: z.number().int().min(1).max(10_000),
  data: base64FieldBetween(1, libraryLimits.encryptedTextBytes),
  header: base64Field(libraryValueBytes.streamHeader),
});

/** Magic metadata as answered: every field omitempty (wire-contract §0.3). */
export const magicMetadataSchema = z.object({
  version: z.number().int().nullish(),
  count: z.number().int().nullish(),
  data: z.string().nullish(),
  header: z.string().nullish(),
});

export type MagicMetadataInput = z.input<typeof magicMetadataInputSchema>;
export type MagicMetadata = z.output<typeof magicMetadataSchema>;

// ---------------------------------------------------------------------------
// Collections (wire-contract §3.1)

/** Collection types a client may create (the hidden album is an album with a subtype). */
export const collectionTypes = ["album", "folder", "favorites", "uncategorized"] as const;
export type CollectionType = (typeof collectionTypes)[number];

/** Sharee roles in the database; a missing role means VIEWER. */
export const collectionRoles = ["VIEWER", "COLLABORATOR", "ADMIN", "OWNER"] as const;
export type CollectionRole = (typeof collectionRoles)[number];

export const collectionUserSchema = z.object({
  id: z.number(),
  email: z.string().nullish(),
  name: z.string().nullish(),
  role: z.string().nullish(),
});
export type CollectionUser = z.infer<typeof collectionUserSchema>;

export const publicURLSchema = z.object({
  url: z.string(),
  deviceLimit: z.number(),
  validTill: z.number(),
  enableDownload: z.boolean(),
  enableCollect: z.boolean(),
  enableComment: z.boolean().nullish(),
  passwordEnabled: z.boolean(),
  nonce: z.string().nullish(),
  memLimit: z.number().nullish(),
  opsLimit: z.number().nullish(),
  enableJoin: z.boolean().nullish(),
  minRole: z.string().nullish(),
});
export type PublicURLJSON = z.infer<typeof publicURLSchema>;

export const collectionAttributesSchema = z.object({
  encryptedPath: z.string().nullish(),
  pathDecryptionNonce: z.string().nullish(),
  version: z.number().nullish(),
});

/** A collection as answered. `isDeleted` is omitted when false. */
export const collectionSchema = z.object({
  id: z.number(),
  owner: collectionUserSchema,
  encryptedKey: z.string(),
  keyDecryptionNonce: z.string().nullish(),
  name: z.string().nullish(),
  encryptedName: z.string().nullish(),
  nameDecryptionNonce: z.string().nullish(),
  type: z.string(),
  attributes: collectionAttributesSchema.nullish(),
  sharees: z.array(collectionUserSchema).nullish(),
  publicURLs: z.array(publicURLSchema).nullish(),
  updationTime: z.number(),
  sharedAt: z.number().nullish(),
  isDeleted: z.boolean().nullish(),
  magicMetadata: magicMetadataSchema.nullish(),
  pubMagicMetadata: magicMetadataSchema.nullish(),
  sharedMagicMetadata: magicMetadataSchema.nullish(),
  app: z.string().nullish(),
});

export type RemoteCollection = z.output<typeof collectionSchema>;
export type RemoteCollectionJSON = z.input<typeof collectionSchema>;

/** `POST /collections`: what a client sends to create a collection. */
export const newCollectionSchema = z.object({
  encryptedKey: base64Field(libraryValueBytes.boxedKey),
  keyDecryptionNonce: base64Field(libraryValueBytes.nonce),
  encryptedName: base64FieldBetween(16, libraryLimits.encryptedTextBytes),
  nameDecryptionNonce: base64Field(libraryValueBytes.nonce),
  type: z.enum(collectionTypes),
  // See: [Note: A request's null is its absence]
  attributes: z
    .object({
      encryptedPath: z.string().max(libraryLimits.encryptedTextBytes).nullish(),
      pathDecryptionNonce: z.string().max(64).nullish(),
      version: z.number().int().min(0).max(1000).nullish(),
    })
    .nullish(),
  magicMetadata: magicMetadataInputSchema.nullish(),
  pubMagicMetadata: magicMetadataInputSchema.nullish(),
});

export type NewCollection = z.input<typeof newCollectionSchema>;

/** A file's key re-encrypted for a collection (add, move, restore). */
export const collectionFileItemSchema = z.object({
  id: idField(),
  encryptedKey: base64Field(libraryValueBytes.boxedKey),
  keyDecryptionNonce: base64Field(libraryValueBytes.nonce),
});

export type CollectionFileItem = z.input<typeof collectionFileItemSchema>;

// ---------------------------------------------------------------------------
// Files (wire-contract §4)

const fileObjectSchema = z.object({
  objectKey: z.string().nullish(),
  decryptionHeader: z.string(),
  size: z.number().nullish(),
});

const fileMetadataSchema = z.object({
  encryptedData: z.string(),
  decryptionHeader: z.string(),
  size: z.number().nullish(),
});

export const fileInfoSchema = z.object({ fileSize: z.number(), thumbSize: z.number() });

/** A file as answered in diffs, creates and trash items. */
export const fileSchema = z.object({
  id: z.number(),
  ownerID: z.number(),
  collectionID: z.number(),
  collectionOwnerID: z.number().nullish(),
  collectionAddedAt: z.number().nullish(),
  encryptedKey: z.string(),
  keyDecryptionNonce: z.string(),
  file: fileObjectSchema,
  thumbnail: fileObjectSchema,
  metadata: fileMetadataSchema,
  isDeleted: z.boolean(),
  updationTime: z.number(),
  magicMetadata: magicMetadataSchema.nullish(),
  pubMagicMetadata: magicMetadataSchema.nullish(),
  info: fileInfoSchema.nullish(),
  action: z.string().nullish(),
  actionUser: z.number().nullish(),
});

export type RemoteFile = z.output<typeof fileSchema>;
export type RemoteFileJSON = z.input<typeof fileSchema>;

/** An object key minted by the upload-URL calls: `<userID>/<uuid>`. */
export const objectKeyField = () =>
  z
    .string()
    .max(200)
    .regex(/^\d{1,16}\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, "must be an object key <userID>/<id>");

const uploadedObjectSchema = z.object({
  objectKey: objectKeyField(),
  decryptionHeader: base64Field(libraryValueBytes.streamHeader),
  /** The ciphertext's size; 0, null or absent to let the server read it. */
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullish(),
});

/** `POST /files` (and `PUT /files/update` with `id`): a file whose objects are uploaded. */
export const newFileSchema = z.object({
  id: idField().optional(),
  collectionID: idField(),
  encryptedKey: base64Field(libraryValueBytes.boxedKey),
  keyDecryptionNonce: base64Field(libraryValueBytes.nonce),
  file: uploadedObjectSchema,
  thumbnail: uploadedObjectSchema,
  metadata: z.object({
    encryptedData: base64FieldBetween(17, libraryLimits.encryptedMetadataBytes),
    decryptionHeader: base64Field(libraryValueBytes.streamHeader),
  }),
  // See: [Note: A request's null is its absence]
  pubMagicMetadata: magicMetadataInputSchema.nullish(),
  magicMetadata: magicMetadataInputSchema.nullish(),
});

export type NewFile = z.input<typeof newFileSchema>;

/** `PUT /files/update`: like `POST /files` with the ID, the key optional. */
export const updatedFileSchema = newFileSchema.extend({
  id: idField(),
  encryptedKey: base64Field(libraryValueBytes.boxedKey).optional(),
  keyDecryptionNonce: base64Field(libraryValueBytes.nonce).optional(),
});

export type UpdatedFile = z.input<typeof updatedFileSchema>;

// ---------------------------------------------------------------------------
// Diffs and trash (wire-contract §6, §7)

export const trashItemSchema = z.object({
  file: fileSchema,
  isDeleted: z.boolean(),
  isRestored: z.boolean(),
  deleteBy: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

export type RemoteTrashItem = z.output<typeof trashItemSchema>;
export type RemoteTrashItemJSON = z.input<typeof trashItemSchema>;
