// The steps that decrypting a page of collections and a page of files share:
// one pool call per kind of Blob, each failure marked on its record.
// See: [Note: A page is decrypted in one pool call per kind of work]

import type { z } from "zod";
import type { RemoteFile } from "../../shared/api/endpoints/library-schemas";
import type { Settled } from "../crypto/pool";
import {
  type DecryptionPool,
  type DecryptedMagicMetadata,
  type RecordPart,
} from "./decrypted-records";

/** Why each record of a page failed: its first failing part. */
export class PageFailures {
  readonly #byIndex = new Map<number, { part: RecordPart; cause: unknown }>();

  fail(index: number, part: RecordPart, cause: unknown): void {
    if (!this.#byIndex.has(index)) this.#byIndex.set(index, { part, cause });
  }

  has(index: number): boolean {
    return this.#byIndex.has(index);
  }

  get(index: number): { part: RecordPart; cause: unknown } | undefined {
    return this.#byIndex.get(index);
  }
}

export type WireMagicMetadata = RemoteFile["magicMetadata"];

export interface BlobJob extends VersionedBlob {
  /** Index of the record in the page. */
  index: number;
  part: RecordPart;
  keyB64: string;
}

/** A Blob of a record, with the version and count its magic metadata carries (0 for metadata). */
export interface VersionedBlob {
  version: number;
  count: number;
  encryptedDataB64: string;
  decryptionHeaderB64: string;
}

/** Magic metadata that holds a ciphertext; absent, empty or partial ones count as none. */
export const magicMetadataBlob = (metadata: WireMagicMetadata): VersionedBlob | undefined => {
  if (metadata === null || metadata === undefined) return undefined;
  const { data, header } = metadata;
  if (typeof data !== "string" || data === "" || typeof header !== "string" || header === "") {
    return undefined;
  }
  return {
    version: metadata.version ?? 0,
    count: metadata.count ?? 0,
    encryptedDataB64: data,
    decryptionHeaderB64: header,
  };
};

/** `magicMetadataBlob` as a job of record `index` under `keyB64`. */
export const magicMetadataJob = (
  metadata: WireMagicMetadata,
  index: number,
  part: RecordPart,
  keyB64: string,
): BlobJob | undefined => {
  const blob = magicMetadataBlob(metadata);
  return blob === undefined ? undefined : { index, part, keyB64, ...blob };
};

export interface OpenedBlob {
  version: number;
  count: number;
  value: unknown;
}

export type OpenedBlobs = Map<number, Partial<Record<RecordPart, OpenedBlob>>>;

/** Opens every Blob job of a page in one pool call; a failure marks its record. */
export const openBlobJobs = async (
  pool: Pick<DecryptionPool, "decryptBlobsToJSON">,
  jobs: readonly BlobJob[],
  failures: PageFailures,
): Promise<OpenedBlobs> => {
  const settled = await pool.decryptBlobsToJSON(
    jobs.map(({ encryptedDataB64, decryptionHeaderB64, keyB64 }) => ({
      encryptedDataB64,
      decryptionHeaderB64,
      keyB64,
    })),
  );
  const opened: OpenedBlobs = new Map();
  jobs.forEach(({ index, part, version, count }, i) => {
    const result = settled[i];
    if (result?.ok !== true) {
      failures.fail(index, part, result?.error);
      return;
    }
    const parts = opened.get(index) ?? {};
    parts[part] = { version, count, value: result.value };
    opened.set(index, parts);
  });
  return opened;
};

export type Decoded<T> = { ok: true; value: T } | { ok: false; cause: unknown };

/** Decodes opened magic metadata with its schema. See: [Note: Decrypted metadata is read leniently] */
export const decodeMagicMetadata = <T>(
  schema: z.ZodType<T>,
  opened: OpenedBlob | undefined,
): Decoded<DecryptedMagicMetadata<T> | undefined> => {
  if (opened === undefined) return { ok: true, value: undefined };
  const parsed = schema.safeParse(opened.value);
  return parsed.success
    ? { ok: true, value: { version: opened.version, count: opened.count, data: parsed.data } }
    : { ok: false, cause: parsed.error };
};

/** The keys of a page opened by one pool call; a failure marks its record. */
export const openedValues = (
  settled: readonly Settled<string>[],
  indexes: readonly number[],
  part: RecordPart,
  failures: PageFailures,
): Map<number, string> => {
  const values = new Map<number, string>();
  indexes.forEach((index, i) => {
    const result = settled[i];
    if (result?.ok === true) values.set(index, result.value);
    else failures.fail(index, part, result?.error);
  });
  return values;
};
