import type { ColumnType } from "kysely";

// The database as the query builder sees it. Each table is added here by the
// migration that creates it. Names follow the reference schema's style
// (wire-contract §12): snake_case, times in µs as bigint with a `_us` suffix
// here because the unit is not implied by the name.

/** Background task locks. See: [Note: Jobs take a database lock per run] */
export interface TaskLocksTable {
  task_name: string;
  /** Which server instance holds the lock. */
  lock_holder: string;
  /** µs since the epoch; the lock is free once this has passed. */
  locked_until_us: ColumnType<number, number, number>;
}

export interface Database {
  task_locks: TaskLocksTable;
}
