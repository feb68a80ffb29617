import type { PlanPeriod } from "../config/config";
import { AdminError } from "./admin-errors";
import { microsecondsPerMillisecond } from "../time";

// Dates of the admin commands. Expiry times are µs since the epoch, as in the
// database; dates on the command line and in listings are UTC calendar days.

/**
 * The expiry time of a date given as `YYYY-MM-DD`: 00:00 UTC that day, so the
 * account counts as expired from the start of that day (plus the grace of
 * [Note: An upload is checked against the plan, with a little slack]).
 * Refuses anything that is not a real calendar date.
 */
export const expiryTimeUsOfDate = (text: string, option: string): number => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = (match?.slice(1) ?? []).map(Number);
  if (year === undefined || month === undefined || day === undefined) {
    throw new AdminError("usage", `${option}: must be a date as YYYY-MM-DD (got "${text}")`);
  }
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1970) {
    throw new AdminError("usage", `${option}: ${text} is not a date of the calendar`);
  }
  return ms * microsecondsPerMillisecond;
};

/**
 * One plan period after `nowUs`: the same time of day one calendar month or
 * year later, on the month's last day when it has no such day (31 January + 1
 * month = 28 or 29 February; 29 February + 1 year = 28 February).
 */
export const onePeriodAfter = (nowUs: number, period: PlanPeriod): number => {
  const now = new Date(Math.floor(nowUs / microsecondsPerMillisecond));
  const months = period === "month" ? 1 : 12;
  const firstOfTarget = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
  const daysInTarget = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  const target = Date.UTC(
    firstOfTarget.getUTCFullYear(),
    firstOfTarget.getUTCMonth(),
    Math.min(now.getUTCDate(), daysInTarget),
    now.getUTCHours(),
    now.getUTCMinutes(),
    now.getUTCSeconds(),
    now.getUTCMilliseconds(),
  );
  return target * microsecondsPerMillisecond + (nowUs % microsecondsPerMillisecond);
};

/** A µs time as an ISO date and time in UTC to the minute, e.g. "2026-03-01 14:05 UTC". */
export const utcMinuteOf = (timeUs: number): string =>
  `${new Date(Math.floor(timeUs / microsecondsPerMillisecond)).toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** A µs time as its UTC calendar day, e.g. "2026-03-01". */
export const utcDayOf = (timeUs: number): string =>
  new Date(Math.floor(timeUs / microsecondsPerMillisecond)).toISOString().slice(0, 10);
