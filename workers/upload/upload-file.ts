// The encrypted transfer of one file, as the web app's upload worker runs it
// (wire-contract §5.1, §5.2, "Crypto formats"): a new file key; the contents
// encrypted as a Stream while they are uploaded (one PUT, or a multipart
// upload part by part); thumbnail and metadata as Blobs under the file key;
// the file key boxed under the collection key; then `POST /files`.
// Type sniffing, EXIF and thumbnail making come before this.

import type { ApiClient } from "../../shared/api/client";
import type { MagicMetadataInput, RemoteFile } from "../../shared/api/endpoints/library-schemas";
import { fromB64 } from "../../shared/crypto/base64";
import { STREAM_CIPHERTEXT_CHUNK_BYTES } from "../../shared/crypto/sizes";
import {
  type FileMetadata,
  type FilePrivateMagicMetadata,
  type FilePublicMagicMetadata,
  fileMetadataSchema,
  filePrivateMagicMetadataSchema,
  filePublicMagicMetadataSchema,
} from "../../shared/model/library/file-metadata";
import type { CryptoPool } from "../crypto/pool";
import { encryptThroughStream } from "../crypto/stream-pipeline";
import type { DecryptedFile, DecryptedMagicMetadata } from "../library/decrypted-records";
import { type ObjectTransferDeps, completeMultipartUpload, putObject } from "./object-transfer";
import { type UploadEndpoints, userUploadEndpoints } from "./upload-endpoints";
import { type UploadPlan, completeMultipartXML, planUpload } from "./upload-plan";
import { type UploadSource, hashedAndCounted, readableSource } from "./upload-source";

export interface UploadDeps extends ObjectTransferDeps {
  api: ApiClient;
  pool: Pick<
    CryptoPool,
    "openHash" | "openEncryptionStream" | "encryptBlobs" | "encryptBlobsFromJSON" | "encryptBoxes"
  >;
  /** The user's own upload endpoints unless given (a public link's visitor gives the link's). */
  endpoints?: UploadEndpoints | undefined;
}

/** File metadata as the uploader knows it; `hash` is computed while uploading when absent. */
export type UploadMetadata = Omit<FileMetadata, "hash"> & { hash?: string | undefined };

export interface UploadRequest {
  /** The target collection, owned by the caller. */
  collection: { id: number; keyB64: string };
  file: UploadSource;
  /** The thumbnail's bytes (a small JPEG). */
  thumbnail: Uint8Array;
  metadata: UploadMetadata;
  pubMagicMetadata?: FilePublicMagicMetadata;
  magicMetadata?: FilePrivateMagicMetadata;
  /** Encrypted chunks per multipart part. See: [Note: Multipart parts are whole encrypted chunks] */
  chunksPerPart?: number;
  signal?: AbortSignal;
  /**
   * The running total of the file's bytes taken into the encryption. The
   * pipeline holds at most a part and two chunks ahead of the network, so
   * this follows the bytes sent closely enough for a progress bar.
   */
  onReadBytes?: (readBytes: number) => void;
}

export interface UploadedFile {
  /** The file as `decryptFiles` would give it back. */
  file: DecryptedFile;
  /** The server's answer to `POST /files`. */
  remote: RemoteFile;
  /** The thumbnail's ciphertext as it was sent. */
  thumbnailCiphertext: Uint8Array<ArrayBuffer>;
}

type FileTarget =
  | { kind: "single"; objectKey: string; url: string }
  | { kind: "multipart"; objectKey: string; partURLs: string[]; completeURL: string };

/** Upload URLs for the file (as planned) and its thumbnail, minted by the server. */
const mintURLs = async (
  api: ApiClient,
  endpoints: UploadEndpoints,
  plan: UploadPlan,
  signal: AbortSignal,
): Promise<{ file: FileTarget; thumbnail: { objectKey: string; url: string } }> => {
  if (plan.kind === "single") {
    const { urls } = await api.call(endpoints.uploadURLs, { query: { count: 2 }, signal });
    const [file, thumbnail] = urls;
    if (file === undefined || thumbnail === undefined) throw new Error("Too few upload URLs");
    return { file: { kind: "single", ...file }, thumbnail };
  }
  const [multipart, single] = await Promise.all([
    api.call(endpoints.multipartUploadURLs, { query: { count: plan.partCount }, signal }),
    api.call(endpoints.uploadURLs, { query: { count: 1 }, signal }),
  ]);
  const [thumbnail] = single.urls;
  if (thumbnail === undefined || multipart.urls.partURLs.length !== plan.partCount) {
    throw new Error("The server answered other upload URLs than asked");
  }
  return { file: { kind: "multipart", ...multipart.urls }, thumbnail };
};

