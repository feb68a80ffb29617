// [Note: Null drops a magic-metadata key]
//
// A magic-metadata update merges the changed keys into the current decrypted
// object; a key set to null is removed rather than stored as null (spec §3:
// "null-valued keys are dropped on update"). The `count` sent with the
// ciphertext is the number of keys after the merge, and the `version` is the
// one the client last saw: the server refuses a stale version of a file's
// metadata (409) so that two devices cannot silently overwrite each other.

export type MagicMetadataChanges = Readonly<Record<string, unknown>>;

export interface MergedMagicMetadata {
  data: Record<string, unknown>;
  /** Keys in `data`. */
  count: number;
}

/** Apply changes to decrypted magic metadata. See: [Note: Null drops a magic-metadata key] */
export const mergeMagicMetadata = (
  current: Readonly<Record<string, unknown>> | undefined,
  changes: MagicMetadataChanges,
): MergedMagicMetadata => {
  const data: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) Reflect.deleteProperty(data, key);
    else if (value !== undefined) data[key] = value;
  }
  return { data, count: Object.keys(data).length };
};
