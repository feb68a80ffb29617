// The pool's view of its workers: each remote with its current load, and the
// one place where remote calls are made (so every call is counted and every
// error revived).

import type { Remote } from "comlink";
// See: [Note: The UI thread never loads libsodium]
import { reviveCryptoError } from "../../shared/crypto/errors";
import type * as CryptoAPIModule from "./crypto-api";
import { leastLoaded } from "./scheduler";

/** The crypto worker's surface. */
export type CryptoAPI = typeof CryptoAPIModule;

/** A crypto worker as the caller sees it through Comlink. */
export type CryptoRemote = Remote<CryptoAPI>;

export class WorkerSlots {
  /** Calls in flight plus sessions open, per worker. */
  readonly #loads: number[];

  readonly #remotes: CryptoRemote[];

  constructor(remotes: readonly CryptoRemote[]) {
    if (remotes.length === 0) throw new RangeError("A crypto pool needs at least one worker");
    this.#remotes = [...remotes];
    this.#loads = remotes.map(() => 0);
  }

  get size(): number {
    return this.#remotes.length;
  }

  /** The indices of the `count` least busy workers. */
  pick(count: number): number[] {
    return leastLoaded(this.#loads, count);
  }

  /**
   * Runs `call` on worker `index`, counting it in that worker's load. Errors
   * thrown in the worker come back as their typed crypto error class.
   * See: [Note: Crypto errors are identified by a literal name]
   */
  async call<T>(index: number, call: (remote: CryptoRemote) => Promise<T>): Promise<T> {
    const remote = this.#remotes[index];
    if (remote === undefined) throw new RangeError(`No crypto worker ${index}`);
    this.#adjust(index, 1);
    try {
      return await call(remote);
    } catch (e) {
      throw reviveCryptoError(e);
    } finally {
      this.#adjust(index, -1);
    }
  }

  /** Adds a worker, idle; the workers before it keep their indices (and sessions). */
  add(remote: CryptoRemote): void {
    this.#remotes.push(remote);
    this.#loads.push(0);
  }

  /** Counts (or, with -1, stops counting) a session held open on worker `index`. */
  countSession(index: number, delta: 1 | -1): void {
    this.#adjust(index, delta);
  }

  #adjust(index: number, delta: number): void {
    this.#loads[index] = (this.#loads[index] ?? 0) + delta;
  }
}
