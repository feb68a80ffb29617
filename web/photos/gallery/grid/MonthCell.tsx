import { memo, useEffect, useState, useSyncExternalStore, type MouseEvent } from "react";
import { useIntl } from "react-intl";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { useThumbnail } from "../thumbnails/use-thumbnail";
import { dateOfDayKey } from "./day-label";
import type { MonthCoverItems } from "./month-cover-items";
import { monthCellKey, type OverviewMonth } from "./month-overview";
import { useOnScreen, type OnScreenWatcher } from "./on-screen";

export interface MonthCellProps {
  month: OverviewMonth;
  /** The snapshot's version: a cover is fetched again when the view changed. */
  version: number;
  covers: MonthCoverItems;
  thumbnails: ThumbnailStore;
  watcher: OnScreenWatcher | undefined;
  /** `byKeyboard`: chosen with Enter or Space (the grid then takes the focus). */
  onChoose: (month: OverviewMonth, byKeyboard: boolean) => void;
}

/** How the overview names a month in its cell, and with its year for assistive technology. */
const monthNameFormat = { month: "long" } as const;
const monthYearFormat = { month: "long", year: "numeric" } as const;

/**
 * One month of the overview: its cover (the month's first item), its name
 * and its count, as a button that jumps the grid there. The cover is fetched
 * only while the cell is on screen. See: [Note: A month's cover is an item at an index]
 */
export const MonthCell = memo(function MonthCell({
  month,
  version,
  covers,
  thumbnails,
  watcher,
  onChoose,
}: MonthCellProps) {
  const intl = useIntl();
  const [element, setElement] = useState<HTMLButtonElement | null>(null);
  const onScreen = useOnScreen(watcher, element);
  const coverIndex = month.firstDay.firstIndex;
  useEffect(() => {
    if (onScreen) covers.ensure(coverIndex, version);
  }, [onScreen, covers, coverIndex, version]);
  const item = useSyncExternalStore(
    covers.subscribe,
    () => covers.item(coverIndex),
    () => undefined,
  );
  // Off screen a cell lets go of its thumbnail: a request not yet sent is dropped.
  const thumbnail = useThumbnail(thumbnails, onScreen ? item?.id : undefined);
  const url = thumbnail?.url;
  const [loadedURL, setLoadedURL] = useState<string | undefined>(undefined);
  // See: [Note: A thumbnail is decoded before it is shown]
  const loaded = url !== undefined && (thumbnail?.decoded === true || loadedURL === url);
  const firstDate = dateOfDayKey(`${month.monthKey}-01`);

  return (
    <button
      ref={setElement}
      type="button"
      className="month-cell"
      data-testid="overview-month"
      data-month={month.monthKey}
      data-cell={monthCellKey(month)}
      aria-label={intl.formatMessage(
        { id: "gallery.overview.month" },
        { month: intl.formatDate(firstDate, monthYearFormat), count: month.itemCount },
      )}
      onClick={(event: MouseEvent) => {
        // A click made with the keyboard (Enter or Space) has no pointer, so no click count.
        onChoose(month, event.detail === 0);
      }}
    >
      <span className="month-cell__cover">
        {url !== undefined && (
          <img
            className={loaded ? "month-cell__image month-cell__image--loaded" : "month-cell__image"}
            src={url}
            alt=""
            decoding="async"
            draggable={false}
            data-testid="overview-cover"
            onLoad={() => {
              setLoadedURL(url);
            }}
          />
        )}
      </span>
      <span className="month-cell__name">{intl.formatDate(firstDate, monthNameFormat)}</span>
      <span className="month-cell__count">
        {intl.formatMessage({ id: "gallery.overview.count" }, { count: month.itemCount })}
      </span>
    </button>
  );
});
