import type { UserEntityType } from "../../shared/api/endpoints/user-entity";
import { gunzipBytes, gzipBytes } from "../../shared/crypto/gzip";

// [Note: Some user entity types are gzipped before encryption]
//
// An entity's plaintext is its JSON in UTF-8, which the client then encrypts
// as a Blob under the type's key. The reference's clients gzip the JSON of
// the newer types first: the web app gzips "cgroup" (a person lists every
// face ID it holds), the mobile apps every type but "location" and "person",
// which predate the rule. We follow the mobile apps' list, which agrees with
// the web app's on every type it reads, so that entities stay readable by
// every client of the ecosystem.

/** Types whose JSON is gzipped before encryption. See: [Note: Some user entity types are gzipped before encryption] */
export const isGzippedEntityType = (type: UserEntityType): boolean =>
  type !== "location" && type !== "person";

/**
 * The most an entity may unzip to: its ciphertext is 1 MiB at most (see:
 * [Note: A user entity is at most 1 MiB of ciphertext]) and JSON of IDs packs
 * a few times under gzip; 16 MiB refuses a gzip bomb before it fills memory.
 */
const maxPlaintextBytes = 16 * 1024 * 1024;

/** Bytes that are not an entity's JSON (gzipped where the type says so). */
export class MalformedEntityDataError extends Error {
  override name = "MalformedEntityDataError";
}

/** The plaintext of an entity of `type`, ready to encrypt. */
export const encodeEntityData = async (
  type: UserEntityType,
  data: unknown,
): Promise<Uint8Array> => {
  const json = new TextEncoder().encode(JSON.stringify(data));
  if (!isGzippedEntityType(type)) return json;
  return gzipBytes(json);
};

/** The JSON value of an entity of `type` from its (decrypted) plaintext; throws `MalformedEntityDataError`. */
export const decodeEntityData = async (
  type: UserEntityType,
  bytes: Uint8Array,
): Promise<unknown> => {
  let json: Uint8Array | undefined = bytes;
  if (isGzippedEntityType(type)) {
    try {
      json = await gunzipBytes(bytes, maxPlaintextBytes);
    } catch (error) {
      throw new MalformedEntityDataError("Entity data is not gzip", { cause: error });
    }
    if (json === undefined) {
      throw new MalformedEntityDataError(
        `Entity data unzips to over ${String(maxPlaintextBytes)} bytes`,
      );
    }
  }
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(json)) as unknown;
  } catch (error) {
    throw new MalformedEntityDataError("Entity data is not JSON", { cause: error });
  }
};
