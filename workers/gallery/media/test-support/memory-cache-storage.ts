// Helpers of the media service's Node tests: Cache Storage as a browser has
// it (Node 20 has none), held in memory.

import type { MediaCache, MediaCacheStorage } from "../ciphertext-cache";

/** An in-memory `caches`: named caches of URL → bytes, as Cache Storage keeps Response bodies. */
export class MemoryCacheStorage implements MediaCacheStorage {
  readonly caches = new Map<string, Map<string, Uint8Array>>();

  open(cacheName: string): Promise<MediaCache> {
    let entries = this.caches.get(cacheName);
    if (entries === undefined) {
      entries = new Map();
      this.caches.set(cacheName, entries);
    }
    const stored = entries;
    return Promise.resolve({
      match: (request) => {
        const bytes = stored.get(request);
        return Promise.resolve(bytes === undefined ? undefined : new Response(bytes.slice()));
      },
      put: async (request, response) => {
        stored.set(request, new Uint8Array(await response.arrayBuffer()));
      },
      delete: (request) => Promise.resolve(stored.delete(request)),
    });
  }

  delete(cacheName: string): Promise<boolean> {
    return Promise.resolve(this.caches.delete(cacheName));
  }

  /** The bytes stored in a cache, by key. */
  entries(cacheName: string): Map<string, Uint8Array> {
    return this.caches.get(cacheName) ?? new Map<string, Uint8Array>();
  }
}
