// The choices of an album link's settings (spec §5): device limits and
// expiries, and how a link's current values read among them. Pure.

/** Spec §5: 0 (no limit), 2, 5, 10, 25, 50. */
export const deviceLimitChoices = [0, 2, 5, 10, 25, 50] as const;

/** Spec §5: never, 1 hour, 1 day, 1 week, 1 month, 1 year. */
export const expiryChoices = ["never", "hour", "day", "week", "month", "year"] as const;
export type ExpiryChoice = (typeof expiryChoices)[number];

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

/**
 * The link's `validTill` (µs since the epoch; 0 for never) of an expiry
 * chosen at `nowMs`. A month and a year are calendar ones, in UTC (a link
 * made on 31 January lasts until the end of February).
 */
export const validTillUsOf = (choice: ExpiryChoice, nowMs: number): number => {
  const at = (ms: number) => ms * 1000;
  switch (choice) {
    case "never":
      return 0;
    case "hour":
      return at(nowMs + hourMs);
    case "day":
      return at(nowMs + dayMs);
    case "week":
      return at(nowMs + 7 * dayMs);
    case "month":
      return at(addUTCMonths(nowMs, 1));
    case "year":
      return at(addUTCMonths(nowMs, 12));
  }
};

/** `ms` moved by whole calendar months, the day clamped to the target month's last day. */
const addUTCMonths = (ms: number, months: number): number => {
  const date = new Date(ms);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
};

/** Whether a link's `validTill` has passed at `nowMs` (0 never does). */
export const linkExpired = (validTillUs: number, nowMs: number): boolean =>
  validTillUs > 0 && validTillUs / 1000 <= nowMs;

/** The device-limit choice a link's value reads as (a value set elsewhere reads as the next larger choice). */
export const deviceLimitChoiceOf = (deviceLimit: number): (typeof deviceLimitChoices)[number] => {
  if (deviceLimit <= 0) return 0;
  return deviceLimitChoices.find((choice) => choice >= deviceLimit) ?? 50;
};
