import { useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from "react";
import { useIntl } from "react-intl";
import { dateOfDayKey } from "./day-label";
import { rowAt, rowIndexAtOffset, type GridLayout } from "./grid-layout";
import { offsetAtTrackFraction, scrubberMarks, type ScrubberMark } from "./scrubber-marks";
import type { GridScroll } from "./use-grid-scroll";

export interface DateScrubberProps {
  layout: GridLayout;
  /** The track spans the grid's viewport. */
  trackHeightPx: number;
  scroll: Pick<GridScroll, "position" | "subscribe" | "jumpTo">;
}

const clamp01 = (value: number) => Math.min(Math.max(value, 0), 1);

/** How the scrubber names a month: "June 2019". */
const monthFormat = { month: "long", year: "numeric" } as const;

/**
 * The date scrubber beside the grid: year and month marks placed by their
 * offset in the grid, a click or drag jumps there, a floating label names the
 * month under the pointer. As a slider it takes the keyboard: arrows move by
 * month, PageUp/PageDown by year, Home/End to either end.
 */
/** How close to an end of the track a pointer counts as that end: a comfortable target, a few px. */
const trackEndSnapPx = 6;

export function DateScrubber({ layout, trackHeightPx, scroll }: DateScrubberProps) {
  const intl = useIntl();
  const trackRef = useRef<HTMLDivElement>(null);
  const [pointerFraction, setPointerFraction] = useState<number | undefined>(undefined);
  const draggingRef = useRef(false);
  const pendingJumpRef = useRef<number | undefined>(undefined);
  const virtualTop = useSyncExternalStore(
    scroll.subscribe,
    () => scroll.position().virtualTop,
    () => 0,
  );

  const marks = useMemo(() => scrubberMarks(layout, trackHeightPx), [layout, trackHeightPx]);
  const monthStarts = useMemo(
    () => scrubberMarks(layout, trackHeightPx, 0),
    [layout, trackHeightPx],
  );

  const monthLabel = (dayKey: string) => intl.formatDate(dateOfDayKey(dayKey), monthFormat);
  const dayAtOffset = (offsetPx: number) =>
    rowAt(layout, rowIndexAtOffset(layout, offsetPx))?.day.day;

  const fractionAt = (clientY: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (rect === undefined || rect.height <= 0) return 0;
    // The track's ends snap to the newest and the oldest item: at a million
    // items one pixel of track is hundreds of rows, and a click at the very
    // bottom must reach the end, not the rows just above it.
    if (clientY - rect.top <= trackEndSnapPx) return 0;
    if (rect.bottom - clientY <= trackEndSnapPx) return 1;
    return clamp01((clientY - rect.top) / rect.height);
  };

  // Pointer moves come faster than frames while dragging: jump once per frame.
  const jumpToFraction = (fraction: number) => {
    const schedule = pendingJumpRef.current === undefined;
    pendingJumpRef.current = fraction;
    if (!schedule) return;
    const run = () => {
      const pending = pendingJumpRef.current;
      pendingJumpRef.current = undefined;
      if (pending !== undefined) scroll.jumpTo(offsetAtTrackFraction(layout, pending));
    };
    if (typeof requestAnimationFrame === "function") requestAnimationFrame(run);
    else run();
  };

  const jumpToMark = (direction: 1 | -1, kind: ScrubberMark["kind"] | "any") => {
    const top = scroll.position().virtualTop;
    const candidates = monthStarts.filter((mark) => kind === "any" || mark.kind === kind);
    // A little slack so a mark just jumped to counts as the current one.
    const slackPx = 1;
    const target =
      direction === 1
        ? candidates.find((mark) => mark.offsetPx > top + slackPx)
        : candidates.findLast((mark) => mark.offsetPx < top - slackPx);
    scroll.jumpTo(target?.offsetPx ?? (direction === 1 ? layout.totalHeightPx : 0));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, (() => void) | undefined> = {
      ArrowDown: () => {
        jumpToMark(1, "any");
      },
      ArrowUp: () => {
        jumpToMark(-1, "any");
      },
      PageDown: () => {
        jumpToMark(1, "year");
      },
      PageUp: () => {
        jumpToMark(-1, "year");
      },
      Home: () => {
        scroll.jumpTo(0);
      },
      End: () => {
        scroll.jumpTo(layout.totalHeightPx);
      },
    };
    const action = actions[event.key];
    if (action === undefined) return;
    event.preventDefault();
    action();
  };

  // The position moves every frame of a scroll; the marks and the month's
  // name only when the layout or the top day changes, so they are kept.
  const markElements = useMemo(
    () =>
      marks.map((mark) =>
        mark.kind === "year" ? (
          <span
            key={mark.day}
            className="date-scrubber__year"
            // Kept whole inside the track: the first year's label at 0 % would stand half above it.
            style={{ top: `clamp(0.5rem, ${String(mark.fraction * 100)}%, calc(100% - 0.5rem))` }}
          >
            {mark.day.slice(0, 4)}
          </span>
        ) : (
          <span
            key={mark.day}
            className="date-scrubber__month"
            style={{ top: `${String(mark.fraction * 100)}%` }}
          />
        ),
      ),
    [marks],
  );
  const maxTopPx = Math.max(1, layout.totalHeightPx - trackHeightPx);
  const percent = Math.round(clamp01(virtualTop / maxTopPx) * 100);
  const topDay = dayAtOffset(virtualTop);
  const topMonthLabel = useMemo(
    () => (topDay === undefined ? undefined : intl.formatDate(dateOfDayKey(topDay), monthFormat)),
    [topDay, intl],
  );
  const hoverDay =
    pointerFraction === undefined
      ? undefined
      : dayAtOffset(offsetAtTrackFraction(layout, pointerFraction));

  return (
    <div
      ref={trackRef}
      className="date-scrubber"
      data-testid="date-scrubber"
      role="slider"
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={intl.formatMessage({ id: "gallery.grid.scrubber" })}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={topMonthLabel}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        draggingRef.current = true;
        if (typeof event.currentTarget.setPointerCapture === "function") {
          event.currentTarget.setPointerCapture(event.pointerId);
        }
        const fraction = fractionAt(event.clientY);
        setPointerFraction(fraction);
        jumpToFraction(fraction);
      }}
      onPointerMove={(event) => {
        const fraction = fractionAt(event.clientY);
        setPointerFraction(fraction);
        if (draggingRef.current) jumpToFraction(fraction);
      }}
      onPointerUp={() => {
        draggingRef.current = false;
      }}
      onPointerCancel={() => {
        draggingRef.current = false;
      }}
      onPointerLeave={() => {
        if (!draggingRef.current) setPointerFraction(undefined);
      }}
    >
      {markElements}
      <span
        className="date-scrubber__position"
        // Whole inside the track at its ends too (it is centred on its place).
        style={{
          top: `clamp(1px, ${String(clamp01(virtualTop / Math.max(1, layout.totalHeightPx)) * 100)}%, calc(100% - 1px))`,
        }}
      />
      {hoverDay !== undefined && pointerFraction !== undefined && (
        <span
          className="date-scrubber__label"
          data-testid="date-scrubber-label"
          // [Note: The scrubber's label stays inside its track]
          //
          // Centred on the pointer, the label stood half below the track at
          // its bottom end, past the window's bottom: the page grew a
          // scrollbar, which narrowed the grid by its width; photos at their
          // own shape were laid out again for the new width, and the view,
          // anchored on its first photo, left the oldest item the click had
          // jumped to (the gallery bench saw it at 100,000 items). Its anchor
          // slides along it with the pointer instead: its top edge at the
          // track's top, its middle at the middle, its bottom edge at the
          // bottom.
          style={{
            top: `${String(pointerFraction * 100)}%`,
            transform: `translateY(${String(-pointerFraction * 100)}%)`,
          }}
        >
          {monthLabel(hoverDay)}
        </span>
      )}
    </div>
  );
}