/** Concatenates the chunks of `ciphertext` into one buffer of `sizeBytes`. */
const collect = async (ciphertext: AsyncIterable<Uint8Array>, sizeBytes: number) => {
  const buffer = new Uint8Array(sizeBytes);
  let offset = 0;
  for await (const chunk of ciphertext) {
    if (offset + chunk.length > sizeBytes) throw new Error("More ciphertext than planned");
    buffer.set(chunk, offset);
    offset += chunk.length;
  }
  if (offset !== sizeBytes) throw new Error("Less ciphertext than planned");
  return buffer;
};

/**
 * Sends the ciphertext as planned. Multipart: a part is PUT as soon as its
 * chunks are encrypted, while the next part is being encrypted; at most one
 * part is in flight. See: [Note: Multipart parts are whole encrypted chunks]
 */
const sendFileObject = async (
  deps: ObjectTransferDeps,
  plan: UploadPlan,
  target: FileTarget,
  ciphertext: AsyncIterable<Uint8Array>,
  signal: AbortSignal,
): Promise<void> => {
  if (plan.kind === "single" || target.kind === "single") {
    if (plan.kind !== "single" || target.kind !== "single") throw new Error("Plan and URLs differ");
    await putObject(deps, target.url, await collect(ciphertext, plan.encryptedBytes), signal);
    return;
  }
  const partBytes = plan.chunksPerPart * STREAM_CIPHERTEXT_CHUNK_BYTES;
  const etags: string[] = [];
  let inFlight: Promise<void> = Promise.resolve();
  const sendPart = (index: number, part: Uint8Array) => {
    const url = target.partURLs[index];
    if (url === undefined) throw new Error("More parts than planned");
    const previous = inFlight;
    inFlight = (async () => {
      await previous;
      etags[index] = await putObject(deps, url, part, signal);
    })();
    // A failure surfaces when awaited in turn; until then it is not unhandled.
    inFlight.catch(() => undefined);
    return previous;
  };
  let partIndex = 0;
  let part: Uint8Array | undefined;
  let offset = 0;
  for await (const chunk of ciphertext) {
    if (partIndex >= plan.partCount) throw new Error("More ciphertext than planned");
    part ??= new Uint8Array(Math.min(partBytes, plan.encryptedBytes - partIndex * partBytes));
    if (offset + chunk.length > part.length) throw new Error("More ciphertext than planned");
    part.set(chunk, offset);
    offset += chunk.length;
    if (offset === part.length) {
      // Wait for the part before the one being sent: at most one in flight.
      await sendPart(partIndex, part);
      partIndex += 1;
      part = undefined;
      offset = 0;
    }
  }
  await inFlight;
  if (partIndex !== plan.partCount) throw new Error("Less ciphertext than planned");
  await completeMultipartUpload(deps, target.completeURL, completeMultipartXML(etags), signal);
};

const firstOf = <T>(items: readonly T[], what: string): T => {
  const [item] = items;
  if (item === undefined) throw new Error(`The crypto pool answered no ${what}`);
  return item;
};

/**
 * Uploads a file into a collection and registers it. Errors of the upload
 * calls are the upload mapping's (402, 426, 413, 401: spec §8); transient
 * failures of the object transfers are retried with the spec's backoff.
 */
