// Thumbnails for the grid, the albums bar and the viewer's placeholder: many
// per call, fetched many to a request with a bounded number of requests in
// flight, decrypted in one pool batch per call, and cached as ciphertext (in
// memory and in Cache Storage `thumbs`).

// [Note: Thumbnails are cached as ciphertext and decrypted per call]
//
// Both caches hold the thumbnail's ciphertext exactly as the server sent it
// (See: [Note: The local database holds only ciphertext]); each call
// decrypts what it answers in one `decryptBlobs` batch. A thumbnail is
// ~100 KB at most, and one batch of a screenful costs a few milliseconds
// across the pool, far less than the network, so keeping plaintext would
// buy little. It also gives every call its own decrypted buffers, which the
// worker transfers to the UI (detaching them) without touching a cache or
// another caller that shares the same fetch. The cache key holds the
// thumbnail's decryption header: an edited file gets a new thumbnail with a
// new header, so a stale one is never served.

import type { ApiClient } from "../../../shared/api/client";
import { decodeThumbnailBatch } from "../../../shared/api/thumbnail-batch";
import { HttpError, NotFoundError } from "../../../shared/model/errors";
import type { CryptoPool } from "../../crypto/pool";
import { inBatches } from "../../library/batches";
import type { DecryptedFile } from "../../library/decrypted-records";
import type { ThumbnailResult } from "../gallery-contract";
import { ByteLRU } from "./byte-lru";
import { CiphertextCache } from "./ciphertext-cache";
import { ConcurrencyLimit } from "./concurrency";
import { type MediaEndpoints, userMediaEndpoints } from "./media-endpoints";
import { FileNotInLibraryError } from "./media-errors";
import { type QuietClock, QuietWriteBehind } from "./quiet-write-behind";

/**
 * [Note: Thumbnails fill the connections at low priority]
 *
 * Thumbnail requests in flight at once, over all calls. A browser opens at
 * most 6 HTTP/1.1 connections per host, and every thumbnail is a call to
 * the API's host that redirects to the blob store (on the same host with the
 * embedded defaults). A screen after a date jump is 20–60 thumbnails, each
 * two round trips of 10–25 ms on a busy 2-core machine, so the number of
 * requests in flight sets how soon the screen is whole: with 4 a jump's
 * screen took 6 rounds of ~50 ms. They take all 6 connections, at the
 * fetch priority `low`: the browser hands a freed connection to the
 * highest-priority request waiting for one, so the sync worker's diffs, an
 * action's call or the viewer's original wait for one thumbnail's round
 * trip at most, never for a screenful.
 */
export const maxThumbnailRequestsInFlight = 6;

/**
 * Thumbnails per batch request: a page's call of a few tiles goes in one
 * request, and a read-ahead of a screen is spread over several, which the
 * server answers at once. See: [Note: Thumbnails are fetched many to a request]
 */
export const thumbnailsPerRequest = 8;

/**
 * Ciphertext kept in memory, in bytes. Thumbnails are ~20–100 KB, so 32 MiB
 * holds several hundred to a thousand: more than a few screens of the
 * densest grid (a 4K screen of 180 px tiles shows ~250), so scrolling back
 * and forth over a few screens costs no Cache Storage read. The UI keeps the
 * decoded images of what is on screen itself.
 */
export const thumbnailMemoryCacheBytes = 32 * 1024 * 1024;

export interface ThumbnailLoaderDeps {
  fileByID: (fileID: number) => DecryptedFile | undefined;
  /** The API client of the session; throws `TokenMissingError` when there is none. */
  api: () => ApiClient;
  pool: Pick<CryptoPool, "decryptBlobs">;
  cache: CiphertextCache;
  /** The user's preview endpoints by default; a public album's for its visitors. */
  endpoints?: Pick<MediaEndpoints, "preview" | "previews">;
  /** The clock of held-back cache writes (default: setTimeout and performance.now). */
  clock?: QuietClock;
}

const thumbnailKey = (file: DecryptedFile): string =>
  CiphertextCache.key("thumbnail", file.id, file.thumbnailDecryptionHeaderB64);

type Fetched = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; error: unknown };
type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A ciphertext being loaded, with how its promise is settled. */
interface Loading {
  file: DecryptedFile;
  key: string;
  resolve: (bytes: Uint8Array<ArrayBuffer>) => void;
  reject: (error: unknown) => void;
}

