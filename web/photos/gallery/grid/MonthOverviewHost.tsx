import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
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
  /** Set to what opens the overview, for a button outside the grid (the view header's `MonthOverviewOpen`). */
  openerRef?: RefObject<(() => void) | null> | undefined;
}

/**
 * The grid with its month overview, laid over the grid (which stays
 * mounted, inert, where it was) while it is open. The view header's button
 * (through `openerRef`) and a zoom out past the smallest tiles open it.
 * See: [Note: The month overview travels the grid]
 */
export function MonthOverviewHost({
  client,
  snapshot,
  thumbnails,
  children,
  openerRef,
}: MonthOverviewHostProps) {
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

  useEffect(() => {
    if (openerRef === undefined) return;
    openerRef.current = open;
    return () => {
      openerRef.current = null;
    };
  }, [openerRef, open]);

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