export const uploadFile = async (
  deps: UploadDeps,
  request: UploadRequest,
): Promise<UploadedFile> => {
  const { api, pool } = deps;
  const endpoints = deps.endpoints ?? userUploadEndpoints;
  const { sizeBytes, chunks } = readableSource(request.file);
  const plan = planUpload(sizeBytes, request.chunksPerPart);
  // One failure (the thumbnail's PUT, say) stops the other transfers too.
  const failed = new AbortController();
  const signal =
    request.signal === undefined ? failed.signal : AbortSignal.any([request.signal, failed.signal]);

  const urls = await mintURLs(api, endpoints, plan, signal);
  const hash = request.metadata.hash === undefined ? await pool.openHash() : undefined;
  const stream = await pool.openEncryptionStream();
  const fileKeyB64 = stream.keyB64;
  try {
    const thumbnail = firstOf(
      await pool.encryptBlobs([{ data: request.thumbnail, keyB64: fileKeyB64 }]),
      "thumbnail",
    );
    const transfers = [
      sendFileObject(
        deps,
        plan,
        urls.file,
        encryptThroughStream(
          stream,
          hashedAndCounted(chunks, hash, sizeBytes, request.onReadBytes),
        ),
        signal,
      ),
      putObject(deps, urls.thumbnail.url, thumbnail.encryptedData, signal),
    ];
    await Promise.all(
      transfers.map((transfer) =>
        transfer.catch((e: unknown) => {
          failed.abort(e);
          throw e;
        }),
      ),
    );

    const metadata = fileMetadataSchema.parse({
      ...request.metadata,
      hash: hash === undefined ? request.metadata.hash : await hash.finalizeB64(),
    });
    // Magic metadata without a key is not sent: the server wants a count of at least 1.
    const sent = (value: object | undefined): value is object =>
      value !== undefined && Object.keys(value).length > 0;
    const magic = [request.pubMagicMetadata, request.magicMetadata];
    const blobs = await pool.encryptBlobsFromJSON(
      [metadata, ...magic.filter(sent)].map((value) => ({
        value,
        keyB64: fileKeyB64,
      })),
    );
    const [metadataBlob, ...magicBlobs] = blobs;
    if (metadataBlob === undefined) throw new Error("The crypto pool answered no metadata");
    const magicInput = (value: object | undefined): MagicMetadataInput | undefined => {
      if (!sent(value)) return undefined;
      const blob = magicBlobs.shift();
      if (blob === undefined) throw new Error("The crypto pool answered too few Blobs");
      return {
        version: 0,
        count: Object.keys(value).length,
        data: blob.encryptedDataB64,
        header: blob.decryptionHeaderB64,
      };
    };
    const pubMagicMetadata = magicInput(request.pubMagicMetadata);
    const magicMetadata = magicInput(request.magicMetadata);
    const boxedKey = firstOf(
      await pool.encryptBoxes([{ data: fromB64(fileKeyB64), keyB64: request.collection.keyB64 }]),
      "file key",
    );

    const remote = await api.call(endpoints.createFile, {
      body: {
        collectionID: request.collection.id,
        encryptedKey: boxedKey.encryptedDataB64,
        keyDecryptionNonce: boxedKey.nonceB64,
        file: {
          objectKey: urls.file.objectKey,
          decryptionHeader: stream.decryptionHeaderB64,
          size: plan.encryptedBytes,
        },
        thumbnail: {
          objectKey: urls.thumbnail.objectKey,
          decryptionHeader: thumbnail.decryptionHeaderB64,
          size: thumbnail.encryptedData.length,
        },
        metadata: {
          encryptedData: metadataBlob.encryptedDataB64,
          decryptionHeader: metadataBlob.decryptionHeaderB64,
        },
        ...(pubMagicMetadata === undefined ? {} : { pubMagicMetadata }),
        ...(magicMetadata === undefined ? {} : { magicMetadata }),
      },
      signal,
    });
    return {
      remote,
      thumbnailCiphertext: thumbnail.encryptedData.slice(),
      file: {
        id: remote.id,
        collectionID: remote.collectionID,
        ownerID: remote.ownerID,
        updationTime: remote.updationTime,
        collectionAddedAt: remote.collectionAddedAt ?? undefined,
        keyB64: fileKeyB64,
        metadata,
        magicMetadata: storedAtCreation(filePrivateMagicMetadataSchema, request.magicMetadata),
        pubMagicMetadata: storedAtCreation(filePublicMagicMetadataSchema, request.pubMagicMetadata),
        info: remote.info ?? undefined,
        fileDecryptionHeaderB64: stream.decryptionHeaderB64,
        thumbnailDecryptionHeaderB64: thumbnail.decryptionHeaderB64,
      },
    };
  } finally {
    await hash?.close();
    await stream.close();
  }
};

/** The server stores magic metadata sent with a new file at version 1. */
const firstMagicMetadataVersion = 1;

const storedAtCreation = <T>(
  schema: { parse: (value: unknown) => T },
  value: object | undefined,
): DecryptedMagicMetadata<T> | undefined =>
  value === undefined || Object.keys(value).length === 0
    ? undefined
    : {
        version: firstMagicMetadataVersion,
        count: Object.keys(value).length,
        data: schema.parse(value),
      };
