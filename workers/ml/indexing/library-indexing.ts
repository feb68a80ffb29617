// The on-device indexing of a library (spec §4 "Embedding extraction", §5):
// each run first takes what other devices already computed (the embeddings'
// diff, the ML data documents' changes), then indexes the next batch of the
// library's photos that have no index yet: their thumbnails go to the ML
// worker in one call (CLIP's image embedding when its models are there, the
// things the detector sees, the perceptual hash), and the results go back
// to the server encrypted with each file's key (`PUT /embeddings`, the
// document's `things` and `phash` parts through `PUT /files/data`), so a library is indexed once,
// not on every device. The in-memory indexes answer the search: CLIP's
// matches for a text, the things of a file. They are kept in the local
// database, sealed, so a reload pulls only what is newer.
// See: [Note: The ML indexes are kept as sealed chunks]

import type { ApiClient } from "../../../shared/api/client";
import { CairnError } from "../../../shared/model/errors";
import type { CryptoPool } from "../../crypto/pool";
import type { ThumbnailResult } from "../../gallery/gallery-contract";
import {
  clipEmbeddingLength,
  clipMatchThreshold,
  normalizedEmbedding,
} from "../clip/clip-embedding";
import { pullEmbeddings, putFileEmbeddings } from "../derived-data/embeddings-sync";
import { fetchMLData, pullMLDataChanges, updateMLData } from "../derived-data/ml-data-sync";
import {
  type MLDataDocument,
  clipOf,
  perceptualHashOf,
  thingsOf,
  withClip,
  withPerceptualHash,
  withThings,
} from "../ml-data";
import type { PerceptualHash } from "../../dedupe/perceptual-hash";
import { createHashBackfill } from "./hash-backfill";
import { clientPackages } from "../../../shared/api/headers";
import type { ThingTag } from "../things/things-tags";
import { type IndexableFile, isIndexable } from "./indexing-queue";
import { batchToCompute } from "./batch-to-compute";
import { readableThumbnails } from "./readable-thumbnails";
import { maxEntriesPerChunk } from "./ml-index-chunks";
import type { MLIndexStore } from "./ml-index-store";
import type { FaceIndexStore } from "./face-index-store";
import { LibraryMLIndexes } from "./ml-indexes";
import type { MLRunOutcome } from "./ml-job";
import type { FacesOfImage } from "../ml-worker-contract";
import { createFaceStage } from "./face-stage";
import type { IndexedFace } from "./indexed-faces";
import type { FaceEngineName } from "../faces/face-engines";

/** What indexing asks of the ML worker: one call per batch. */
export interface IndexingML {
  /** Whether CLIP's models are there (image embeddings and "photos of …"). */
  clipAvailable(): Promise<boolean>;
  /**
   * Indexes JPEG thumbnails: CLIP's embedding when available, the things
   * seen, the perceptual hash (hex); undefined for an image that could not be read.
   */
  indexImages(
    jpegs: readonly Uint8Array[],
  ): Promise<
    (
      | { clip?: Float32Array | undefined; things: ThingTag[]; perceptualHash?: string | undefined }
      | undefined
    )[]
  >;
  /**
   * Only the perceptual hashes (hex) of JPEG thumbnails; undefined for an
   * image that could not be read. See: [Note: Files indexed before hashes get one alone]
   */
  hashImages(jpegs: readonly Uint8Array[]): Promise<(string | undefined)[]>;
  /** The faces in JPEG thumbnails; undefined for an image that could not be read. */
  detectFaces(jpegs: Uint8Array[]): Promise<(FacesOfImage | undefined)[]>;
  /** The engine `detectFaces` uses. See: [Note: Face engines] */
  faceEngine(): Promise<FaceEngineName>;
}

