// Whether the grid's view is flinging: thumbnails are held and no new rows
// are built until it slows down.
// See: [Note: A fling fetches no thumbnails]
// See: [Note: A frame builds a bounded number of tiles]

import { useEffect, useRef, useState } from "react";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { FlingDetector, flingHoldMs } from "./fling";
import type { GridScroll } from "./use-grid-scroll";

/** True from the second fast move of the view until `flingHoldMs` after the last. */
export function useFling(
  scroll: Pick<GridScroll, "subscribe" | "position">,
  thumbnails: Pick<ThumbnailStore, "holdRequests">,
  viewportHeightPx: number,
): boolean {
  // One detector and one end timer for the grid's life: `scroll` is renewed with every band.
  const [detector] = useState(() => new FlingDetector());
  const [flinging, setFlinging] = useState(false);
  const lastFastMsRef = useRef(0);
  const endTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    return scroll.subscribe(() => {
      const nowMs = performance.now();
      if (!detector.moved(scroll.position().virtualTop, nowMs, viewportHeightPx)) return;
      thumbnails.holdRequests(flingHoldMs);
      lastFastMsRef.current = nowMs;
      setFlinging(true);
      if (endTimerRef.current !== undefined) return;
      // One timer per fling, re-armed for what is left of the hold when it fires.
      const endWhenStill = () => {
        const leftMs = lastFastMsRef.current + flingHoldMs - performance.now();
        if (leftMs > 0) {
          endTimerRef.current = setTimeout(endWhenStill, leftMs);
          return;
        }
        endTimerRef.current = undefined;
        setFlinging(false);
      };
      endTimerRef.current = setTimeout(endWhenStill, flingHoldMs);
    });
  }, [scroll, thumbnails, viewportHeightPx, detector]);

  useEffect(
    () => () => {
      clearTimeout(endTimerRef.current);
      endTimerRef.current = undefined;
    },
    [],
  );
  return flinging;
}
