// The grid's scroll state over its scroller element: follows native scrolls
// through the scroll mapping, re-anchors when scrolling pauses, performs
// jumps, and decides which band of the grid is rendered.
// See: [Note: Gallery scrolling has no browser height cap]

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import {
  adaptToGeometry,
  followNativeScroll,
  jumpTo,
  needsReanchor,
  reanchor,
  reanchorIdleMs,
  scrollBy,
  scrollShift,
  type ScrollGeometry,
  type ScrollPosition,
} from "./scroll-mapping";

/** What the grid renders: rows of `[bandTopPx, bandBottomPx)` at `offset - shiftPx`. */
export interface RenderBand {
  shiftPx: number;
  bandTopPx: number;
  bandBottomPx: number;
}

/**
 * Rows are rendered one viewport above and below the visible one and the band
 * is renewed only when the view comes within half a viewport of its edge: a
 * fling frame rarely moves more than a screen, so rows are ready before they
 * show, and React renders about once per half screen scrolled, not per frame.
 */
const overscanViewports = 1;
const renewMarginViewports = 0.5;

function bandFor(position: ScrollPosition, viewportHeightPx: number): RenderBand {
  const overscan = Math.max(overscanViewports * viewportHeightPx, 200);
  return {
    shiftPx: scrollShift(position),
    bandTopPx: position.virtualTop - overscan,
    bandBottomPx: position.virtualTop + viewportHeightPx + overscan,
  };
}

function bandCovers(band: RenderBand, position: ScrollPosition, viewportHeightPx: number): boolean {
  const margin = renewMarginViewports * viewportHeightPx;
  return (
    band.shiftPx === scrollShift(position) &&
    band.bandTopPx <= Math.max(0, position.virtualTop - margin) &&
    band.bandBottomPx >= position.virtualTop + viewportHeightPx + margin
  );
}

/** Runs `callback` before the next frame (soon, where there are no frames). */
const scheduleFrame = (callback: () => void) => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(callback);
  else setTimeout(callback, 0);
};

export interface GridScroll {
  band: RenderBand;
  /** The current position (for event handlers; not for rendering). */
  position(): ScrollPosition;
  /**
   * Puts `virtualTop` at the top of the viewport; `in-commit` from a layout
   * effect (which renders before the frame is painted anyway).
   */
  jumpTo(virtualTop: number, timing?: "urgent" | "in-commit"): void;
  /** Moves by a small amount, 1:1 when the native range allows. */
  scrollBy(deltaPx: number): void;
  /** Listens for position changes, at most once per frame (the scrubber's indicator). */
  subscribe(listener: () => void): () => void;
}

export function useGridScroll(
  scroller: HTMLElement | null,
  geometry: ScrollGeometry,
  /** Changing it (another view) goes back to the top. */
  resetKey: unknown,
): GridScroll {
  const [band, setBand] = useState<RenderBand>(() =>
    bandFor({ nativeTop: 0, virtualTop: 0 }, geometry.viewportHeightPx),
  );
  const positionRef = useRef<ScrollPosition>({ nativeTop: 0, virtualTop: 0 });
  const scrollerRef = useRef<HTMLElement | null>(null);
  const geometryRef = useRef(geometry);
  const bandRef = useRef(band);
  const listenersRef = useRef(new Set<() => void>());
  const notifyScheduledRef = useRef(false);
  const reanchorTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const notify = useCallback(() => {
    if (notifyScheduledRef.current) return;
    notifyScheduledRef.current = true;
    scheduleFrame(() => {
      notifyScheduledRef.current = false;
      for (const listener of [...listenersRef.current]) listener();
    });
  }, []);

  /**
   * `urgent`: render before the frame is painted (a new shift moves every
   * row); `in-commit`: already inside a layout effect, which renders before
   * painting anyway; `deferred`: new rows of the overscan, when React can.
   */
  const updateBand = useCallback(
    (position: ScrollPosition, timing: "urgent" | "in-commit" | "deferred", force = false) => {
      const viewport = geometryRef.current.viewportHeightPx;
      const current = bandRef.current;
      if (!force && bandCovers(current, position, viewport)) return;
      const next = bandFor(position, viewport);
      bandRef.current = next;
      if (timing === "urgent") {
        flushSync(() => {
          setBand(next);
        });
      } else setBand(next);
    },
    [],
  );

  /** Moves to `next`, setting the scroller's native position in the same task as the rows. */
  const apply = useCallback(
    (next: ScrollPosition, timing: "urgent" | "in-commit" = "urgent", force = false) => {
      positionRef.current = next;
      updateBand(next, timing, force);
      const element = scrollerRef.current;
      if (element !== null && element.scrollTop !== next.nativeTop) {
        element.scrollTop = next.nativeTop;
        // The browser may round or clamp; the scroll event it sends then moves nothing.
        positionRef.current = { ...next, nativeTop: element.scrollTop };
      }
      notify();
    },
    [updateBand, notify],
  );

  useLayoutEffect(() => {
    scrollerRef.current = scroller;
    if (scroller !== null) apply(positionRef.current, "in-commit");
  }, [scroller, apply]);

  useLayoutEffect(() => {
    geometryRef.current = geometry;
    apply(adaptToGeometry(geometry, positionRef.current), "in-commit", true);
  }, [geometry, apply]);

  useLayoutEffect(() => {
    apply(jumpTo(geometryRef.current, 0), "in-commit");
  }, [resetKey, apply]);

  useEffect(() => {
    if (scroller === null) return;
    const onScroll = () => {
      const native = scrollerRef.current?.scrollTop ?? 0;
      const previous = positionRef.current;
      if (native === previous.nativeTop) return;
      const next = followNativeScroll(geometryRef.current, previous, native);
      positionRef.current = next;
      updateBand(next, scrollShift(next) !== scrollShift(previous) ? "urgent" : "deferred");
      notify();
      clearTimeout(reanchorTimerRef.current);
      reanchorTimerRef.current = setTimeout(() => {
        if (needsReanchor(geometryRef.current, positionRef.current)) {
          apply(reanchor(geometryRef.current, positionRef.current));
        }
      }, reanchorIdleMs);
    };
    scroller.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      scroller.removeEventListener("scroll", onScroll);
      clearTimeout(reanchorTimerRef.current);
    };
  }, [scroller, apply, updateBand, notify]);

  return useMemo<GridScroll>(
    () => ({
      band,
      position: () => positionRef.current,
      jumpTo: (virtualTop, timing = "urgent") => {
        apply(jumpTo(geometryRef.current, virtualTop), timing);
      },
      scrollBy: (deltaPx) => {
        apply(scrollBy(geometryRef.current, positionRef.current, deltaPx));
      },
      subscribe: (listener) => {
        listenersRef.current.add(listener);
        return () => {
          listenersRef.current.delete(listener);
        };
      },
    }),
    [band, apply],
  );
}
