import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { useIntl } from "react-intl";
import type { GalleryClient } from "../../../common/library/gallery-client";
import type { GalleryViewSnapshot } from "../../../../workers/gallery/gallery-contract";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import type { GridTravel } from "./grid-travel";
import { MonthOverview } from "./MonthOverview";
import "./month-overview.css";

/** What the grid is given so the overview can travel it. See: [Note: The month overview travels the grid] */
export interface OverviewGridProps {
  travel: RefObject<GridTravel | null>;
  onZoomOutPastSmallest: () => void;
}

export interface MonthOverviewHostProps {
  client: Pick<GalleryClient, "viewItemsAt">;
  snapshot: GalleryViewSnapshot;
  thumbnails: ThumbnailStore;
  /** The grid, wired to the overview. */
  children: (grid: OverviewGridProps) => ReactNode;
}

/**
 * The grid with its month overview: the button that opens it in the grid's
 * corner, and the overview itself laid over the grid (which stays mounted,
 * inert, where it was) while it is open. A zoom out past the smallest tiles
 * opens it too. See: [Note: The month overview travels the grid]
 */
export function MonthOverviewHost({
  client,
  snapshot,
  thumbnails,
  children,
}: MonthOverviewHostProps) {
  const intl = useIntl();
  const travel = useRef<GridTravel>(null);
  /** Open: the day the grid stood on when it opened. */
  const [opened, setOpened] = useState<{ atDayIndex: number | undefined } | undefined>(undefined);
  const returnFocusRef = useRef<Element | null>(null);
  const restoreFocusRef = useRef(false);
  const hasItems = snapshot.totalCount > 0;

  // Another view closes the overview of the previous one.
  const [shownViewID, setShownViewID] = useState(snapshot.viewID);
  if (shownViewID !== snapshot.viewID) {
    setShownViewID(snapshot.viewID);
    setOpened(undefined);
  }

  const open = useCallback(() => {
    if (!hasItems) return;
    const atDayIndex = travel.current?.topDayIndex();
    returnFocusRef.current = document.activeElement;
    setOpened((current) => current ?? { atDayIndex });
  }, [hasItems]);

  const close = useCallback(() => {
    restoreFocusRef.current = true;
    setOpened(undefined);
  }, []);

  const chooseMonth = useCallback((dayIndex: number, byKeyboard: boolean) => {
    // A keyboard's choice puts the focus on the month's first photo; a click leaves it be.
    travel.current?.jumpToDay(dayIndex, { focusFirstItem: byKeyboard });
    setOpened(undefined);
  }, []);

  // Escape (or a zoom in) goes back to the grid as it was, the focus where it was.
  useEffect(() => {
    if (opened !== undefined || !restoreFocusRef.current) return;
    restoreFocusRef.current = false;
    const previous = returnFocusRef.current;
    returnFocusRef.current = null;
    if (previous instanceof HTMLElement && previous.isConnected)
      previous.focus({ preventScroll: true });
  }, [opened]);

  const isOpen = opened !== undefined;
  return (
    <div className="month-overview-host">
      <div className="month-overview-host__grid" inert={isOpen}>
        {children({ travel, onZoomOutPastSmallest: open })}
        {hasItems && (
          <button
            type="button"
            className="month-overview-open"
            data-testid="overview-open"
            aria-label={intl.formatMessage({ id: "gallery.overview.open" })}
            title={intl.formatMessage({ id: "gallery.overview.open" })}
            onClick={open}
          >
            <MonthsIcon />
          </button>
        )}
      </div>
      {isOpen && (
        <MonthOverview
          client={client}
          snapshot={snapshot}
          thumbnails={thumbnails}
          currentDayIndex={opened.atDayIndex}
          onChooseMonth={chooseMonth}
          onClose={close}
        />
      )}
    </div>
  );
}

/** A calendar page: the months of the timeline. */
function MonthsIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <rect
        x="2.75"
        y="4"
        width="14.5"
        height="13"
        rx="2.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      />
      <path d="M2.75 8h14.5M6.5 2.5v3M13.5 2.5v3" stroke="currentColor" strokeWidth="1.5" />
      <rect x="5.5" y="10.25" width="2.5" height="2.25" rx="0.5" fill="currentColor" />
      <rect x="8.75" y="10.25" width="2.5" height="2.25" rx="0.5" fill="currentColor" />
      <rect x="12" y="10.25" width="2.5" height="2.25" rx="0.5" fill="currentColor" />
      <rect x="5.5" y="13.5" width="2.5" height="2.25" rx="0.5" fill="currentColor" />
      <rect x="8.75" y="13.5" width="2.5" height="2.25" rx="0.5" fill="currentColor" />
    </svg>
  );
}