export interface LibraryIndexingDeps {
  /** The library's files in the order they are indexed (newest first); read at each run. */
  files: () => Iterable<IndexableFile>;
  fileKey: (fileID: number) => string | undefined;
  /** The API with the session's token; undefined once logged out. */
  api: () => Pick<ApiClient, "call"> | undefined;
  pool: Pick<CryptoPool, "decryptBlobs" | "encryptBlobs">;
  /** Decrypted thumbnails (from the gallery's media, cached as ciphertext). */
  thumbnails: (fileIDs: readonly number[]) => Promise<ThumbnailResult[]>;
  ml: IndexingML;
  /** Files indexed per run (a run leaves the worker free for the gallery in between). */
  batchSize?: number;
  /** Whether indexing gives way now (an upload runs). See: [Note: Indexing gives way to uploads] */
  paused?: () => boolean;
  /** Who made the indexes, as the ML data document names it (the reference's `client`). */
  client?: string;
  /**
   * Where the indexes are kept between sessions (the local database); without
   * one they are pulled again by every session. See: [Note: The ML indexes are kept as sealed chunks]
   */
  store?: MLIndexStore | undefined;
  /**
   * Where the faces are kept between sessions (the face database).
   * See: [Note: The face database keeps each file's faces and status]
   */
  faceStore?: FaceIndexStore | undefined;
  logError?: (message: string, cause: unknown) => void;
  /** Whether this device finds faces (the user turned face indexing on); read at each run. */
  faceIndexing?: () => boolean;
}

/** Indexing's counts (spec §4 "Indexing status"). */
export interface IndexingStatus {
  /** Indexable files without an index yet. */
  pending: number;
  indexed: number;
}

export interface LibraryIndexing {
  /**
   * One extraction run. Throws 'Orphan CLIP indexing without a login' once
   * the session is gone; "paused" when it gave way to an upload.
   */
  run(signal?: AbortSignal, options?: IndexingRunOptions): Promise<MLRunOutcome>;
  /** Reads the indexes kept in the local database, once (no network): a search may wait for it. */
  loadStored(): Promise<void>;
  status(): IndexingStatus;
  /** The things seen in a file (COCO labels), once indexed here or elsewhere. */
  thingsOf(fileID: number): readonly string[] | undefined;
  /** Every thing seen in the library. */
  thingLabels(): string[];
  /** Files whose image embedding is close to `textEmbedding` (spec §1 semantic search). */
  semanticMatches(textEmbedding: Float32Array): Set<number>;
  /** Whether the last run found CLIP's models. */
  clipAvailable(): boolean;
  /** A file's perceptual hash, once hashed here or elsewhere. */
  perceptualHashOf(fileID: number): PerceptualHash | undefined;
  /** How many files have a perceptual hash. */
  perceptualHashCount(): number;
  /** A file's CLIP embedding (unit length, as the index keeps it), once indexed. */
  clipEmbeddingOf(fileID: number): Float32Array | undefined;
  /** Grows with every change of the indexes: matches made before are stale. */
  version(): number;
  /** Face indexing's counts (spec §4 "Face indexing phase") and the engine of the last run. */
  faceStatus(): { indexedFiles: number; totalFiles: number; engine: FaceEngineName | undefined };
  /** Every face-indexed file's faces. */
  allFaces(): ReadonlyMap<number, readonly IndexedFace[]>;
  facesOf(fileID: number): readonly IndexedFace[] | undefined;
  /** Grows with every change of the faces. */
  facesVersion(): number;
  /** Forgets every face found or adopted here, and stores that (face indexing turned off). */
  clearFaces(): Promise<void>;
}

export interface IndexingRunOptions {
  /**
   * Whether this device computes indexes (its setting); without, a run only
   * takes what other devices computed. See: [Note: Indexing off still finds what others indexed]
   */
  compute?: boolean;
}

/** The spec's message when the session ended under a run (§8). */
export class OrphanIndexingError extends CairnError {
  override name = "OrphanIndexingError";
  constructor() {
    super("orphanClipIndexing");
  }
}

/**
 * Files a run indexes: a few dozen thumbnails are a second or two of the ML
 * worker's time, short enough to yield to the gallery between runs.
 */
export const defaultIndexingBatch = 24;

// [Note: A file's CLIP embedding travels twice]
//
// The spec's embeddings (`PUT /embeddings`, pulled with their diff) reach
// the owner's other devices, but a diff read from a sync time misses an
// embedding made before the file was shared with the reader, and newer
// reference clients keep a file's CLIP embedding in its ML data document
// only. So an embedding is also written into the file's document (the
// reference's `clip` part), and a run takes a file's embedding from
// whichever it finds: its diff or the document fetched for the batch (a
// shared file indexed by its owner, or by a reference client, is then not
// computed again).

