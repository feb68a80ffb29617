import { useCallback, useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { CloseIcon } from "../../../common/brand/icons";
import type { GalleryClient } from "../../../common/library/gallery-client";
import type { GalleryViewSnapshot } from "../../../../workers/gallery/gallery-contract";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { dateOfDayKey } from "./day-label";
import { MonthCell } from "./MonthCell";
import { MonthCoverItems } from "./month-cover-items";
import { cellAfterKey, cellKeys } from "./month-overview-keys";
import { monthCellKey, monthOfDay, overviewYears, type OverviewMonth } from "./month-overview";
import { useOnScreenWatcher } from "./on-screen";
import { useZoomGestures } from "./use-zoom-gestures";
import "./month-overview.css";

export interface MonthOverviewProps {
  client: Pick<GalleryClient, "viewItemsAt">;
  snapshot: GalleryViewSnapshot;
  thumbnails: ThumbnailStore;
  /** The day the grid stands on: the overview opens on its month. */
  currentDayIndex: number | undefined;
  /** A month was chosen: the grid jumps to day `dayIndex`. */
  onChooseMonth: (dayIndex: number, byKeyboard: boolean) => void;
  /** Back to the grid where it was (Escape, the close button, a zoom in). */
  onClose: () => void;
}

/**
 * Covers start loading half a screen before their cell scrolls in: a slow
 * scroll finds them there, a fast one through 400 months asks for none of
 * the months it passes.
 */
const coverMarginPx = 400;

const yearFormat = { year: "numeric" } as const;

/**
 * The month overview of the open view, over the grid: its years with their
 * months (cover, name, count); a month jumps the grid there.
 * See: [Note: The month overview travels the grid]
 */
export function MonthOverview({
  client,
  snapshot,
  thumbnails,
  currentDayIndex,
  onChooseMonth,
  onClose,
}: MonthOverviewProps) {
  const intl = useIntl();
  const titleID = useId();
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const years = useMemo(() => overviewYears(snapshot.days), [snapshot.days]);
  const covers = useMemo(
    () => new MonthCoverItems(client, snapshot.viewID),
    [client, snapshot.viewID],
  );
  const watcher = useOnScreenWatcher(scroller, coverMarginPx);

  // A zoom in over the overview goes back to the grid, as a zoom out past the smallest tiles came here.
  useZoomGestures(root, (step) => {
    if (step > 0) onClose();
  });

  // Opens on the month the grid was showing, with the keyboard's focus on it.
  const [startCellKey] = useState(() => {
    const month = currentDayIndex === undefined ? undefined : monthOfDay(years, currentDayIndex);
    return month === undefined ? undefined : monthCellKey(month);
  });
  useEffect(() => {
    if (scroller === null) return;
    const cell =
      (startCellKey === undefined
        ? null
        : scroller.querySelector<HTMLElement>(`[data-cell="${CSS.escape(startCellKey)}"]`)) ??
      scroller.querySelector<HTMLElement>("[data-cell]");
    cell?.scrollIntoView({ block: "center" });
    cell?.focus({ preventScroll: true });
  }, [scroller, startCellKey]);

  const onChoose = useCallback(
    (month: OverviewMonth, byKeyboard: boolean) => {
      onChooseMonth(month.firstDayIndex, byKeyboard);
    },
    [onChooseMonth],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (!cellKeys.has(event.key) || scroller === null) return;
    const cells = Array.from(scroller.querySelectorAll<HTMLElement>("[data-cell]"));
    const current = cells.findIndex((cell) => cell === document.activeElement);
    if (current < 0) return;
    const boxes = cells.map((cell) => {
      const { left, top, width } = cell.getBoundingClientRect();
      return { left, top, width };
    });
    const next = cells[cellAfterKey(boxes, current, event.key) ?? -1];
    event.preventDefault();
    next?.focus();
  };

  return (
    <section
      ref={setRoot}
      className="month-overview"
      data-testid="month-overview"
      aria-labelledby={titleID}
      onKeyDown={onKeyDown}
    >
      <div className="month-overview__bar">
        <h2 id={titleID} className="month-overview__title">
          {intl.formatMessage({ id: "gallery.overview.title" })}
        </h2>
        <button
          type="button"
          className="month-overview__close"
          data-testid="overview-close"
          aria-label={intl.formatMessage({ id: "gallery.overview.close" })}
          title={intl.formatMessage({ id: "gallery.overview.close" })}
          onClick={onClose}
        >
          <CloseIcon size={16} />
        </button>
      </div>
      <div className="month-overview__scroller" ref={setScroller}>
        {years.map((year) => {
          const headingID = `${titleID}-${year.yearKey}-${String(year.months[0]?.firstDayIndex)}`;
          return (
            <section
              key={headingID}
              className="month-overview__year"
              data-testid="overview-year"
              data-year={year.yearKey}
              aria-labelledby={headingID}
            >
              <h3 id={headingID} className="month-overview__year-heading">
                <span className="month-overview__year-label">
                  {intl.formatDate(dateOfDayKey(`${year.yearKey}-01-01`), yearFormat)}
                </span>
                <span className="month-overview__year-count">
                  {intl.formatMessage({ id: "gallery.overview.count" }, { count: year.itemCount })}
                </span>
              </h3>
              <ul className="month-overview__months">
                {year.months.map((month) => (
                  <li key={monthCellKey(month)}>
                    <MonthCell
                      month={month}
                      version={snapshot.version}
                      covers={covers}
                      thumbnails={thumbnails}
                      watcher={watcher}
                      onChoose={onChoose}
                    />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}
