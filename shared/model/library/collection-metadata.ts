import { z } from "zod";

// What a collection's magic metadata holds once decrypted (spec §3
// "Collection"). See: [Note: Decrypted metadata is read leniently]

/** Collection subtypes (spec §3). */
export const CollectionSubType = { default: 0, defaultHidden: 1, quickLink: 2 } as const;
export type CollectionSubType = (typeof CollectionSubType)[keyof typeof CollectionSubType];

/** Default names of the special collections (spec §3). */
export const defaultCollectionNames = {
  uncategorized: "Uncategorized",
  favorites: "Favorites",
  hidden: ".hidden",
} as const;

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** The owner's private magic metadata of a collection. */
export const collectionPrivateMagicMetadataSchema = z.looseObject({
  /** 0 visible, 1 archived, 2 hidden (see `Visibility`). */
  visibility: optional(z.number().int()),
  subType: optional(z.number().int()),
  /** Pinned albums carry an order (> 0). */
  order: optional(z.number()),
});

/** Public magic metadata of a collection: what every participant sees. */
export const collectionPublicMagicMetadataSchema = z.looseObject({
  /** Sort files oldest first. */
  asc: optional(z.boolean()),
  coverID: optional(z.number()),
});

/** A sharee's own metadata of a collection shared with them. */
export const collectionShareeMagicMetadataSchema = z.looseObject({
  visibility: optional(z.number().int()),
});

export type CollectionPrivateMagicMetadata = z.output<typeof collectionPrivateMagicMetadataSchema>;
export type CollectionPublicMagicMetadata = z.output<typeof collectionPublicMagicMetadataSchema>;
export type CollectionShareeMagicMetadata = z.output<typeof collectionShareeMagicMetadataSchema>;
