import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  UploadPartCopyCommand,
  type CompletedPart,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { BlobStoreConfig } from "../config/config";
import {
  ensureValidKeyPrefix,
  ensureValidObjectKey,
  ensureValidPartCount,
  type BlobStore,
  type PresignGetOptions,
  type PresignMultipartOptions,
  type PresignPutOptions,
} from "./blob-store";

type S3Config = Extract<BlobStoreConfig, { kind: "s3" }>;

const secondsFor = (ms: number) => Math.max(1, Math.floor(ms / 1000));

/** Whether S3 answered that there is no such object (a HEAD's 404 or a GET's `NoSuchKey`). */
const isMissingObject = (error: unknown): boolean =>
  error instanceof NotFound ||
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

// [Note: The server's own S3 calls retry and time out]
//
// The calls the server makes itself (HEAD for sizes, GET of small objects,
// DELETE, LIST) meet what any network service meets: a 503 SlowDown under
// load, a reset connection, a request that never gets an answer. The SDK
// retries throttling, 5xx and connection errors with jittered backoff, but
// without timeouts a stalled call would hold its request (and a cleanup job)
// forever. So a connection must open within `connectionTimeoutMs`, an open
// request may stay silent for at most `idleTimeoutMs` (a steady download is
// never cut), and a call gives up after
// `maxAttempts` tries, a timed-out one included. Browsers upload and download
// through presigned URLs and retry on their own.

export interface S3CallLimits {
  maxAttempts: number;
  connectionTimeoutMs: number;
  idleTimeoutMs: number;
}

export const defaultS3CallLimits: S3CallLimits = {
  maxAttempts: 4,
  connectionTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
};

// [Note: Objects above 5 GiB are copied in parts]
//
// S3 copies an object of at most 5 GiB in one `CopyObject`; a file object
// may have up to 10 GiB (wire-contract §10). A larger one is copied as a
// multipart upload whose parts are ranges of the source (`UploadPartCopy`),
// a few at a time, then completed; a failed copy aborts its upload so that
// no parts are left billed. Either way the bytes never leave the store.

export interface S3CopyLimits {
  /** The largest object copied in one request: S3's limit for `CopyObject`. */
  maxSingleCopyBytes: number;
  /**
   * The range each part of a larger copy takes: a 10 GiB object in 20 parts,
   * each well above S3's 5 MiB minimum and quick enough to copy that a part
   * never waits on an idle connection for long.
   */
  copyPartBytes: number;
  /** Parts copied at once: a few, so a 10 GiB copy takes a fraction of the time of one part after another. */
  parallelPartCopies: number;
}

export const defaultS3CopyLimits: S3CopyLimits = {
  maxSingleCopyBytes: 5 * 1024 ** 3,
  copyPartBytes: 512 * 1024 ** 2,
  parallelPartCopies: 4,
};

/** The byte ranges (inclusive, as `x-amz-copy-source-range` takes them) of a copy in parts. */
export const copyPartRanges = (sizeBytes: number, partBytes: number): [number, number][] => {
  const ranges: [number, number][] = [];
  for (let start = 0; start < sizeBytes; start += partBytes) {
    ranges.push([start, Math.min(start + partBytes, sizeBytes) - 1]);
  }
  return ranges;
};

