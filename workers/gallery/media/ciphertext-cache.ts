// A named Cache Storage cache that holds ciphertext exactly as the server
// sent it, never plaintext. See: [Note: The local database holds only ciphertext]
//
// Cache Storage is an optimisation: when it is missing (Node, a browser
// context without it) or fails (quota, a private window), the media service
// works the same, only without persistence.

/** The part of a `Cache` this module uses (the browser's fits). */
export interface MediaCache {
  match(request: string): Promise<Response | undefined>;
  put(request: string, response: Response): Promise<void>;
  delete(request: string): Promise<boolean>;
}

/** The part of `CacheStorage` this module uses (the browser's `caches` fits). */
export interface MediaCacheStorage {
  open(cacheName: string): Promise<MediaCache>;
  delete(cacheName: string): Promise<boolean>;
}

/** Cache names of the spec (§9 "Caches: thumbs, face-crops, files"). */
export const mediaCacheNames = {
  thumbnails: "thumbs",
  faceCrops: "face-crops",
  files: "files",
} as const;

/**
 * Keys are URLs (Cache Storage wants http(s) requests) under a reserved
 * domain that never resolves, so no key can be mistaken for a real request.
 */
export const cacheKeyOrigin = "https://cairn.invalid";

export class CiphertextCache {
  #opened: Promise<MediaCache | undefined> | undefined;

  constructor(
    private readonly storage: MediaCacheStorage | undefined,
    readonly cacheName: string,
  ) {}

  /** The key of one object: the same file with another header is another key (edits are not served stale). */
  static key(kind: string, fileID: number, decryptionHeaderB64: string): string {
    return `${cacheKeyOrigin}/${kind}/${String(fileID)}/${encodeURIComponent(decryptionHeaderB64)}`;
  }

  #cache(): Promise<MediaCache | undefined> {
    const { storage } = this;
    if (storage === undefined) return Promise.resolve(undefined);
    this.#opened ??= storage.open(this.cacheName).catch(() => undefined);
    return this.#opened;
  }

  /** The bytes stored under `key`, or undefined (absent, or the cache failed). */
  async get(key: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
    try {
      const response = await (await this.#cache())?.match(key);
      return response === undefined ? undefined : new Uint8Array(await response.arrayBuffer());
    } catch {
      return undefined;
    }
  }

  /** Stores a copy of `bytes` under `key`; a failure (quota) only means it is not cached. */
  async put(key: string, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
    try {
      // A Response copies its BufferSource body: the caller keeps `bytes`.
      await (await this.#cache())?.put(key, new Response(bytes));
    } catch {
      // Not cached; the next use fetches again.
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await (await this.#cache())?.delete(key);
    } catch {
      // Gone with the cache, or unreachable: either way not served.
    }
  }

  /** Deletes the whole cache (logout). */
  async drop(): Promise<void> {
    this.#opened = undefined;
    try {
      await this.storage?.delete(this.cacheName);
    } catch {
      // The logout deletes every cache of the origin as well.
    }
  }
}
