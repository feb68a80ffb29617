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
 * time spent notifying stays the same at any size.
 *
 * The cost counts the page too: a listener may answer a promise that settles
 * once the page has shown the change (rendered and painted), and the cost is
 * then the time from the notification to that answer. Until the page has
 * answered, throttled changes wait (one notification in flight, never a queue
 * of renders the page cannot keep up with). An upload made that visible: the
 * worker's side of each notification was cheap, but the page re-rendered a
 * grid growing by a file at each one, four times a second, and the page's
 * renders and frames (the grid's and the upload panel's) took about a sixth
 * of the machine's time while 300 photos uploaded. A page that does
 * not answer within `pageAnswerWaitAtMostMs` is not waited for any longer,
 * and no throttled notification waits more than `longestThrottledGapMs`, so
 * a filling gallery is still told every few seconds on a slow machine.
 * Notifications that are not throttled (a status change, an action's result)
 * go at once.
 */
export const notifyingShareAtMost = 0.1;

/** How long a page's answer to a notification is waited for. See: [Note: Notifying during a pull takes a bounded share of the worker] */
export const pageAnswerWaitAtMostMs = 1000;

/** The longest gap between two throttled notifications. See: [Note: Notifying during a pull takes a bounded share of the worker] */
export const longestThrottledGapMs = 2000;

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
  /** How long the last notification took (summary, open view, posting, the page's answer). */
  #lastCostMs = 0;
  /** Whether the last notification's listeners have not all answered yet. */
  #answering = false;
  /** Whether a throttled change came while they had not. */
  #changedWhileAnswering = false;
  /** Gives up waiting for the answers. */
  #answerTimer: unknown;
  /** Counts notifications, so that a late answer to an older one is ignored. */
  #round = 0;

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

  /**
   * Notifies at once, or (`throttled`, while a run stores pages) once the
   * page has answered the last notification and its share allows.
   * See: [Note: Notifying during a pull takes a bounded share of the worker]
   */
  notify(throttled: boolean): void {
    this.#summaryStale = true;
    if (!throttled) {
      this.#notifyNow();
      return;
    }
    if (this.#answering) {
      this.#changedWhileAnswering = true;
      return;
    }
    this.#scheduleThrottled();
  }

  /** Forgets every subscriber and a notification still to come (the service closed). */
  stop(): void {
    this.#listeners.clear();
    this.#clearTimer();
    this.#stopWaitingForAnswers();
  }

  #scheduleThrottled(): void {
    if (this.#timer !== undefined) return;
    const { timers, nowMs, intervalMs } = this.#options;
    const gapMs = Math.min(
      longestThrottledGapMs,
      Math.max(intervalMs, this.#lastCostMs / notifyingShareAtMost),
    );
    const waitMs = this.#lastNotifiedMs + gapMs - nowMs();
    if (waitMs <= 0) this.#notifyNow();
    else {
      this.#timer = timers.setTimeout(() => {
        this.#notifyNow();
      }, waitMs);
    }
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.#options.timers.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #stopWaitingForAnswers(): void {
    if (this.#answerTimer !== undefined) this.#options.timers.clearTimeout(this.#answerTimer);
    this.#answerTimer = undefined;
    this.#answering = false;
    this.#round += 1;
  }

  #notifyNow(): void {
    this.#clearTimer();
    this.#stopWaitingForAnswers();
    this.#changedWhileAnswering = false;
    const { nowMs, status, openSnapshot, onNotified, timers } = this.#options;
    const startMs = nowMs();
    this.#lastNotifiedMs = startMs;
    const snapshot = this.summary();
    const view = openSnapshot();
    const answers: Promise<void>[] = [];
    for (const listener of this.#listeners.values()) {
      const answer = listener(snapshot, status(), view);
      if (answer instanceof Promise) answers.push(answer);
    }
    onNotified();
    const workerCostMs = Math.max(0, nowMs() - startMs);
    this.#lastCostMs = workerCostMs;
    if (answers.length === 0) return;

    const round = this.#round;
    this.#answering = true;
    const answered = () => {
      if (round !== this.#round) return;
      this.#stopWaitingForAnswers();
      this.#lastCostMs = Math.max(workerCostMs, nowMs() - startMs);
      if (this.#changedWhileAnswering) {
        this.#changedWhileAnswering = false;
        this.#scheduleThrottled();
      }
    };
    this.#answerTimer = timers.setTimeout(answered, pageAnswerWaitAtMostMs);
    void Promise.allSettled(answers).then(answered);
  }
}
