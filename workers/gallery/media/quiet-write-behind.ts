// Writes to a cache held back while the network is busy, and made once it
// is quiet. See: [Note: Thumbnails are written to Cache Storage when the network is quiet]

/**
 * [Note: Thumbnails are written to Cache Storage when the network is quiet]
 *
 * Putting a thumbnail into Cache Storage costs the browser process an IPC,
 * a blob and a disk write: measured over 20 date jumps on the 2-core bench
 * machine, the puts took 1.1 s of the browser's CPU and 0.8 s of the page's,
 * and a jump's screen loaded in 370 ms with them against 312 ms without.
 * The screen the user is waiting for should not pay for the cache of the
 * next visit, so the fetched ciphertext waits here (it is also served from
 * here meanwhile) and is written once no thumbnail has been fetched for a
 * moment: while the user looks at the screen they jumped to. What is held
 * back is bounded; beyond the bound the oldest is written at once. A page
 * closed before the quiet moment loses only those cache entries, which the
 * next visit fetches again.
 */

/** How long the network must be quiet before held-back writes are made. */
export const quietBeforeWritingMs = 400;

/** Held-back bytes at most (about 500 thumbnails); beyond, the oldest is written at once. */
export const maxHeldBackBytes = 16 * 1024 * 1024;

/** Writes made at once when the network is quiet; the network is checked again between them. */
const writesPerTurn = 8;

export interface QuietWriteBehindDeps {
  write: (key: string, bytes: Uint8Array<ArrayBuffer>) => Promise<void>;
  /** The clock of the quiet moment (default: setTimeout and performance.now). */
  clock?: QuietClock;
  maxHeldBackBytes?: number;
}

/** Timers and time, as the media service's clock gives them. */
export interface QuietClock {
  setTimeout: (callback: () => void, delayMs: number) => unknown;
  nowMs: () => number;
}

const realClock: QuietClock = {
  setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
  nowMs: () => performance.now(),
};

export class QuietWriteBehind {
  /** Insertion order is age: the first entry is the oldest. */
  readonly #held = new Map<string, Uint8Array<ArrayBuffer>>();
  #heldBytes = 0;
  /** Fetches running now: nothing is written while there are any. */
  #active = 0;
  #lastActivityMs = Number.NEGATIVE_INFINITY;
  #timerSet = false;
  #writing = false;
  readonly #clock: QuietClock;
  readonly #maxHeldBackBytes: number;

  constructor(private readonly deps: QuietWriteBehindDeps) {
    this.#clock = deps.clock ?? realClock;
    this.#maxHeldBackBytes = deps.maxHeldBackBytes ?? maxHeldBackBytes;
  }

  /** Runs a network task; writes wait until it and every other one are done, and a quiet moment after. */
  async busyWith<T>(task: () => Promise<T>): Promise<T> {
    this.#active += 1;
    try {
      return await task();
    } finally {
      this.#active -= 1;
      this.#lastActivityMs = this.#clock.nowMs();
      this.#arm();
    }
  }

  /** Holds `bytes` back to be written under `key` when the network is quiet. */
  hold(key: string, bytes: Uint8Array<ArrayBuffer>): void {
    this.#drop(key);
    this.#held.set(key, bytes);
    this.#heldBytes += bytes.byteLength;
    while (this.#heldBytes > this.#maxHeldBackBytes) {
      const oldest = this.#held.entries().next().value;
      if (oldest === undefined) break;
      this.#drop(oldest[0]);
      void this.deps.write(oldest[0], oldest[1]);
    }
    this.#arm();
  }

  /** The bytes held back under `key`, not written yet. */
  get(key: string): Uint8Array<ArrayBuffer> | undefined {
    return this.#held.get(key);
  }

  /** Forgets a held-back write (its bytes turned out bad). */
  forget(key: string): void {
    this.#drop(key);
  }

  /** Forgets every held-back write (logout). */
  clear(): void {
    this.#held.clear();
    this.#heldBytes = 0;
  }

  #drop(key: string) {
    const bytes = this.#held.get(key);
    if (bytes === undefined) return;
    this.#held.delete(key);
    this.#heldBytes -= bytes.byteLength;
  }

  #quietForMs(): number {
    return this.#active > 0 ? 0 : this.#clock.nowMs() - this.#lastActivityMs;
  }

  #arm() {
    if (this.#timerSet || this.#writing || this.#held.size === 0) return;
    this.#timerSet = true;
    this.#clock.setTimeout(
      () => {
        this.#timerSet = false;
        void this.#writeWhileQuiet();
      },
      Math.max(0, quietBeforeWritingMs - this.#quietForMs()),
    );
  }

  async #writeWhileQuiet() {
    if (this.#writing) return;
    this.#writing = true;
    try {
      while (this.#held.size > 0 && this.#quietForMs() >= quietBeforeWritingMs) {
        const turn = [...this.#held].slice(0, writesPerTurn);
        for (const [key] of turn) this.#drop(key);
        await Promise.all(turn.map(([key, bytes]) => this.deps.write(key, bytes)));
      }
    } finally {
      this.#writing = false;
      this.#arm();
    }
  }
}
