import { memo } from "react";
import { type IntlShape, useIntl } from "react-intl";
import type { GalleryDay } from "../../../../workers/gallery/gallery-contract";
import { CheckIcon } from "./CheckIcon";
import { dateOfDayKey, dayLabelKind, dayNeedsYear } from "./day-label";

export interface DayHeaderProps {
  day: GalleryDay;
  dayIndex: number;
  todayKey: string;
  /** Every item of the day is selected. */
  checked: boolean;
  /** A selection exists: the checkbox shows without hovering. */
  selecting: boolean;
  onSelectDay: (dayIndex: number) => void;
}

/**
 * Labels by day and today's day, per locale: a fling mounts a few day headers
 * every frame, and formatting a date is the costliest part of one.
 */
const labelCaches = new WeakMap<IntlShape, Map<string, string>>();
/** Beyond this many labels a locale's cache starts over (a label is a few dozen bytes). */
const labelCacheLimit = 20_000;

/** The label of a day: 'Today', 'Yesterday', or the date in the user's locale. */
export function useDayLabel(): (dayKey: string, todayKey: string) => string {
  const intl = useIntl();
  return (dayKey, todayKey) => {
    let cache = labelCaches.get(intl);
    if (cache === undefined || cache.size >= labelCacheLimit) {
      cache = new Map();
      labelCaches.set(intl, cache);
    }
    const cacheKey = `${dayKey} ${todayKey}`;
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const label = dayLabel(intl, dayKey, todayKey);
    cache.set(cacheKey, label);
    return label;
  };
}

function dayLabel(intl: IntlShape, dayKey: string, todayKey: string): string {
  switch (dayLabelKind(dayKey, todayKey)) {
    case "today":
      return intl.formatMessage({ id: "gallery.grid.today" });
    case "yesterday":
      return intl.formatMessage({ id: "gallery.grid.yesterday" });
    case "date":
      return intl.formatDate(dateOfDayKey(dayKey), {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: dayNeedsYear(dayKey, todayKey) ? "numeric" : undefined,
      });
  }
}

/** A day's header row: its label, its item count and its 'select all' checkbox. */
export const DayHeader = memo(function DayHeader({
  day,
  dayIndex,
  todayKey,
  checked,
  selecting,
  onSelectDay,
}: DayHeaderProps) {
  const intl = useIntl();
  const label = useDayLabel()(day.day, todayKey);
  return (
    <div
      role="gridcell"
      className={selecting ? "gallery-day gallery-day--selecting" : "gallery-day"}
      data-testid="gallery-day"
      data-day={day.day}
    >
      <button
        type="button"
        role="checkbox"
        className="gallery-day__check"
        data-testid="day-checkbox"
        aria-checked={checked}
        aria-label={intl.formatMessage({ id: "gallery.grid.selectDay" }, { date: label })}
        onClick={() => {
          onSelectDay(dayIndex);
        }}
      >
        {/* Only a checked box shows its mark. See: [Note: A grid tile is as few elements as it can be] */}
        {checked && <CheckIcon sizePx={12} />}
      </button>
      <h3 className="gallery-day__label">{label}</h3>
      <span className="gallery-day__count">
        {intl.formatMessage({ id: "gallery.grid.dayCount" }, { count: day.count })}
      </span>
    </div>
  );
});
