// A least-recently-used map bounded by the bytes of its values, not by how
// many it holds: cached answers range from a few hundred bytes (an empty
// diff page) to megabytes (a full one).

/**
 * A map from string keys that forgets its least recently read or written
 * entries once their sizes add up to more than `maxBytes`. A value larger
 * than the whole bound is not kept at all.
 */
export class ByteBoundedLRU<V> {
  /** Insertion order is recency order: a read moves its entry to the end. */
  private readonly entries = new Map<string, { value: V; sizeBytes: number }>();
  private heldBytes = 0;

  constructor(
    private readonly maxBytes: number,
    /** The bytes an entry holds: its value and whatever its key and bookkeeping cost. */
    private readonly sizeOf: (key: string, value: V) => number,
  ) {}

  /** The value under `key`, now the most recently used; undefined when absent. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Keep `value` under `key` as the most recently used, forgetting the oldest entries beyond the bound. */
  set(key: string, value: V): void {
    this.delete(key);
    const sizeBytes = this.sizeOf(key, value);
    if (sizeBytes > this.maxBytes) return;
    this.entries.set(key, { value, sizeBytes });
    this.heldBytes += sizeBytes;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.heldBytes <= this.maxBytes) break;
      this.entries.delete(oldestKey);
      this.heldBytes -= oldest.sizeBytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.heldBytes -= entry.sizeBytes;
  }

  /** The bytes the entries hold, per `sizeOf`; never more than the bound. */
  get sizeBytes(): number {
    return this.heldBytes;
  }

  /** How many entries are held. */
  get size(): number {
    return this.entries.size;
  }
}
