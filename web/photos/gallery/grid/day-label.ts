// What a day header says: 'Today', 'Yesterday', or the date in the user's
// locale. Days are `YYYY-MM-DD` local calendar dates (the worker and the page
// share a time zone), so they are compared as dates, never as instants.

/** The local calendar date of `date` as `YYYY-MM-DD`. */
export function dayKeyOf(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, "0");
  const day = String(date.getDate()).padStart(2, "0");
  return `${String(date.getFullYear()).padStart(4, "0")}-${month}-${day}`;
}

/** The local midnight starting the day `YYYY-MM-DD`. */
export function dateOfDayKey(dayKey: string): Date {
  const [year = 1970, month = 1, day = 1] = dayKey.split("-").map(Number);
  const date = new Date(year, month - 1, day);
  // Years 0–99 are not shifted to 1900–1999.
  date.setFullYear(year);
  return date;
}

/** The day before `dayKey` (calendar arithmetic, so daylight saving changes do not matter). */
export function previousDayKey(dayKey: string): string {
  const date = dateOfDayKey(dayKey);
  date.setDate(date.getDate() - 1);
  return dayKeyOf(date);
}

export type DayLabelKind = "today" | "yesterday" | "date";

export function dayLabelKind(dayKey: string, todayKey: string): DayLabelKind {
  if (dayKey === todayKey) return "today";
  if (dayKey === previousDayKey(todayKey)) return "yesterday";
  return "date";
}

/** Whether a date label needs its year: only dates outside the current year show it. */
export const dayNeedsYear = (dayKey: string, todayKey: string): boolean =>
  dayKey.slice(0, 4) !== todayKey.slice(0, 4);

/** A video's length as `m:ss`, or `h:mm:ss` from an hour on. */
export function formatDuration(durationSec: number): string {
  const total = Math.max(0, Math.round(durationSec));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  if (hours > 0) return `${String(hours)}:${String(minutes).padStart(2, "0")}:${seconds}`;
  return `${String(minutes)}:${seconds}`;
}
