// The calls to a media worker: one at a time, interactive ones first, each
// with a deadline; a call past its deadline ends the worker, and a fresh one
// serves the next call. The worker and the clock are injected, so this runs
// under Node in tests as it does in the sync worker.

import { MediaWorkerStoppedError, MediaWorkerTimeoutError } from "./media-worker-errors";

// [Note: The media worker is ended when a call passes its deadline]
//
// Some of the media worker's work cannot be interrupted from inside it:
// ffmpeg.wasm checks its own timeout only between frames and has runs that
// never end (see: [Note: Each ffmpeg run gets a fresh core instance, one at
// a time]), and libheif decodes synchronously inside its WebAssembly. A
// worker stuck that way answers nothing, ever, and everything sent after
// would wait behind it. So the caller gives every call a deadline scaled to
// its work (media-call-deadlines.ts), and past it terminates the worker, the
// only way to stop it: the call rejects with `MediaWorkerTimeoutError`, and
// the next call starts a fresh worker.
//
// Calls go to the worker one at a time. Its heavy work runs on its one
// thread anyway (ffmpeg runs are chained, a HEIC decode blocks it), so
// sending more at once gains little, while it would make a deadline measure
// the calls queued ahead inside the worker rather than the call's own work,
// and a restart would take every call inside the worker down with the one
// that hung. Kept here, the calls behind a hung one go to the fresh worker
// and are served. Interactive calls (the viewer's) go before background ones
// (an upload's), so that a photo opened during an upload waits for the call
// running, not for the whole upload.
//
// A worker's first call also waits for the worker to load its script, so its
// deadline gets `startAllowanceMs` more.

/** A started media worker: its calls, and how to end it at once. */
export interface MediaWorkerHandle<Remote> {
  remote: Remote;
  terminate(): void;
}

/** The timers deadlines run on (injected: tests drive them). */
export interface MediaWorkerTimers {
  setTimeout: (callback: () => void, delayMs: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** `interactive`: someone is waiting to see the answer (the viewer); `background`: an upload. */
export type MediaCallPriority = "interactive" | "background";

export interface MediaCall<Remote, T> {
  /** What the call does ("thumbnail", "facts"…), for its error and the log. */
  operation: string;
  /** How long the call may take once it is sent. */
  deadlineMs: number;
  /** Default `background`. */
  priority?: MediaCallPriority | undefined;
  run: (remote: Remote) => Promise<T>;
}

export interface MediaWorkerSupervisorOptions<Remote> {
  /** Starts a media worker (on the first call, and after one was ended). */
  start: () => MediaWorkerHandle<Remote>;
  timers: MediaWorkerTimers;
  /** Added to the deadline of a worker's first call; defaults to `workerStartAllowanceMs`. */
  startAllowanceMs?: number;
  /** Told when a call passed its deadline and its worker was ended (for the log). */
  onTimeout?: (error: MediaWorkerTimeoutError) => void;
}

export interface MediaWorkerSupervisor<Remote> {
  /**
   * Runs `call` on the worker, after the calls queued before it (interactive
   * ones first). Rejects with `MediaWorkerTimeoutError` past its deadline,
   * with `MediaWorkerStoppedError` when `stop` comes first, or with the
   * call's own error.
   */
  call<T>(call: MediaCall<Remote, T>): Promise<T>;
  /**
   * Ends the worker; the running and queued calls reject with
   * `MediaWorkerStoppedError`. A later call starts a fresh worker.
   */
  stop(): void;
  /** How many workers were started so far. */
  readonly startedCount: number;
}

/**
 * A new worker fetches and evaluates its module (EXIF, type sniffing and
 * image code, a few hundred KB) before its first answer: under a second on
 * a laptop, a few seconds on a slow device with a cold cache; 10 s is ample.
 */
export const workerStartAllowanceMs = 10_000;

interface Job<Remote> {
  operation: string;
  deadlineMs: number;
  /** Runs the call; its answer is a function that hands the value to the caller. */
  run: (remote: Remote) => Promise<() => void>;
  fail: (error: unknown) => void;
}

interface StartedWorker<Remote> {
  handle: MediaWorkerHandle<Remote>;
  /** Calls sent to it so far. */
  sent: number;
}

interface Running<Remote> {
  job: Job<Remote>;
  timer: unknown;
}

/** See: [Note: The media worker is ended when a call passes its deadline] */
export const createMediaWorkerSupervisor = <Remote>({
  start,
  timers,
  startAllowanceMs = workerStartAllowanceMs,
  onTimeout = () => undefined,
}: MediaWorkerSupervisorOptions<Remote>): MediaWorkerSupervisor<Remote> => {
  const queues: Record<MediaCallPriority, Job<Remote>[]> = { interactive: [], background: [] };
  let worker: StartedWorker<Remote> | undefined;
  let running: Running<Remote> | undefined;
  let startedCount = 0;

  const end = (ended: StartedWorker<Remote>) => {
    if (worker === ended) worker = undefined;
    ended.handle.terminate();
  };

  const currentWorker = (): StartedWorker<Remote> => {
    if (worker === undefined) {
      worker = { handle: start(), sent: 0 };
      startedCount += 1;
    }
    return worker;
  };

  /** Whether `current` was still the running call (it no longer is). */
  const finish = (current: Running<Remote>): boolean => {
    if (running !== current) return false;
    timers.clearTimeout(current.timer);
    running = undefined;
    return true;
  };

  const pump = (): void => {
    while (running === undefined) {
      const job = queues.interactive.shift() ?? queues.background.shift();
      if (job === undefined) return;
      let target: StartedWorker<Remote>;
      try {
        target = currentWorker();
      } catch (error) {
        job.fail(error);
        continue;
      }
      const deadlineMs = job.deadlineMs + (target.sent === 0 ? startAllowanceMs : 0);
      target.sent += 1;
      const current: Running<Remote> = { job, timer: undefined };
      running = current;
      current.timer = timers.setTimeout(() => {
        if (!finish(current)) return;
        end(target);
        const error = new MediaWorkerTimeoutError(job.operation, deadlineMs);
        onTimeout(error);
        job.fail(error);
        pump();
      }, deadlineMs);
      job.run(target.handle.remote).then(
        (answer) => {
          if (!finish(current)) return;
          answer();
          pump();
        },
        (error: unknown) => {
          if (!finish(current)) return;
          job.fail(error);
          pump();
        },
      );
    }
  };

  return {
    call: <T>({ operation, deadlineMs, priority = "background", run }: MediaCall<Remote, T>) =>
      new Promise<T>((resolve, reject) => {
        queues[priority].push({
          operation,
          deadlineMs,
          run: async (remote) => {
            const value = await run(remote);
            return () => {
              resolve(value);
            };
          },
          fail: reject,
        });
        pump();
      }),

    stop: () => {
      const current = running;
      if (current !== undefined && finish(current)) {
        current.job.fail(new MediaWorkerStoppedError(current.job.operation));
      }
      for (const queue of [queues.interactive, queues.background]) {
        for (const job of queue.splice(0)) job.fail(new MediaWorkerStoppedError(job.operation));
      }
      if (worker !== undefined) end(worker);
    },

    get startedCount() {
      return startedCount;
    },
  };
};
