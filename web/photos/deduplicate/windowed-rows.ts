// Which rows of a long list of equal-height rows are on screen, with a
// margin: the duplicates page draws only those, so a library with thousands
// of duplicate groups scrolls as smoothly as one with three.

import { type RefObject, useEffect, useState } from "react";

/** Rows drawn above and below the visible ones, so a quick scroll shows no gap. */
const overscanRows = 3;

export interface RowWindow {
  /** The first row drawn. */
  start: number;
  /** One past the last row drawn. */
  end: number;
}

/** The rows of `[0, count)` that intersect `[scrollTop, scrollTop + height)`, with the overscan. */
export const rowWindow = (
  count: number,
  rowHeightPx: number,
  scrollTopPx: number,
  viewportHeightPx: number,
): RowWindow => {
  const first = Math.floor(Math.max(0, scrollTopPx) / rowHeightPx);
  const last = Math.ceil((Math.max(0, scrollTopPx) + viewportHeightPx) / rowHeightPx);
  return {
    start: Math.max(0, Math.min(count, first - overscanRows)),
    end: Math.max(0, Math.min(count, last + overscanRows)),
  };
};

/** The window of rows `scroller` shows now, following its scrolling and resizing. */
export function useRowWindow(
  scroller: RefObject<HTMLElement | null>,
  count: number,
  rowHeightPx: number,
): RowWindow {
  const [position, setPosition] = useState({ scrollTopPx: 0, heightPx: 0 });
  useEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const measure = () => {
      setPosition({ scrollTopPx: element.scrollTop, heightPx: element.clientHeight });
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const resizes = new ResizeObserver(measure);
    resizes.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      resizes.disconnect();
    };
  }, [scroller]);
  return rowWindow(count, rowHeightPx, position.scrollTopPx, position.heightPx);
}
