import { memo } from "react";
import { type IntlShape, useIntl } from "react-intl";
import type { GalleryDay } from "../../../../workers/gallery/gallery-contract";
import { CheckIcon } from "./CheckIcon";
import { dateOfDayKey, dayLabelKind, dayNeedsYear } from "./day-label";

export interface DayHeaderProps {
  day: GalleryDay;
  dayIndex: number;
  /** The width of the day's tiles below (the whole row for a day of its own). */
  widthPx: number;
  /** The day shares its row with others: a short label, the count only where it fits. See: [Note: Small days share a row] */
  packed: boolean;
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

/** Below this width a packed day's heading leaves out the weekday. See: [Note: Small days share a row] */
const fullLabelMinWidthPx = 260;

/**
 * The label of a day: 'Today', 'Yesterday', or the date in the user's locale;
 * a `short` one leaves out the weekday, for a day packed over a few tiles.
 */
export function useDayLabel(): (dayKey: string, todayKey: string, short?: boolean) => string {
  const intl = useIntl();
  return (dayKey, todayKey, short = false) => {
    let cache = labelCaches.get(intl);
    if (cache === undefined || cache.size >= labelCacheLimit) {
      cache = new Map();
      labelCaches.set(intl, cache);
    }
    const cacheKey = `${dayKey} ${todayKey}${short ? " short" : ""}`;
    const cached = cache.get(cacheKey);
    if (cached !== undefined) return cached;
    const label = dayLabel(intl, dayKey, todayKey, short);
    cache.set(cacheKey, label);
    return label;
  };
}

function dayLabel(intl: IntlShape, dayKey: string, todayKey: string, short: boolean): string {
  switch (dayLabelKind(dayKey, todayKey)) {
    case "today":
      return intl.formatMessage({ id: "gallery.grid.today" });
    case "yesterday":
      return intl.formatMessage({ id: "gallery.grid.yesterday" });
    case "date":
      return intl.formatDate(dateOfDayKey(dayKey), {
        weekday: short ? undefined : "short",
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
  widthPx,
  packed,
  todayKey,
  checked,
  selecting,
  onSelectDay,
}: DayHeaderProps) {
  const intl = useIntl();
  const labelOf = useDayLabel();
  const label = labelOf(day.day, todayKey);
  const className = [
    "gallery-day",
    selecting ? "gallery-day--selecting" : "",
    packed ? "gallery-day--packed" : "",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <div
      role="gridcell"
      className={className}
      data-testid="gallery-day"
      data-day={day.day}
      style={{ width: widthPx }}
      title={packed && widthPx < fullLabelMinWidthPx ? label : undefined}
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
      <h3 className="gallery-day__label">
        {packed && widthPx < fullLabelMinWidthPx ? labelOf(day.day, todayKey, true) : label}
      </h3>
      <span className="gallery-day__count">
        {intl.formatMessage({ id: "gallery.grid.dayCount" }, { count: day.count })}
      </span>
    </div>
  );
});
