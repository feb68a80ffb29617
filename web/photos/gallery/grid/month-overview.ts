// The month overview's content (pure): the view's days gathered into years
// and their months, each month with its item count and the view index of its
// first item (its cover). Like the grid's layout it needs no items, so the
// overview of 1,000,000 items (~10,000 days, ~400 months) is one pass over
// `snapshot.days`.

import type { GalleryDay } from "../../../../workers/gallery/gallery-contract";

export interface OverviewMonth {
  /** `YYYY-MM`. */
  monthKey: string;
  /** The first day of the month in the view's order (the newest, or the oldest for an ascending album). */
  firstDay: GalleryDay;
  /** The index of `firstDay` in the view's days: the grid jumps to its header. */
  firstDayIndex: number;
  /** How many of the view's days the month holds. */
  dayCount: number;
  /** Its items. */
  itemCount: number;
}

export interface OverviewYear {
  /** `YYYY`. */
  yearKey: string;
  months: readonly OverviewMonth[];
  itemCount: number;
}

/**
 * [Note: A month of the overview is a run of days]
 *
 * The overview follows the grid's order: a month is a run of consecutive
 * days of one calendar month, and a year a run of consecutive months of one
 * year, so a descending view shows the newest year first with its months
 * from December back, and an ascending album the other way round, as its
 * grid does. A view whose days are not sorted by date would show a month
 * once for each of its runs, each jumping to its own place in the grid:
 * never merged, since one cell can jump to only one place.
 */
export function overviewYears(days: readonly GalleryDay[]): OverviewYear[] {
  const years: { yearKey: string; months: OverviewMonth[]; itemCount: number }[] = [];
  let month: OverviewMonth | undefined;
  days.forEach((day, dayIndex) => {
    const monthKey = day.day.slice(0, 7);
    if (month !== undefined && month.monthKey === monthKey) {
      month.dayCount += 1;
      month.itemCount += day.count;
    } else {
      month = {
        monthKey,
        firstDay: day,
        firstDayIndex: dayIndex,
        dayCount: 1,
        itemCount: day.count,
      };
      const yearKey = day.day.slice(0, 4);
      const year = years.at(-1);
      if (year !== undefined && year.yearKey === yearKey) year.months.push(month);
      else years.push({ yearKey, months: [month], itemCount: 0 });
    }
    const year = years.at(-1);
    if (year !== undefined) year.itemCount += day.count;
  });
  return years;
}

/** The month holding the view's day `dayIndex` (where the grid stands), if any. */
export function monthOfDay(
  years: readonly OverviewYear[],
  dayIndex: number,
): OverviewMonth | undefined {
  for (const year of years) {
    for (const month of year.months) {
      if (dayIndex >= month.firstDayIndex && dayIndex < month.firstDayIndex + month.dayCount) {
        return month;
      }
    }
  }
  return undefined;
}

/** A month cell's key, unique even when a month has two runs. See: [Note: A month of the overview is a run of days] */
export const monthCellKey = (month: OverviewMonth): string =>
  `${month.monthKey}@${String(month.firstDayIndex)}`;
