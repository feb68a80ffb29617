import type {
  MagicMetadata,
  MagicMetadataInput,
} from "../../../shared/api/endpoints/library-schemas";

// Magic metadata is kept as the wire object `{version, count, data, header}`
// in a JSON text column; `data` is ciphertext the server never opens.

export interface StoredMagicMetadata {
  version: number;
  count: number;
  data: string;
  header: string;
}

/** The column value of magic metadata stored at `version`. */
export const magicMetadataColumn = (metadata: MagicMetadataInput, version: number): string =>
  JSON.stringify({
    version,
    count: metadata.count,
    data: metadata.data,
    header: metadata.header,
  } satisfies StoredMagicMetadata);

/** The stored magic metadata of a column, or undefined when there is none. */
export const storedMagicMetadata = (column: string | null): StoredMagicMetadata | undefined =>
  column === null ? undefined : (JSON.parse(column) as StoredMagicMetadata);

/** The answer's value of a column: omitted when none (wire-contract §0.3). */
export const magicMetadataJSON = (column: string | null): MagicMetadata | undefined =>
  storedMagicMetadata(column);