/** Any S3-compatible service, through presigned URLs (wire-contract §10). */
export const createS3BlobStore = (
  config: S3Config,
  limits: S3CallLimits = defaultS3CallLimits,
  copyLimits: S3CopyLimits = defaultS3CopyLimits,
): BlobStore => {
  const client = new S3Client({
    maxAttempts: limits.maxAttempts,
    requestHandler: {
      connectionTimeout: limits.connectionTimeoutMs,
      // An idle-socket timeout; the SDK's `requestTimeout` only warns.
      socketTimeout: limits.idleTimeoutMs,
    },
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyID !== undefined && config.secretAccessKey !== undefined
        ? { accessKeyId: config.accessKeyID, secretAccessKey: config.secretAccessKey }
        : undefined,
    // [Note: No checksums in presigned URLs]
    //
    // Recent SDKs add CRC32 checksum parameters to every presigned upload URL
    // by default. A browser PUTting the bytes cannot send the matching
    // checksum header, and older S3-compatible servers reject the parameters,
    // so checksums are only used where an operation requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  // Keys need no escaping in a copy source. See: [Note: Object keys are safe paths]
  const copySourceOf = (key: string) => `${Bucket}/${ensureValidObjectKey(key)}`;

  /** See: [Note: Objects above 5 GiB are copied in parts] */
  const copyInParts = async (sourceKey: string, destinationKey: string, sizeBytes: number) => {
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket, Key: destinationKey }),
    );
    if (UploadId === undefined) throw new Error("S3 created a multipart upload without an ID");
    try {
      const ranges = copyPartRanges(sizeBytes, copyLimits.copyPartBytes);
      const parts: CompletedPart[] = [];
      for (let first = 0; first < ranges.length; first += copyLimits.parallelPartCopies) {
        const batch = ranges.slice(first, first + copyLimits.parallelPartCopies);
        const copied = await Promise.all(
          batch.map(async ([start, end], index) => {
            const PartNumber = first + index + 1;
            const { CopyPartResult } = await client.send(
              new UploadPartCopyCommand({
                Bucket,
                Key: destinationKey,
                UploadId,
                PartNumber,
                CopySource: copySourceOf(sourceKey),
                CopySourceRange: `bytes=${String(start)}-${String(end)}`,
              }),
            );
            return { PartNumber, ETag: CopyPartResult?.ETag };
          }),
        );
        parts.push(...copied);
      }
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: destinationKey,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket, Key: destinationKey, UploadId }))
        .catch(() => undefined);
      throw error;
    }
  };

  return {
    kind: "s3",

    async presignPut(key, { validForMs, contentLengthBytes, contentMD5B64 }: PresignPutOptions) {
      return getSignedUrl(
        client,
        new PutObjectCommand({
          Bucket,
          Key: ensureValidObjectKey(key),
          ContentLength: contentLengthBytes,
          ContentMD5: contentMD5B64,
        }),
        { expiresIn: secondsFor(validForMs) },
      );
    },

    async presignGet(
      key,
      { validForMs, attachment = false, octetStream = false }: PresignGetOptions,
    ) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: ensureValidObjectKey(key),
          ResponseContentDisposition: attachment ? "attachment" : undefined,
          ResponseContentType: octetStream ? "application/octet-stream" : undefined,
        }),
        { expiresIn: secondsFor(validForMs) },
      );
    },

    async presignMultipartUpload(
      key,
      { validForMs, partCount, partMD5sB64 }: PresignMultipartOptions,
    ) {
      ensureValidObjectKey(key);
      ensureValidPartCount(partCount);
      if (partMD5sB64 !== undefined && partMD5sB64.length !== partCount) {
        throw new RangeError(`${partMD5sB64.length} part MD5s for ${partCount} parts`);
      }
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({ Bucket, Key: key }),
      );
      if (UploadId === undefined) throw new Error("S3 created a multipart upload without an ID");
      const expiresIn = secondsFor(validForMs);
      const partURLs = await Promise.all(
        Array.from({ length: partCount }, (_, index) =>
          getSignedUrl(
            client,
            new UploadPartCommand({
              Bucket,
              Key: key,
              UploadId,
              PartNumber: index + 1,
              ContentMD5: partMD5sB64?.[index],
            }),
            { expiresIn },
          ),
        ),
      );
      const completeURL = await getSignedUrl(
        client,
        new CompleteMultipartUploadCommand({ Bucket, Key: key, UploadId }),
        { expiresIn },
      );
      return { partURLs, completeURL };
    },

    async sizeBytes(key) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket, Key: ensureValidObjectKey(key) }),
        );
        return head.ContentLength;
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },

    async readSmall(key, maxBytes) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: ensureValidObjectKey(key) }),
        );
        if (object.Body === undefined) return undefined;
        if ((object.ContentLength ?? 0) > maxBytes) {
          // Not read: the connection is given up rather than drained.
          (object.Body as { destroy?: () => void }).destroy?.();
          return "tooLarge";
        }
        return await object.Body.transformToByteArray();
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },

    async copy(sourceKey, destinationKey) {
      ensureValidObjectKey(destinationKey);
      const sizeBytes = await this.sizeBytes(sourceKey);
      if (sizeBytes === undefined) return false;
      try {
        if (sizeBytes <= copyLimits.maxSingleCopyBytes) {
          await client.send(
            new CopyObjectCommand({
              Bucket,
              Key: destinationKey,
              CopySource: copySourceOf(sourceKey),
            }),
          );
        } else {
          await copyInParts(sourceKey, destinationKey, sizeBytes);
        }
      } catch (error) {
        // The source went between the look and the copy.
        if (isMissingObject(error)) return false;
        throw error;
      }
      return true;
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: ensureValidObjectKey(key) }));
    },

    async listKeys(prefix) {
      ensureValidKeyPrefix(prefix);
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined) keys.push(object.Key);
        }
        ContinuationToken = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
      return keys.sort();
    },

    async deletePrefix(prefix) {
      const keys = await this.listKeys(prefix);
      // One request per object: DeleteObjects needs a Content-MD5 that some
      // S3-compatible services mishandle, and accounts hold few objects
      // until files exist.
      for (const Key of keys) await client.send(new DeleteObjectCommand({ Bucket, Key }));
      return keys.length;
    },

    close: () => {
      client.destroy();
      return Promise.resolve();
    },
  };
};
