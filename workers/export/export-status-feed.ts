// The export's status as versions a page can wait on.
// See: [Note: The export runs in a utility process]

import type { ExportStatusUpdate } from "./export-control";
import type { ExportStatus } from "./export-service";

export class ExportStatusFeed {
  #update: ExportStatusUpdate;
  #waiters: ((update: ExportStatusUpdate) => void)[] = [];

  constructor(initial: ExportStatus) {
    this.#update = { version: 0, status: initial };
  }

  current(): ExportStatusUpdate {
    return this.#update;
  }

  publish(status: ExportStatus): void {
    this.#update = { version: this.#update.version + 1, status };
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve(this.#update);
  }

  /** The first update after `afterVersion` (a version from another feed, as after a restart, counts as stale). */
  next(afterVersion: number): Promise<ExportStatusUpdate> {
    if (this.#update.version !== afterVersion) return Promise.resolve(this.#update);
    return new Promise((resolve) => this.#waiters.push(resolve));
  }
}
