import { z } from "zod";

// What a file's encrypted metadata and magic metadata hold once decrypted
// (spec §3 "File"). The server only ever sees these as ciphertext.
//
// [Note: Decrypted metadata is read leniently]
//
// Files come from every client of the ecosystem, of every age. Decrypted
// JSON is parsed with lenient schemas: unknown keys are kept (a newer client
// may add some, and rewriting metadata must not drop them), wrong-typed
// optional values are treated as absent, and only what the gallery cannot
// do without (title, creation time, type) is required.

/** File types (spec §3). */
export const FileType = { image: 0, video: 1, livePhoto: 2, others: 3 } as const;
export type FileType = (typeof FileType)[keyof typeof FileType];

const fileTypeSchema = z
  .number()
  .int()
  .transform((type): FileType => (type >= 0 && type <= 3 ? (type as FileType) : FileType.others));

/** An optional value: a wrong type reads as absent. See: [Note: Decrypted metadata is read leniently] */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** The decrypted `metadata` of a file. Times are µs since the epoch. */
export const fileMetadataSchema = z.looseObject({
  title: z.string(),
  creationTime: z.number(),
  modificationTime: optional(z.number()),
  fileType: fileTypeSchema,
  latitude: optional(z.number()),
  longitude: optional(z.number()),
  /** BLAKE2b-512 of the contents, base64 (dedupe); live photos carry the two below instead. */
  hash: optional(z.string()),
  imageHash: optional(z.string()),
  videoHash: optional(z.string()),
  localID: optional(z.union([z.string(), z.number()])),
  version: optional(z.number()),
  deviceFolder: optional(z.string()),
  /** Video duration in seconds, when known. */
  duration: optional(z.number()),
});

export type FileMetadata = z.output<typeof fileMetadataSchema>;

/** Visibility of a file or collection (spec §3). */
export const Visibility = { visible: 0, archived: 1, hidden: 2 } as const;
export type Visibility = (typeof Visibility)[keyof typeof Visibility];

const visibilitySchema = z
  .number()
  .int()
  .refine((value) => value >= 0 && value <= 2)
  .transform((value) => value as Visibility);

/** A file's private magic metadata (owner only). */
export const filePrivateMagicMetadataSchema = z.looseObject({
  visibility: optional(visibilitySchema),
});

/** A file's public magic metadata (edits visible to everyone who sees the file). */
export const filePublicMagicMetadataSchema = z.looseObject({
  /** µs; a creation time the user set. */
  editedTime: optional(z.number()),
  editedName: optional(z.string()),
  caption: optional(z.string()),
  /** Who uploaded into a collected album (a public link's visitor). */
  uploaderName: optional(z.string()),
  /** Pixel width and height, when known. */
  w: optional(z.number()),
  h: optional(z.number()),
  /** The camera as its EXIF Make and Model tags name it ("Canon", "Canon EOS 5D Mark II"), when known. */
  cameraMake: optional(z.string()),
  cameraModel: optional(z.string()),
});

export type FilePrivateMagicMetadata = z.output<typeof filePrivateMagicMetadataSchema>;
export type FilePublicMagicMetadata = z.output<typeof filePublicMagicMetadataSchema>;
