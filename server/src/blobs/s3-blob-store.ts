import {
  CompleteMultipartUploadCommand,
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

/** Any S3-compatible service, through presigned URLs (wire-contract §10). */
export const createS3BlobStore = (
  config: S3Config,
  limits: S3CallLimits = defaultS3CallLimits,
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
