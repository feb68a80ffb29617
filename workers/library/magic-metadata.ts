// Encrypting magic-metadata edits (spec §3; wire-contract §3.2, §5.3): the
// changes are merged into the decrypted current object, the result is
// encrypted as a Blob under the record's key, and the version sent is the
// one the client last saw (0 when there was none).
// See: [Note: Null drops a magic-metadata key]

import type { z } from "zod";
import type { MagicMetadataInput } from "../../shared/api/endpoints/library-schemas";
import {
  type MagicMetadataChanges,
  mergeMagicMetadata,
} from "../../shared/model/library/magic-metadata-update";
import type { CryptoPool } from "../crypto/pool";
import type { DecryptedMagicMetadata } from "./decrypted-records";

export interface MagicMetadataEdit<T extends Record<string, unknown>> {
  /** The key the metadata is encrypted under: the collection's or the file's. */
  keyB64: string;
  current: DecryptedMagicMetadata<T> | undefined;
  changes: MagicMetadataChanges;
}

export interface EncryptedMagicMetadataEdit<T> {
  /** What the update call sends. */
  input: MagicMetadataInput;
  /** What the server holds once it accepted the update (it stores version + 1). */
  next: DecryptedMagicMetadata<T>;
}

/**
 * Merges and encrypts each edit, all in one pool call; `schema` reads the
 * merged object back as the record's metadata type.
 */
export const encryptMagicMetadataEdits = async <T extends Record<string, unknown>>(
  pool: Pick<CryptoPool, "encryptBlobsFromJSON">,
  schema: z.ZodType<T>,
  edits: readonly MagicMetadataEdit<T>[],
): Promise<EncryptedMagicMetadataEdit<T>[]> => {
  const merged = edits.map(({ current, changes }) => mergeMagicMetadata(current?.data, changes));
  const encrypted = await pool.encryptBlobsFromJSON(
    merged.map(({ data }, i) => ({ value: data, keyB64: edits[i]?.keyB64 ?? "" })),
  );
  return merged.map(({ data, count }, i) => {
    const blob = encrypted[i];
    if (blob === undefined) throw new Error("The crypto pool answered fewer Blobs than asked");
    const version = edits[i]?.current?.version ?? 0;
    return {
      input: {
        version,
        count,
        data: blob.encryptedDataB64,
        header: blob.decryptionHeaderB64,
      },
      next: { version: version + 1, count, data: schema.parse(data) },
    };
  });
};
