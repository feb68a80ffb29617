// Stateful crypto held inside one worker (stream encryptors and decryptors,
// incremental hashes, SRP logins) behind numeric ids. libsodium states are
// pointers into this worker's WebAssembly heap, so a session can only ever be
// continued on the worker that opened it (the pool's handles remember it).

import { UnknownCryptoSessionError } from "../../shared/crypto/errors";

let lastSessionID = 0;

/** A table of open sessions of one kind; ids are unique across all tables of a worker. */
export class SessionTable<T> {
  readonly #sessions = new Map<number, T>();

  constructor(private readonly kind: string) {}

  open(session: T): number {
    const id = ++lastSessionID;
    this.#sessions.set(id, session);
    return id;
  }

  /** The session `id`; throws `UnknownCryptoSessionError` if it is not open. */
  get(id: number): T {
    const session = this.#sessions.get(id);
    if (session === undefined) {
      throw new UnknownCryptoSessionError(`No open ${this.kind} session ${id} in this worker`);
    }
    return session;
  }

  /** Forgets `id` and returns its session, if it was open. */
  remove(id: number): T | undefined {
    const session = this.#sessions.get(id);
    this.#sessions.delete(id);
    return session;
  }

  get size(): number {
    return this.#sessions.size;
  }
}