export const createLibraryIndexing = (deps: LibraryIndexingDeps): LibraryIndexing => {
  /** Files that could not be indexed here this session (no thumbnail, undecodable): not retried until reload. */
  const failed = new Set<number>();
  let clipFound = false;
  const batchSize = deps.batchSize ?? defaultIndexingBatch;
  const indexClient = deps.client ?? clientPackages.photosWeb;
  const logError =
    deps.logError ??
    ((message: string, cause: unknown) => {
      console.error(message, cause);
    });
  const indexes = new LibraryMLIndexes({
    store: deps.store,
    faceStore: deps.faceStore,
    inLibrary: (fileID) => deps.fileKey(fileID) !== undefined,
    logError,
  });

  const isIndexed = (fileID: number) =>
    failed.has(fileID) ||
    (indexes.thingsOf(fileID) !== undefined && (!clipFound || indexes.hasClip(fileID)));

  const hashBackfill = createHashBackfill({
    ...deps,
    batchSize,
    indexes,
    wantsHash: (fileID) => !failed.has(fileID) && isIndexed(fileID),
  });
  const keepHash = hashBackfill.keep;
  const faceIndexing = () => deps.faceIndexing?.() === true;
  const faceStage = createFaceStage({
    ...deps,
    batchSize,
    indexes,
    client: indexClient,
    logError,
  });

  const keep = (fileID: number, tags: readonly { label: string }[]) => {
    indexes.setThings(
      fileID,
      tags.map(({ label }) => label),
    );
  };

  /** Takes the indexes a stored document holds. See: [Note: A file's CLIP embedding travels twice] */
  const adopt = (fileID: number, document: MLDataDocument) => {
    const found = thingsOf(document);
    if (found !== undefined) keep(fileID, found.tags);
    keepHash(fileID, perceptualHashOf(document));
    const stored = clipOf(document)?.embedding;
    if (stored?.length === clipEmbeddingLength && !indexes.hasClip(fileID)) {
      indexes.setClip(fileID, normalizedEmbedding(stored));
    }
    if (faceIndexing()) faceStage.adopt(fileID, document);
  };

  const pull = async (api: Pick<ApiClient, "call">, signal: AbortSignal | undefined) => {
    const sync = { api, pool: deps.pool, fileKey: deps.fileKey };
    await pullEmbeddings(
      sync,
      indexes.times.clipUs,
      async (page, since) => {
        for (const { fileID, embedding } of page) indexes.setClip(fileID, embedding);
        indexes.setClipTime(since);
        // A first pull of a large library is stored as it goes, a chunk at a
        // time, not only at its end (a reload midway keeps what came).
        if (indexes.unsavedCount >= maxEntriesPerChunk) await indexes.save();
      },
      signal === undefined ? {} : { signal },
    );
    const changes = await pullMLDataChanges({ api }, indexes.times.mlDataUs);
    const documents = await fetchMLData(
      sync,
      changes.changed.filter((fileID) => deps.fileKey(fileID) !== undefined),
    );
    for (const [fileID, { document }] of documents) adopt(fileID, document);
    for (const fileID of changes.deleted) indexes.remove(fileID);
    indexes.setMLDataTime(changes.lastUpdatedAt);
  };

  const run = async (
    signal?: AbortSignal,
    { compute = true }: IndexingRunOptions = {},
  ): Promise<MLRunOutcome> => {
    const api = deps.api();
    if (api === undefined) throw new OrphanIndexingError();
    // The stored indexes first: the pull then asks only for what is newer.
    await indexes.load();
    try {
      return await indexOnce(api, signal, compute);
    } finally {
      // What the run changed, even when it failed midway; not after an abort
      // (logout: the database is going). See: [Note: The ML indexes are kept as sealed chunks]
      if (signal?.aborted !== true) await indexes.save();
    }
  };

  const indexOnce = async (
    api: Pick<ApiClient, "call">,
    signal: AbortSignal | undefined,
    compute: boolean,
  ): Promise<MLRunOutcome> => {
    const sync = { api, pool: deps.pool, fileKey: deps.fileKey };
    clipFound = await deps.ml.clipAvailable();
    // Before the pull: it adopts the faces of the engine in use.
    if (faceIndexing()) await faceStage.chooseEngine();
    await pull(api, signal);
    signal?.throwIfAborted();
    if (!compute) return "nothing-to-do";

    // Files shared with the user may have been indexed by their owner.
    const next = await batchToCompute({
      files: deps.files,
      isDone: isIndexed,
      batchSize,
      paused: deps.paused,
      sync,
      adopt,
    });
    if ("outcome" in next && next.outcome === "nothing-to-do") {
      // See: [Note: Faces are indexed after a file's search index]
      const faces = faceIndexing() ? await faceStage.run(sync, signal) : "nothing-to-do";
      return faces === "nothing-to-do" ? hashBackfill.run(sync, signal) : faces;
    }
    if ("outcome" in next) return next.outcome;
    const { files: toIndex, stored } = next;
    signal?.throwIfAborted();
    if (deps.paused?.() === true) return "paused";

    const thumbnails = await deps.thumbnails(toIndex.map(({ id }) => id));
    const images = readableThumbnails(thumbnails, (fileID, errorName) => {
      // Spec §8: a file not found is logged and skipped.
      logError(`Could not index file ${String(fileID)}`, errorName);
      failed.add(fileID);
    });
    const indexed = await deps.ml.indexImages(images.map(({ bytes }) => bytes));
    const results = images.flatMap(({ fileID }, position) => {
      const result = indexed[position];
      if (result !== undefined) return [{ fileID, ...result }];
      logError(`Could not index file ${String(fileID)}`, "the image could not be read");
      failed.add(fileID);
      return [];
    });
    signal?.throwIfAborted();
    const embeddings = results.flatMap(({ fileID, clip }) =>
      clip === undefined ? [] : [{ fileID, embedding: clip }],
    );
    await putFileEmbeddings(sync, embeddings);
    for (const { fileID, embedding } of embeddings) indexes.setClip(fileID, embedding);
    for (const { fileID, clip, things, perceptualHash } of results) {
      signal?.throwIfAborted();
      // See: [Note: A file's CLIP embedding travels twice]
      await updateMLData(
        sync,
        fileID,
        (document) => {
          const tagged = withThings(document, things);
          const hashed =
            perceptualHash === undefined ? tagged : withPerceptualHash(tagged, perceptualHash);
          return clip === undefined
            ? hashed
            : withClip(hashed, { client: indexClient, embedding: Array.from(clip) });
        },
        stored.get(fileID),
      );
      keep(fileID, things);
      keepHash(fileID, perceptualHash);
    }
    return "did-work";
  };

  return {
    run,
    loadStored: () => indexes.load(),
    status() {
      let pending = 0;
      let indexed = 0;
      for (const file of deps.files()) {
        // A file that could not be read is neither waiting nor indexed.
        if (!isIndexable(file) || failed.has(file.id)) continue;
        if (isIndexed(file.id)) indexed += 1;
        else pending += 1;
      }
      return { pending, indexed };
    },
    thingsOf: (fileID) => indexes.thingsOf(fileID),
    thingLabels: () => indexes.thingLabels(),
    semanticMatches: (textEmbedding) =>
      new Set(indexes.clipMatches(textEmbedding, clipMatchThreshold).map(({ fileID }) => fileID)),
    clipAvailable: () => clipFound,
    perceptualHashOf: (fileID) => indexes.perceptualHashOf(fileID),
    perceptualHashCount: () => indexes.perceptualHashCount,
    clipEmbeddingOf: (fileID) => indexes.clipEmbeddingOf(fileID),
    version: () => indexes.version,
    faceStatus() {
      let indexedFiles = 0;
      let totalFiles = 0;
      for (const file of deps.files()) {
        if (!isIndexable(file)) continue;
        totalFiles += 1;
        if (faceStage.isDone(file.id)) indexedFiles += 1;
      }
      return { indexedFiles, totalFiles, engine: faceStage.engineName() };
    },
    allFaces: () => indexes.allFaces(),
    facesOf: (fileID) => indexes.facesOf(fileID),
    facesVersion: () => indexes.facesVersion,
    async clearFaces() {
      await indexes.load();
      indexes.clearFaces();
      await indexes.save();
    },
  };
};
