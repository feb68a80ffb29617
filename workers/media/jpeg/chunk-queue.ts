// A download's chunks as a queue of bytes, for a step that reads a few bytes
// ahead (the JPEG edited-time step reads a file's head segment by segment) and
// then lets the rest of the stream pass through untouched.

/**
 * The source's bytes as far as they have been read, taken from the front.
 * Chunks are kept as they came and taken as views of them.
 */
export class ChunkQueue {
  private readonly chunks: Uint8Array[] = [];
  /** Index of the first chunk still queued, and where its bytes start. */
  private first = 0;
  private firstStart = 0;
  private queued = 0;
  private sourceDone = false;

  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  get queuedBytes(): number {
    return this.queued;
  }

  /** Reads chunks until `count` bytes are queued; false when the source ends first. */
  async has(count: number): Promise<boolean> {
    while (this.queued < count && !this.sourceDone) {
      const next = await this.source.next();
      if (next.done === true) this.sourceDone = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.queued += next.value.length;
      }
    }
    return this.queued >= count;
  }

  /** A queued byte (`index` < `queuedBytes`). */
  byteAt(index: number): number {
    let at = index + this.firstStart;
    for (let i = this.first; i < this.chunks.length; i++) {
      const chunk = this.chunks[i];
      if (chunk === undefined) break;
      if (at < chunk.length) return chunk[at] ?? 0;
      at -= chunk.length;
    }
    throw new RangeError("byte not queued");
  }

  /** Removes the first `count` queued bytes (`count` ≤ `queuedBytes`), as views of the chunks. */
  take(count: number): Uint8Array[] {
    const parts: Uint8Array[] = [];
    let left = count;
    while (left > 0) {
      const chunk = this.chunks[this.first];
      if (chunk === undefined) throw new RangeError("bytes not queued");
      const end = Math.min(chunk.length, this.firstStart + left);
      parts.push(chunk.subarray(this.firstStart, end));
      left -= end - this.firstStart;
      if (end === chunk.length) {
        this.first++;
        this.firstStart = 0;
      } else {
        this.firstStart = end;
      }
    }
    this.queued -= count;
    // Taken chunks are let go in batches: tiny chunks would make one at a time quadratic.
    if (this.first > 1024) {
      this.chunks.splice(0, this.first);
      this.first = 0;
    }
    return parts;
  }

  /** The queued bytes, then every chunk still to come, as they come. */
  async *rest(): AsyncGenerator<Uint8Array, void, undefined> {
    yield* this.take(this.queued);
    while (!this.sourceDone) {
      const next = await this.source.next();
      if (next.done === true) this.sourceDone = true;
      else yield next.value;
    }
  }

  /** Lets the source go (a download stops) when the output was not read to its end. */
  async close(): Promise<void> {
    if (this.sourceDone) return;
    this.sourceDone = true;
    await this.source.return?.();
  }
}
