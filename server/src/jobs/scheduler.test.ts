import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordingLogger } from "../../test-support/logger";
import { testDatabaseBackends } from "../../test-support/databases";
import type { CairnDatabase } from "../db/database";
import { createJobScheduler, type JobDefinition, type JobScheduler } from "./scheduler";
import { acquireTaskLock } from "./task-lock-repository";

const deferred = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe.each(testDatabaseBackends())("jobs on $name", (backend) => {
  let database: CairnDatabase;
  const schedulers: JobScheduler[] = [];
  const scheduler = (holder: string, nowMs?: () => number) => {
    const created = createJobScheduler({ db: database.db, log: recordingLogger(), holder, nowMs });
    schedulers.push(created);
    return created;
  };

  beforeEach(async () => {
    database = await backend.open();
  });
  afterEach(async () => {
    await Promise.all(schedulers.splice(0).map((s) => s.stop()));
    await database.close();
  });

  describe("task locks", () => {
    it.each<[string, string | undefined, number | undefined, string, number, boolean]>([
      // existing holder, existing expiry, new holder, now, acquired
      ["absent", undefined, undefined, "b", 100, true],
      ["held by another", "a", 200, "b", 100, false],
      ["expired", "a", 100, "b", 100, true],
      ["ours already", "b", 200, "b", 100, true],
    ])(
      "a lock that is %s can be taken: %s",
      async (_, holder, until, newHolder, nowUs, acquired) => {
        if (holder !== undefined && until !== undefined) {
          await acquireTaskLock(database.db, {
            taskName: "job",
            holder,
            nowUs: 0,
            lockedUntilUs: until,
          });
        }
        expect(
          await acquireTaskLock(database.db, {
            taskName: "job",
            holder: newHolder,
            nowUs,
            lockedUntilUs: nowUs + 1000,
          }),
        ).toBe(acquired);
        const row = await database.db
          .selectFrom("task_locks")
          .selectAll()
          .executeTakeFirstOrThrow();
        expect(row.lock_holder).toBe(acquired ? newHolder : holder);
      },
    );
  });

  it("lets only one of two instances run a job at a time, and frees the lock after", async () => {
    const gate = deferred();
    const firstRunStarted = deferred();
    let runs = 0;
    const job = (): JobDefinition => ({
      name: "cleanup",
      intervalMs: 60_000,
      lockTtlMs: 60_000,
      run: async () => {
        runs += 1;
        firstRunStarted.resolve();
        await gate.promise;
      },
    });
    const one = scheduler("one");
    const two = scheduler("two");
    one.add(job());
    two.add(job());

    const first = one.runNow("cleanup");
    // Wait until the first run holds the lock.
    await firstRunStarted.promise;
    expect(await two.runNow("cleanup")).toBe("locked");
    expect(await one.runNow("cleanup")).toBe("busy");
    gate.resolve();
    expect(await first).toBe("ran");
    expect(await two.runNow("cleanup")).toBe("ran");
    expect(runs).toBe(2);
  });

  it("takes over the lock of an instance that died mid-run once it expires", async () => {
    let nowMs = 1_000_000;
    await acquireTaskLock(database.db, {
      taskName: "cleanup",
      holder: "dead",
      nowUs: nowMs * 1000,
      lockedUntilUs: (nowMs + 5_000) * 1000,
    });
    const alive = scheduler("alive", () => nowMs);
    let runs = 0;
    alive.add({
      name: "cleanup",
      intervalMs: 60_000,
      lockTtlMs: 5_000,
      run: () => {
        runs += 1;
        return Promise.resolve();
      },
    });
    expect(await alive.runNow("cleanup")).toBe("locked");
    nowMs += 5_000;
    expect(await alive.runNow("cleanup")).toBe("ran");
    expect(runs).toBe(1);
  });

  it("reports a failing run, keeps the schedule and releases the lock", async () => {
    const log = recordingLogger();
    const failing = createJobScheduler({ db: database.db, log, holder: "x" });
    schedulers.push(failing);
    failing.add({
      name: "broken",
      intervalMs: 60_000,
      lockTtlMs: 60_000,
      run: () => Promise.reject(new Error("disk full")),
    });
    expect(await failing.runNow("broken")).toBe("failed");
    expect(log.entries.some((entry) => entry.level === "error")).toBe(true);
    const locks = await database.db.selectFrom("task_locks").selectAll().execute();
    expect(locks).toEqual([]);
  });

  it("runs jobs on their timers until stopped, and stop waits for the running one", async () => {
    const timed = scheduler("timer");
    let runs = 0;
    let aborted = false;
    const third = deferred();
    timed.add({
      name: "tick",
      intervalMs: 10,
      lockTtlMs: 60_000,
      run: async (signal) => {
        runs += 1;
        if (runs === 3) {
          third.resolve();
          await new Promise<void>((resolve) => {
            signal.addEventListener("abort", () => {
              aborted = true;
              resolve();
            });
          });
        }
      },
    });
    timed.start();
    await third.promise;
    await timed.stop();
    expect(aborted).toBe(true);
    const runsAtStop = runs;
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(runsAtStop);
    expect(await timed.runNow("tick")).toBe("stopped");
  });
});
