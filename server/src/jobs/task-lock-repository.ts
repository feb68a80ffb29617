import type { DB } from "../db/db";

// The queries of the background jobs' locks (`task_locks`, one row per job
// that has run). See: [Note: One repository per table family]
//
// [Note: Jobs take a database lock per run]
//
// Background jobs run on timers in every server process. So that several
// processes can share one database (behind a load balancer) without running
// the same job at the same time, each run first takes the job's row in
// `task_locks`: one atomic upsert that succeeds only when the row is absent,
// expired, or already ours. The lock carries an expiry so that a process that
// dies mid-run cannot block the job forever; a run releases it when done.

export interface TaskLockRequest {
  taskName: string;
  holder: string;
  nowUs: number;
  lockedUntilUs: number;
}

/** Take the lock of `taskName` until `lockedUntilUs`; false when another holder has it. */
export const acquireTaskLock = async (
  db: DB,
  { taskName, holder, nowUs, lockedUntilUs }: TaskLockRequest,
): Promise<boolean> => {
  const result = await db
    .insertInto("task_locks")
    .values({ task_name: taskName, lock_holder: holder, locked_until_us: lockedUntilUs })
    .onConflict((conflict) =>
      conflict
        .column("task_name")
        .doUpdateSet((eb) => ({
          lock_holder: eb.ref("excluded.lock_holder"),
          locked_until_us: eb.ref("excluded.locked_until_us"),
        }))
        .where((eb) =>
          eb.or([
            eb("task_locks.locked_until_us", "<=", nowUs),
            eb("task_locks.lock_holder", "=", holder),
          ]),
        ),
    )
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
};

/** Give the lock back, if we still hold it. */
export const releaseTaskLock = async (db: DB, taskName: string, holder: string): Promise<void> => {
  await db
    .deleteFrom("task_locks")
    .where("task_name", "=", taskName)
    .where("lock_holder", "=", holder)
    .execute();
};
