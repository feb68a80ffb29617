// The local calendar days of a view (pure): consecutive items of one day form
// a `GalleryDay`. The calendar is injected; the worker uses the local time
// zone, which a dedicated worker shares with its page.

import type { GalleryDay } from "../gallery-contract";

/** The local calendar day holding an instant: its `YYYY-MM-DD` and its bounds in ms. */
export interface CalendarDay {
  day: string;
  /** ms: the day's first instant. */
  startMs: number;
  /** ms: the next day's first instant (23 or 25 hours later across a DST change). */
  endMs: number;
}

export type DayOf = (timeMs: number) => CalendarDay;

/** The range of a JavaScript `Date` (ms): times outside it are shown at its ends. */
const maxDateMs = 8.64e15;

const pad = (value: number, width: number) => String(Math.abs(value)).padStart(width, "0");

/** The day in the local time zone; midnight-to-midnight, so DST days are 23 or 25 hours long. */
export const localDayOf: DayOf = (timeMs) => {
  const clampedMs = Math.min(Math.max(timeMs, -maxDateMs + 86_400_000), maxDateMs - 86_400_000);
  const date = new Date(clampedMs);
  const year = date.getFullYear();
  const month = date.getMonth();
  const dayOfMonth = date.getDate();
  return {
    day: `${year < 0 ? "-" : ""}${pad(year, 4)}-${pad(month + 1, 2)}-${pad(dayOfMonth, 2)}`,
    startMs: new Date(year, month, dayOfMonth).getTime(),
    endMs: new Date(year, month, dayOfMonth + 1).getTime(),
  };
};

/**
 * Groups `timesUs[0..count)` (sorted, newest or oldest first) into days. One
 * calendar look-up per day, not per item: an item inside the current day's
 * bounds joins it.
 */
export const groupByDay = (
  timesUs: Float64Array,
  count: number,
  dayOf: DayOf = localDayOf,
): GalleryDay[] => {
  const days: GalleryDay[] = [];
  let current: GalleryDay | undefined;
  let startUs = 0;
  let endUs = 0;
  for (let index = 0; index < count; index++) {
    const timeUs = timesUs[index] ?? 0;
    if (current !== undefined && timeUs >= startUs && timeUs < endUs) {
      current.count += 1;
      continue;
    }
    const calendarDay = dayOf(Math.floor(timeUs / 1000));
    startUs = calendarDay.startMs * 1000;
    endUs = calendarDay.endMs * 1000;
    if (current?.day === calendarDay.day) {
      // A time outside the Date range shown on the range's last day.
      current.count += 1;
      continue;
    }
    current = { day: calendarDay.day, firstIndex: index, count: 1 };
    days.push(current);
  }
  return days;
};
