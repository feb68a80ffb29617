// A map that remembers which of its entries were used last, and lets the
// least recently used go beyond a size: the bounded caches of the grid.

export class RecencyMap<K, V> {
  /** Insertion order is recency: the first key is the least recently used. */
  readonly #entries = new Map<K, V>();

  get size(): number {
    return this.#entries.size;
  }

  /** The value of `key`, without counting as a use. */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  /** The value of `key`, which becomes the most recently used. */
  use(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /** Sets `key` as the most recently used. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  entries(): IterableIterator<[K, V]> {
    return this.#entries.entries();
  }

  /** Drops the least recently used entries until at most `maxSize` are left; `onDropped` hears each key. */
  trimTo(maxSize: number, onDropped: (key: K) => void): void {
    for (const key of this.#entries.keys()) {
      if (this.#entries.size <= maxSize) return;
      this.#entries.delete(key);
      onDropped(key);
    }
  }
}