/**
 * Whether a batch request failed because the server has no such call (the
 * reference server: 404 for an unknown route, or 405, 501), rather than for
 * this batch: then every thumbnail is fetched on its own from now on.
 */
const isMissingBatchCall = (error: unknown): boolean =>
  error instanceof HttpError && [404, 405, 501].includes(error.status);

const errorName = (error: unknown): string =>
  error instanceof Error ? error.name : "UnknownError";

export class ThumbnailLoader {
  readonly #memory = new ByteLRU<string, Uint8Array<ArrayBuffer>>({
    maxBytes: thumbnailMemoryCacheBytes,
  });
  /** Ciphertext being fetched (or read from Cache Storage), shared by every call that wants it. */
  readonly #inFlight = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  readonly #requests = new ConcurrencyLimit(maxThumbnailRequestsInFlight);
  /** See: [Note: Thumbnails are written to Cache Storage when the network is quiet] */
  readonly #cacheWrites: QuietWriteBehind;
  /** Grows at `clear()`: what was in flight then is not cached afterwards. */
  #generation = 0;
  /** Set once the server answered that it has no batch call. */
  #batchCallMissing = false;

  constructor(private readonly deps: ThumbnailLoaderDeps) {
    this.#cacheWrites = new QuietWriteBehind({
      write: (key, bytes) => deps.cache.put(key, bytes),
      clock: deps.clock,
    });
  }

  /** The decrypted thumbnails of `fileIDs`, in order, each ok or failed on its own. */
  async thumbnails(fileIDs: readonly number[]): Promise<ThumbnailResult[]> {
    const files = [...new Set(fileIDs)].map((fileID) => ({
      fileID,
      file: this.deps.fileByID(fileID),
    }));
    const known = files.flatMap(({ file }) => (file === undefined ? [] : [file]));
    const loading = new Map(
      this.#ciphertexts(known).map((promise, index) => [known[index]?.id, promise]),
    );
    const ciphertexts = await Promise.all(
      files.map(({ fileID }) =>
        (loading.get(fileID) ?? Promise.reject(new FileNotInLibraryError(fileID))).then(
          (bytes): Fetched => ({ ok: true, bytes }),
          (error: unknown): Fetched => ({ ok: false, error }),
        ),
      ),
    );

    const results = new Map<number, ThumbnailResult>();
    // One pool batch for every ciphertext of this call. The pool takes
    // ownership of what it is given, so it gets copies; the caches keep theirs.
    const toDecrypt: { file: DecryptedFile; encryptedData: Uint8Array }[] = [];
    ciphertexts.forEach((fetched, index) => {
      const { fileID, file } = files[index] ?? { fileID: -1, file: undefined };
      if (!fetched.ok) {
        results.set(fileID, { fileID, ok: false, errorName: errorName(fetched.error) });
      } else if (file !== undefined) {
        toDecrypt.push({ file, encryptedData: fetched.bytes.slice() });
      }
    });
    let poolFailed = false;
    const decrypted: Outcome<Uint8Array>[] = await this.deps.pool
      .decryptBlobs(
        toDecrypt.map(({ file, encryptedData }) => ({
          encryptedData,
          decryptionHeaderB64: file.thumbnailDecryptionHeaderB64,
          keyB64: file.keyB64,
        })),
      )
      .catch((error: unknown) => {
        poolFailed = true;
        return toDecrypt.map((): Outcome<Uint8Array> => ({ ok: false, error }));
      });
    toDecrypt.forEach(({ file }, i) => {
      const result = decrypted[i];
      if (result?.ok === true) {
        results.set(file.id, { fileID: file.id, ok: true, bytes: result.value });
      } else {
        // A ciphertext that does not open is not kept: the next call fetches
        // it again. (A pool that failed as a whole says nothing about it.)
        if (!poolFailed) this.#forget(thumbnailKey(file));
        results.set(file.id, {
          fileID: file.id,
          ok: false,
          errorName: errorName(result?.error ?? new Error("The pool answered no result")),
        });
      }
    });

    // A file asked for twice gets its own copy the second time: the answer
    // is transferred, and a transfer list may not name a buffer twice.
    const answered = new Set<number>();
    return fileIDs.map((fileID) => {
      const result = results.get(fileID) ?? { fileID, ok: false, errorName: "UnknownError" };
      if (!answered.has(fileID)) {
        answered.add(fileID);
        return result;
      }
      return result.ok ? { ...result, bytes: result.bytes.slice() } : result;
    });
  }

  /**
   * Starts getting the ciphertexts of `fileIDs` (from Cache Storage, else the
   * server) into memory, where the next `thumbnails` call finds them; files
   * not known here are skipped. See: [Note: The first screen's thumbnails are read ahead]
   */
  readAhead(fileIDs: readonly number[]): void {
    const files = fileIDs.flatMap((fileID) => this.deps.fileByID(fileID) ?? []);
    for (const loading of this.#ciphertexts(files)) {
      // A failure is the later call's to report, when it asks again.
      loading.catch(() => undefined);
    }
  }

  /**
   * [Note: An uploaded file's thumbnail is not fetched back]
   *
   * The upload has just encrypted and sent the thumbnail of a file it
   * registered: that ciphertext is what the server would answer for it, so
   * it is kept as if fetched (in memory, and written to Cache Storage when
   * the network is quiet). The gallery shows the new tile from it at once,
   * with no request, on a slow or lost connection too, and a run of
   * hundreds of files does not ask them all back from the server.
   */
  seed(file: DecryptedFile, ciphertext: Uint8Array<ArrayBuffer>): void {
    const key = thumbnailKey(file);
    if (this.#memory.get(key) !== undefined) return;
    this.#memory.set(key, ciphertext, ciphertext.byteLength);
    this.#cacheWrites.hold(key, ciphertext);
  }

  /**
   * The ciphertexts of `fileIDs` this device holds (in memory, else in Cache
   * Storage), in order, never fetched; the others are left out.
   * See: [Note: The first screen carries its first thumbnails]
   */
  async heldCiphertexts(
    fileIDs: readonly number[],
  ): Promise<{ fileID: number; ciphertext: Uint8Array<ArrayBuffer> }[]> {
    const held = await Promise.all(
      fileIDs.map(async (fileID) => {
        const file = this.deps.fileByID(fileID);
        if (file === undefined) return [];
        const key = thumbnailKey(file);
        const ciphertext =
          this.#memory.get(key) ??
          this.#cacheWrites.get(key) ??
          (await this.deps.cache.get(key).catch(() => undefined));
        return ciphertext === undefined ? [] : [{ fileID, ciphertext }];
      }),
    );
    return held.flat();
  }

  /**
   * Keeps in memory ciphertexts read elsewhere (not written to Cache
   * Storage again): the next call finds them there.
   * See: [Note: The first screen carries its first thumbnails]
   */
  remember(file: DecryptedFile, ciphertext: Uint8Array<ArrayBuffer>): void {
    const key = thumbnailKey(file);
    if (this.#memory.get(key) === undefined) {
      this.#memory.set(key, ciphertext, ciphertext.byteLength);
    }
  }

  /** Drops the in-memory cache (logout). Fetches in flight finish but are not cached. */
  clear(): void {
    this.#generation += 1;
    this.#memory.clear();
    this.#inFlight.clear();
    this.#cacheWrites.clear();
  }

  /**
   * The thumbnails' ciphertexts, in order: from memory, a load in flight, or
   * loaded together (Cache Storage, then the server many to a request).
   */
  #ciphertexts(files: readonly DecryptedFile[]): Promise<Uint8Array<ArrayBuffer>>[] {
    const toLoad: Loading[] = [];
    const promises = files.map((file) => {
      const key = thumbnailKey(file);
      const inMemory = this.#memory.get(key) ?? this.#cacheWrites.get(key);
      if (inMemory !== undefined) return Promise.resolve(inMemory);
      const pending = this.#inFlight.get(key);
      if (pending !== undefined) return pending;
      const promise = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
        toLoad.push({ file, key, resolve, reject });
      });
      this.#inFlight.set(key, promise);
      const settle = () => {
        if (this.#inFlight.get(key) === promise) this.#inFlight.delete(key);
      };
      promise.then(settle, settle);
      return promise;
    });
    if (toLoad.length > 0) void this.#load(toLoad);
    return promises;
  }

  async #load(toLoad: readonly Loading[]): Promise<void> {
    const generation = this.#generation;
    const keep = (loading: Loading, bytes: Uint8Array<ArrayBuffer>, fromCache: boolean) => {
      if (generation === this.#generation) {
        this.#memory.set(loading.key, bytes, bytes.byteLength);
        if (!fromCache) this.#cacheWrites.hold(loading.key, bytes);
      }
      loading.resolve(bytes);
    };
    /** Keeps or rejects each answered load; answers the unanswered ones, in order. */
    const settleAnswered = (
      loads: readonly Loading[],
      answers: readonly (Fetched | undefined)[],
      fromCache: boolean,
    ): Loading[] => {
      const unanswered: Loading[] = [];
      loads.forEach((loading, index) => {
        const answer = answers[index];
        if (answer === undefined) unanswered.push(loading);
        else if (answer.ok) keep(loading, answer.bytes, fromCache);
        else loading.reject(answer.error);
      });
      return unanswered;
    };
    const cached = await Promise.all(
      toLoad.map((loading) =>
        this.deps.cache.get(loading.key).then(
          (bytes): Fetched | undefined => (bytes === undefined ? undefined : { ok: true, bytes }),
          (error: unknown): Fetched => ({ ok: false, error }),
        ),
      ),
    );
    // The misses in the order asked: the top of the screen first.
    const misses = settleAnswered(toLoad, cached, true);
    const fetchAlone = (loading: Loading) =>
      this.#requests
        .run(() => this.#cacheWrites.busyWith(() => this.#fetch(loading.file)))
        .then((bytes) => {
          keep(loading, bytes, false);
        }, loading.reject);
    const batchEndpoint = this.#batchEndpoint();
    if (batchEndpoint === undefined) {
      await Promise.all(misses.map(fetchAlone));
      return;
    }
    await Promise.all(
      inBatches(misses, thumbnailsPerRequest).map(async (chunk) => {
        let fetched: (Fetched | undefined)[];
        try {
          fetched = await this.#requests.run(() =>
            this.#cacheWrites.busyWith(() => this.#fetchBatch(batchEndpoint, chunk)),
          );
        } catch (error) {
          if (!isMissingBatchCall(error)) {
            for (const loading of chunk) loading.reject(error);
            return;
          }
          this.#batchCallMissing = true;
          await Promise.all(chunk.map(fetchAlone));
          return;
        }
        await Promise.all(settleAnswered(chunk, fetched, false).map(fetchAlone));
      }),
    );
  }

  /** The batch call to use, unless there is none or the server said it has none. */
  #batchEndpoint(): MediaEndpoints["previews"] {
    return this.#batchCallMissing ? undefined : this.#endpoints().previews;
  }

  #endpoints(): Pick<MediaEndpoints, "preview" | "previews"> {
    return this.deps.endpoints ?? userMediaEndpoints;
  }

  /**
   * One request for the thumbnails of `chunk`, in order: each ciphertext, a
   * failure (404: nothing to answer for that file), or undefined for one to
   * fetch on its own. See: [Note: A batch of thumbnails is framed by lengths]
   */
  async #fetchBatch(
    endpoint: NonNullable<MediaEndpoints["previews"]>,
    chunk: readonly Loading[],
  ): Promise<(Fetched | undefined)[]> {
    const fileIDs = chunk.map((loading) => loading.file.id);
    // See: [Note: Thumbnails fill the connections at low priority]
    const response = await this.deps.api().call(endpoint, { body: { fileIDs }, priority: "low" });
    const entries = decodeThumbnailBatch(
      new Uint8Array(await response.arrayBuffer()),
      fileIDs.length,
    );
    return entries.map((entry): Fetched | undefined => {
      if (entry.kind === "bytes") return { ok: true, bytes: entry.bytes };
      if (entry.kind === "missing") return { ok: false, error: new NotFoundError({ status: 404 }) };
      return undefined;
    });
  }

  async #fetch(file: DecryptedFile): Promise<Uint8Array<ArrayBuffer>> {
    const endpoint = this.#endpoints().preview;
    // See: [Note: Thumbnails fill the connections at low priority]
    const response = await this.deps
      .api()
      .call(endpoint, { params: { fileID: file.id }, priority: "low" });
    return new Uint8Array(await response.arrayBuffer());
  }

  #forget(key: string): void {
    this.#memory.delete(key);
    this.#cacheWrites.forget(key);
    void this.deps.cache.delete(key);
  }
}
