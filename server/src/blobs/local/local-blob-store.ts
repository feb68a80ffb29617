import { constants } from "node:fs";
import { copyFile, mkdir, open, readdir, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  ensureValidKeyPrefix,
  ensureValidObjectKey,
  ensureValidPartCount,
  maxPartBytes,
  maxSinglePutBytes,
  type BlobStore,
  type MultipartUploadURLs,
  type PresignGetOptions,
  type PresignMultipartOptions,
  type PresignPutOptions,
} from "../blob-store";
import type { CompletedPart } from "../s3-xml";
import { createMultipartUploads } from "./multipart-uploads";
import { createTemporaryFiles, type ExpectedBody } from "./temporary-files";
import {
  checkBlobURLSignature,
  signBlobURL,
  type SignatureCheck,
  type SignedMethod,
} from "./url-signing";

// [Note: Local objects are never half-written]
//
// The local store keeps object `<key>` at `<dir>/<key>`. Every write (a single
// PUT, a multipart part, the assembly of a completed upload) streams into a
// private file under `<dir>/.tmp` first and is renamed into place only once
// complete and verified. A rename within one file system is atomic, so a
// reader sees the old object or the new one, never a partial one, and an
// interrupted upload leaves only a temporary file that the sweep removes.
// Multipart uploads are kept apart in `<dir>/.uploads` (multipart-uploads.ts).

/** Query parameter names of local blob URLs (S3's where S3 has one). */
export const blobParams = {
  uploadID: "uploadId",
  partNumber: "partNumber",
  responseContentDisposition: "response-content-disposition",
  responseContentType: "response-content-type",
  contentLength: "X-Cairn-Content-Length",
  contentMD5: "X-Cairn-Content-MD5",
} as const;

export interface StoredObject {
  file: string;
  sizeBytes: number;
  modifiedMs: number;
}

/** The local folder backend, plus what its HTTP routes need. */
export interface LocalBlobStore extends BlobStore {
  readonly kind: "local";
  /** See: [Note: Local blob URLs are signed like S3 presigned URLs] */
  checkSignature(method: SignedMethod, key: string, params: URLSearchParams): SignatureCheck;
  writeObject(key: string, body: Readable, expected: ExpectedBody): Promise<{ etag: string }>;
  writePart(
    key: string,
    uploadID: string,
    partNumber: number,
    body: Readable,
    expected: ExpectedBody,
  ): Promise<{ etag: string }>;
  completeUpload(key: string, uploadID: string, parts: CompletedPart[]): Promise<{ etag: string }>;
  openObject(key: string): Promise<StoredObject | undefined>;
  /** Remove expired multipart uploads and abandoned temporary files. */
  sweep(): Promise<{ removedUploads: number; removedTemporaries: number }>;
}

export interface LocalBlobStoreOptions {
  dir: string;
  signingKey: Buffer;
  /** The API's public URL; read at signing time because it is known only once listening. */
  apiURL: () => string;
  nowMs?: () => number;
}

