// A least-recently-used map bounded by the total size of its values, in
// bytes: thumbnails and originals vary by orders of magnitude in size, so a
// count bound would say nothing about memory.

export interface ByteLRUOptions {
  /** The most bytes held at once; the least recently used entries go first. */
  maxBytes: number;
  /**
   * The largest single entry kept; bigger ones are not stored at all (one
   * long video would otherwise push every photo out). Defaults to `maxBytes`.
   */
  maxEntryBytes?: number;
}

export class ByteLRU<K, V> {
  // A Map iterates in insertion order: re-inserting on use keeps the least
  // recently used entry first.
  readonly #entries = new Map<K, { value: V; sizeBytes: number }>();
  readonly #maxBytes: number;
  readonly #maxEntryBytes: number;
  #sizeBytes = 0;

  constructor({ maxBytes, maxEntryBytes = maxBytes }: ByteLRUOptions) {
    this.#maxBytes = maxBytes;
    this.#maxEntryBytes = Math.min(maxEntryBytes, maxBytes);
  }

  /** The total size of the values held. */
  get sizeBytes(): number {
    return this.#sizeBytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value for `key`, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Stores `value` (replacing any value of `key`) unless it is too big; evicts to fit. */
  set(key: K, value: V, sizeBytes: number): void {
    this.delete(key);
    if (sizeBytes > this.#maxEntryBytes) return;
    this.#entries.set(key, { value, sizeBytes });
    this.#sizeBytes += sizeBytes;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#sizeBytes <= this.#maxBytes) break;
      this.#entries.delete(oldestKey);
      this.#sizeBytes -= oldest.sizeBytes;
    }
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    this.#sizeBytes -= entry.sizeBytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#sizeBytes = 0;
  }
}
