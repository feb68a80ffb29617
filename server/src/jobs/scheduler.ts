import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/schema";
import { acquireTaskLock, releaseTaskLock } from "./task-lock-repository";

export interface JobDefinition {
  /** Unique name; also the name of the job's database lock. */
  name: string;
  /** Pause between the end of one run and the start of the next. */
  intervalMs: number;
  /**
   * How long a run may hold the lock. Longer than any normal run, so that a
   * slow run is not overtaken; short enough that the job resumes soon after
   * the process holding it dies.
   */
  lockTtlMs: number;
  /** The work. The signal aborts when the scheduler stops. */
  run(signal: AbortSignal): Promise<void>;
}

export type RunOutcome = "ran" | "failed" | "locked" | "busy" | "stopped";

export interface JobScheduler {
  /** Add a job; its timer starts with `start()` (or at once when already started). */
  add(job: JobDefinition): void;
  start(): void;
  /** Run a job now, outside its timer, with the same lock rules. */
  runNow(name: string): Promise<RunOutcome>;
  /** Stop the timers, abort running jobs and wait for them to finish. */
  stop(): Promise<void>;
}

export interface JobSchedulerOptions {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Identifies this process in the lock table; random by default. */
  holder?: string;
  /** The clock, in ms since the epoch. */
  nowMs?: () => number;
}

/** In-process timers whose runs are coordinated through the database. See: [Note: Jobs take a database lock per run] */
export const createJobScheduler = ({
  db,
  log,
  holder = `instance-${randomUUID()}`,
  nowMs = Date.now,
}: JobSchedulerOptions): JobScheduler => {
  const jobs = new Map<string, JobDefinition>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<RunOutcome>>();
  const stopController = new AbortController();
  let started = false;

  const runOnce = async (job: JobDefinition): Promise<RunOutcome> => {
    if (stopController.signal.aborted) return "stopped";
    const now = nowMs();
    const acquired = await acquireTaskLock(db, {
      taskName: job.name,
      holder,
      nowUs: now * 1000,
      lockedUntilUs: (now + job.lockTtlMs) * 1000,
    });
    if (!acquired) return "locked";
    const startedMs = nowMs();
    try {
      await job.run(stopController.signal);
      log.debug({ job: job.name, durationMs: nowMs() - startedMs }, "job ran");
      return "ran";
    } catch (error) {
      log.error({ job: job.name, err: error }, "job failed");
      return "failed";
    } finally {
      await releaseTaskLock(db, job.name, holder).catch((error: unknown) => {
        log.warn({ job: job.name, err: error }, "could not release job lock");
      });
    }
  };

  const track = (job: JobDefinition): Promise<RunOutcome> => {
    const inFlight = running.get(job.name);
    if (inFlight !== undefined) return Promise.resolve("busy");
    const run = runOnce(job)
      .catch((error: unknown) => {
        // The lock query itself failed (database unreachable): try next time.
        log.error({ job: job.name, err: error }, "job lock failed");
        return "failed" as const;
      })
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  };

  const schedule = (job: JobDefinition) => {
    if (stopController.signal.aborted) return;
    const timer = setTimeout(() => {
      void track(job).then(() => {
        schedule(job);
      });
    }, job.intervalMs);
    // Timers alone must not keep the process alive.
    timer.unref();
    timers.set(job.name, timer);
  };

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`Job ${job.name} is already scheduled`);
      jobs.set(job.name, job);
      if (started) schedule(job);
    },
    start() {
      if (started) return;
      started = true;
      for (const job of jobs.values()) schedule(job);
    },
    runNow(name) {
      const job = jobs.get(name);
      if (job === undefined) throw new Error(`No job named ${name}`);
      return track(job);
    },
    async stop() {
      stopController.abort();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
};
