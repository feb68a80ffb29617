// Object storage for the encrypted file and thumbnail blobs. Clients move the
// bytes themselves through presigned URLs (wire-contract §5.1, §5.4); the
// server mints URLs, checks sizes, copies and deletes, and reads thumbnails
// only to answer them many to a request. Two backends implement
// it: the local folder (`local/`, the embedded default) and S3.

/**
 * How long minted URLs stay valid: 7 days, as the reference server's presigned
 * URLs (wire-contract §5.1), which is also the longest SigV4 allows.
 */
export const presignedURLValidityMs = 7 * 24 * 60 * 60 * 1000;

/** S3's limits, which both backends keep so that clients behave the same on either. */
export const maxSinglePutBytes = 5 * 1024 ** 3;
export const maxPartBytes = 5 * 1024 ** 3;
export const maxPartCount = 10_000;

export interface PresignPutOptions {
  validForMs: number;
  /** When set, the upload must have exactly this length (signed into the URL). */
  contentLengthBytes?: number | undefined;
  /** When set, the upload must send this `Content-MD5` and match it (signed into the URL). */
  contentMD5B64?: string | undefined;
}

export interface PresignGetOptions {
  validForMs: number;
  /** Answer with `Content-Disposition: attachment`. */
  attachment?: boolean;
  /** Answer with `Content-Type: application/octet-stream`. */
  octetStream?: boolean;
}

export interface PresignMultipartOptions {
  validForMs: number;
  partCount: number;
  /** When set, one per part: each part must match its MD5 (signed into its URL). */
  partMD5sB64?: readonly string[] | undefined;
}

export interface MultipartUploadURLs {
  /** PUT URLs for parts 1..N; each answers with the part's `ETag`. */
  partURLs: string[];
  /** POST URL taking the S3 `<CompleteMultipartUpload>` XML. */
  completeURL: string;
}

export interface BlobStore {
  readonly kind: "local" | "s3";
  presignPut(key: string, options: PresignPutOptions): Promise<string>;
  presignGet(key: string, options: PresignGetOptions): Promise<string>;
  presignMultipartUpload(
    key: string,
    options: PresignMultipartOptions,
  ): Promise<MultipartUploadURLs>;
  /** The size of a stored object, or undefined when there is none. */
  sizeBytes(key: string): Promise<number | undefined>;
  /**
   * A small object's bytes (a thumbnail the server answers in a batch): undefined
   * when there is none, "tooLarge" when it has more than `maxBytes` (unread).
   * See: [Note: Thumbnails are fetched many to a request]
   */
  readSmall(key: string, maxBytes: number): Promise<Uint8Array | "tooLarge" | undefined>;
  /**
   * Copy an object to a new key inside the store, without its bytes passing
   * through the server (S3 `CopyObject`). Answers false, having written
   * nothing, when there is no source object. The copy is whole or absent,
   * never partial. See: [Note: A copy of another's file is a new upload]
   */
  copy(sourceKey: string, destinationKey: string): Promise<boolean>;
  /** Delete an object; deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** The keys of the stored objects under a folder prefix such as `<userID>/`, sorted. */
  listKeys(prefix: string): Promise<string[]>;
  /** Delete every object under a folder prefix such as `<userID>/`; answers how many. */
  deletePrefix(prefix: string): Promise<number>;
  close(): Promise<void>;
}

export class InvalidObjectKeyError extends Error {
  override name = "InvalidObjectKeyError";
  constructor(key: string) {
    super(`Invalid object key ${JSON.stringify(key)}`);
  }
}

// [Note: Object keys are safe paths]
//
// Keys look like `<userID>/<uuid>` (wire-contract §5.1), and a preview's
// like `<userID>/file-data/<fileID>/vid_preview/<objectID>` (§8). Both
// backends accept only 1-5 segments of letters, digits, `.`, `_` and `-`,
// each starting with a letter or digit, so a key is always a safe relative
// path on disk (no `..`, no absolute path, no hidden name clashing with the
// store's own `.tmp` and `.uploads` folders) and needs no escaping in a URL.
const segmentPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export const isValidObjectKey = (key: string): boolean => {
  const segments = key.split("/");
  return (
    segments.length >= 1 && segments.length <= 5 && segments.every((s) => segmentPattern.test(s))
  );
};

export const ensureValidObjectKey = (key: string): string => {
  if (!isValidObjectKey(key)) throw new InvalidObjectKeyError(key);
  return key;
};

/**
 * A folder prefix: one to three valid key segments followed by "/", so that
 * it can only ever select whole folders (`1580559962386438/`, never `15`).
 * See: [Note: Object keys are safe paths]
 */
export const ensureValidKeyPrefix = (prefix: string): string => {
  const segments = prefix.split("/");
  const last = segments.pop();
  if (
    last !== "" ||
    segments.length < 1 ||
    segments.length > 3 ||
    !segments.every((s) => segmentPattern.test(s))
  ) {
    throw new InvalidObjectKeyError(prefix);
  }
  return prefix;
};

export const ensureValidPartCount = (partCount: number): number => {
  if (!Number.isInteger(partCount) || partCount < 1 || partCount > maxPartCount) {
    throw new RangeError(`A multipart upload has 1-${maxPartCount} parts, not ${partCount}`);
  }
  return partCount;
};