const isNotFound = (error: unknown): boolean =>
  (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";

export const createLocalBlobStore = ({
  dir,
  signingKey,
  apiURL,
  nowMs = Date.now,
}: LocalBlobStoreOptions): LocalBlobStore => {
  const temporaryFiles = createTemporaryFiles(path.join(dir, ".tmp"));
  const uploads = createMultipartUploads(path.join(dir, ".uploads"), temporaryFiles);
  const objectPath = (key: string) => path.join(dir, ensureValidObjectKey(key));

  const openObject = async (key: string): Promise<StoredObject | undefined> => {
    const file = objectPath(key);
    try {
      const stats = await stat(file);
      return stats.isFile()
        ? { file, sizeBytes: stats.size, modifiedMs: stats.mtimeMs }
        : undefined;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  };

  const signed = (
    method: SignedMethod,
    key: string,
    params: Record<string, string | undefined>,
    validForMs: number,
  ) =>
    signBlobURL({
      signingKey,
      baseURL: `${apiURL()}/blobs`,
      method,
      key,
      params,
      expiresAtMs: nowMs() + validForMs,
    });

  return {
    kind: "local",

    checkSignature: (method, key, params) =>
      checkBlobURLSignature({ signingKey, method, key, params, nowMs: nowMs() }),

    async presignPut(key, { validForMs, contentLengthBytes, contentMD5B64 }: PresignPutOptions) {
      ensureValidObjectKey(key);
      return Promise.resolve(
        signed(
          "PUT",
          key,
          {
            [blobParams.contentLength]: contentLengthBytes?.toString(),
            [blobParams.contentMD5]: contentMD5B64,
          },
          validForMs,
        ),
      );
    },

    async presignGet(
      key,
      { validForMs, attachment = false, octetStream = false }: PresignGetOptions,
    ) {
      ensureValidObjectKey(key);
      return Promise.resolve(
        signed(
          "GET",
          key,
          {
            [blobParams.responseContentDisposition]: attachment ? "attachment" : undefined,
            [blobParams.responseContentType]: octetStream ? "application/octet-stream" : undefined,
          },
          validForMs,
        ),
      );
    },

    async presignMultipartUpload(
      key,
      { validForMs, partCount, partMD5sB64 }: PresignMultipartOptions,
    ): Promise<MultipartUploadURLs> {
      ensureValidObjectKey(key);
      ensureValidPartCount(partCount);
      if (partMD5sB64 !== undefined && partMD5sB64.length !== partCount) {
        throw new RangeError(`${partMD5sB64.length} part MD5s for ${partCount} parts`);
      }
      const uploadID = await uploads.create(key, partCount, nowMs(), validForMs);
      const partURLs = Array.from({ length: partCount }, (_, index) =>
        signed(
          "PUT",
          key,
          {
            [blobParams.uploadID]: uploadID,
            [blobParams.partNumber]: String(index + 1),
            [blobParams.contentMD5]: partMD5sB64?.[index],
          },
          validForMs,
        ),
      );
      const completeURL = signed("POST", key, { [blobParams.uploadID]: uploadID }, validForMs);
      return { partURLs, completeURL };
    },

    async sizeBytes(key) {
      return (await openObject(key))?.sizeBytes;
    },

    async readSmall(key, maxBytes) {
      let handle;
      try {
        handle = await open(objectPath(key), "r");
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) return undefined;
        if (stats.size > maxBytes) return "tooLarge";
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },

    async copy(sourceKey, destinationKey) {
      const target = objectPath(destinationKey);
      const source = await openObject(sourceKey);
      if (source === undefined) return false;
      // Into the scratch folder first, then renamed into place, as every
      // write. See: [Note: Local objects are never half-written]
      // On a file system that clones (btrfs, XFS) the copy shares the
      // source's blocks until one of them is written.
      const file = await temporaryFiles.newFile();
      try {
        await copyFile(source.file, file, constants.COPYFILE_FICLONE);
        await mkdir(path.dirname(target), { recursive: true });
        await rename(file, target);
      } catch (error) {
        await rm(file, { force: true });
        // The source went between the look and the copy.
        if (isNotFound(error) && (await openObject(sourceKey)) === undefined) return false;
        throw error;
      }
      return true;
    },

    async delete(key) {
      try {
        await unlink(objectPath(key));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },

    async listKeys(prefix) {
      const folder = path.join(dir, ensureValidKeyPrefix(prefix));
      let entries;
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
        .map((relative) => relative.split(path.sep).join("/"))
        .sort();
    },

    async deletePrefix(prefix) {
      const keys = await this.listKeys(prefix);
      // Objects are renamed into place (see [Note: Local objects are never
      // half-written]), so removing the folder removes whole objects only.
      await rm(path.join(dir, prefix), { recursive: true, force: true });
      return keys.length;
    },

    close: () => Promise.resolve(),

    async writeObject(key, body, expected) {
      const target = objectPath(key);
      const { file, md5Hex } = await temporaryFiles.receive(body, expected, maxSinglePutBytes);
      try {
        await mkdir(path.dirname(target), { recursive: true });
        await rename(file, target);
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return { etag: md5Hex };
    },

    async writePart(key, uploadID, partNumber, body, expected) {
      ensureValidObjectKey(key);
      await uploads.checkPart(key, uploadID, partNumber);
      const received = await temporaryFiles.receive(body, expected, maxPartBytes);
      await uploads.addPart(key, uploadID, partNumber, received);
      return { etag: received.md5Hex };
    },

    async completeUpload(key, uploadID, parts) {
      const etag = await uploads.complete(key, uploadID, parts, objectPath(key));
      return { etag };
    },

    openObject,

    async sweep() {
      const now = nowMs();
      return {
        removedUploads: await uploads.sweep(now),
        removedTemporaries: await temporaryFiles.sweep(now),
      };
    },
  };
};
