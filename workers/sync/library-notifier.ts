// Telling the page that the library changed: the subscribers, the summary
// they are told (rebuilt only when something changed since), and the
// throttling of the notifications a run makes while it stores pages.

import type { GalleryViewSnapshot } from "../gallery/gallery-contract";
import type { LibrarySummary } from "./library-summary";
import type { SchedulerTimers } from "./schedule";
import type { LibraryListener, SyncStatus } from "./sync-service-contract";

/** The summary of a library with nothing in it (before the stored library is loaded). */
export const emptySummary: LibrarySummary = {
  collections: [],
  summaries: [],
  fileCount: 0,
  hiddenFileCount: 0,
  trashCount: 0,
};

/**
 * [Note: Notifying during a pull takes a bounded share of the worker]
 *
 * A notification rebuilds the summary and the open view (the "all" view of a
 * 100,000-file library is a sort of every file: tens of milliseconds), posts
 * them to the page, and the page renders them. A fixed interval made that
 * work grow with the library: at 100k files the sync worker spent about a
 * third of a pull rebuilding views, and the pull took twice as long as the
 * decryption and storage alone. So while a run stores pages, the next
 * notification also waits until the last one's cost is at most
 * `notifyingShareAtMost` of the time since it began: a small library is
 * told every `intervalMs`, a large one less often, and the share of the
 * worker spent notifying stays the same at any size. The share is 5 %, not
 * more: each notification also costs the page a render on the same two cores
 * (measured at 100k files: a 10 % share still took 12 % of the worker's
 * time and about 4 s of the page's over the pull, and a gallery told once a
 * second while it fills is as usable). Notifications that are not throttled
 * (a status change, an action's result) go at once.
 */
export const notifyingShareAtMost = 0.05;

export interface LibraryNotifierOptions {
  timers: SchedulerTimers;
  nowMs: () => number;
  /** The shortest gap between two throttled notifications. See `SyncServiceDependencies.notifyIntervalMs`. */
  intervalMs: number;
  /** The summary of the library as it now is; undefined while there is no library to summarize. */
  buildSummary: () => LibrarySummary | undefined;
  status: () => SyncStatus;
  /** The open view's snapshot, undefined before the page opened one. */
  openSnapshot: () => GalleryViewSnapshot | undefined;
  /** Told after every notification (the first screen's keeper watches for changes). */
  onNotified: () => void;
}

export class LibraryNotifier {
  readonly #options: LibraryNotifierOptions;
  readonly #listeners = new Map<number, LibraryListener>();
  #nextListenerID = 1;
  #summary: LibrarySummary = emptySummary;
  #summaryStale = true;
  #timer: unknown;
  #lastNotifiedMs = -Infinity;
  /** How long the last notification took (summary, open view, posting to the listeners). */
  #lastCostMs = 0;

  constructor(options: LibraryNotifierOptions) {
    this.#options = options;
  }

  /** The summary as last built, rebuilt first when the library changed since. */
  summary(): LibrarySummary {
    if (this.#summaryStale) {
      const built = this.#options.buildSummary();
      if (built !== undefined) {
        this.#summary = built;
        this.#summaryStale = false;
      }
    }
    return this.#summary;
  }

  /** Calls `listener` after every change; returns an ID for `unsubscribe`. */
  subscribe(listener: LibraryListener): number {
    const id = this.#nextListenerID++;
    this.#listeners.set(id, listener);
    return id;
  }

  unsubscribe(subscriptionID: number): void {
    this.#listeners.delete(subscriptionID);
  }

  /** Notifies at once, or at most every `intervalMs` while a run stores pages (`throttled`). */
  notify(throttled: boolean): void {
    this.#summaryStale = true;
    if (!throttled) {
      this.#notifyNow();
      return;
    }
    if (this.#timer !== undefined) return;
    const { timers, nowMs, intervalMs } = this.#options;
    // See: [Note: Notifying during a pull takes a bounded share of the worker]
    const gapMs = Math.max(intervalMs, this.#lastCostMs / notifyingShareAtMost);
    const waitMs = this.#lastNotifiedMs + gapMs - nowMs();
    if (waitMs <= 0) this.#notifyNow();
    else {
      this.#timer = timers.setTimeout(() => {
        this.#notifyNow();
      }, waitMs);
    }
  }

  /** Forgets every subscriber and a notification still to come (the service closed). */
  stop(): void {
    this.#listeners.clear();
    this.#clearTimer();
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.#options.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #notifyNow(): void {
    this.#clearTimer();
    const { nowMs, status, openSnapshot, onNotified } = this.#options;
    const startMs = nowMs();
    this.#lastNotifiedMs = startMs;
    const snapshot = this.summary();
    const view = openSnapshot();
    for (const listener of this.#listeners.values()) listener(snapshot, status(), view);
    onNotified();
    this.#lastCostMs = Math.max(0, nowMs() - startMs);
  }
}
