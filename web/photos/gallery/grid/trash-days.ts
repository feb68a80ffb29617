// How many days a trashed file has left before the server deletes it for
// good (its `deleteBy`, spec §3 trash entry), as the trash's tiles say it.
// Pure.

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Whole days left, rounded up (a file due in 30 hours has 2 days left, as
 * people count them), and 0 once the time has come (the server's hourly
 * purge takes it then).
 */
export const trashDaysLeft = (deleteByUs: number, nowMs: number): number =>
  Math.max(0, Math.ceil((deleteByUs / 1000 - nowMs) / dayMs));
