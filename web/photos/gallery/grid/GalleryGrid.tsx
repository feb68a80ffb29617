import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from "react";
import { useAtomValue } from "jotai";
import { useIntl } from "react-intl";
import type { GalleryClient } from "../../../common/library/gallery-client";
import type {
  GalleryItem,
  GalleryViewSnapshot,
} from "../../../../workers/gallery/gallery-contract";
import {
  clear,
  hasSelection,
  isDaySelected,
  rangeBounds,
  selectDay,
  selectRange,
  toggle,
  type GallerySelection,
} from "../selection/gallery-selection";
import { fileIDsInRange } from "../selection/range-ids";
import type { ThumbnailStore } from "../thumbnails/thumbnail-store";
import { DateScrubber } from "./DateScrubber";
import { DayHeader } from "./DayHeader";
import { GridTile, type TileClick } from "./GridTile";
import {
  buildGridLayout,
  firstItemAtOffset,
  gridColumnsForWidth,
  itemRowTopPx,
  mobileBreakpointPx,
  packedDayMarginsPx,
  rowOfItem,
  type GridLayout,
} from "./grid-layout";
import { bandContent } from "./grid-band";
import { isGridNavigationKey, nextFocusIndex } from "./grid-navigation";
import { ItemWindowCache } from "./item-window-cache";
import { gridTileShapeAtom } from "./grid-tile-shape";
import { buildJustifiedLayout } from "./justified-layout";
import { dayStartsOf, LightTileRow, tileRowStyle, tileWidthsOf } from "./LightTileRow";
import { largeStepViewports, nativeHeight } from "./scroll-mapping";
import { useElementSize } from "./use-element-size";
import { useFling } from "./use-fling";
import { useGridScroll, type GridScroll } from "./use-grid-scroll";
import { useGridZoom } from "./use-grid-zoom";
import { dayHeaderTopPx, dayIndexAtTop, type GridTravel } from "./grid-travel";
import { useRowBuilding } from "./use-row-building";
import { useTodayKey } from "./use-today-key";
import "./gallery-grid.css";

export interface GalleryGridProps {
  client: Pick<GalleryClient, "viewWindow" | "thumbnails">;
  snapshot: GalleryViewSnapshot;
  thumbnails: ThumbnailStore;
  selection: GallerySelection;
  onSelectionChange: (next: GallerySelection) => void;
  onOpenItem: (index: number, item: GalleryItem) => void;
  /** Brings this index into view whenever it changes (e.g. the viewer closed on it). */
  scrollToIndex?: number | undefined;
  /** Shown instead of the grid when the view has no items. */
  emptyState?: ReactNode;
  /** Fast travel from the month overview. See: [Note: The month overview travels the grid] */
  travel?: Ref<GridTravel> | undefined;
  /** A zoom out past the smallest tiles: the month overview opens. */
  onZoomOutPastSmallest?: (() => void) | undefined;
}

/** The same columns and tile shape: the rows stand where they stood. */
const sameGeometry = (a: GridLayout, b: GridLayout): boolean =>
  a.columns === b.columns &&
  (a.rowTable === undefined) === (b.rowTable === undefined) &&
  (a.rowTable === undefined || a.contentWidthPx === b.contentWidthPx);

/** Room on the right for the date scrubber on wide screens; on a phone it floats over the tiles. */
const scrubberGutterPx = 40;
/** Space after the last row, so the oldest tiles do not touch the window's edge. */
const bottomPaddingPx = 24;

interface Latest {
  client: GalleryGridProps["client"];
  viewID: number;
  selection: GallerySelection;
  onSelectionChange: GalleryGridProps["onSelectionChange"];
  onOpenItem: GalleryGridProps["onOpenItem"];
  layout: GridLayout;
  cache: ItemWindowCache;
  scroll: GridScroll;
  viewportHeightPx: number;
}

/**
 * [Note: The grid is laid out once its width is known]
 *
 * The scroller's size is measured in the commit of the grid's first render
 * (its ref), so that render has a width of 0. Laid out for it, a view came
 * out at one column of zero-sized tiles (94,500 rows for 91,500 items in
 * 3,000 days), and the rows at its top were rendered, all on the way to the
 * first screen and thrown away by the next render, which has the width (in
 * the same task: an update made in a ref's commit renders before paint).
 * Until the width is known the grid lays out nothing.
 */
const unmeasuredLayout = buildGridLayout({ days: [], columns: 1, tileSizePx: 0 });

/**
 * The gallery's grid of the open view: day headers and square tiles,
 * virtualized over a scroll mapping without a height cap, with selection,
 * keyboard navigation and a date scrubber.
 * See: [Note: Gallery scrolling has no browser height cap]
 */
export function GalleryGrid({
  client,
  snapshot,
  thumbnails,
  selection,
  onSelectionChange,
  onOpenItem,
  scrollToIndex,
  emptyState,
  travel,
  onZoomOutPastSmallest,
}: GalleryGridProps) {
  const intl = useIntl();
  const [scrollerRef, size, scroller] = useElementSize<HTMLDivElement>();
  const todayKey = useTodayKey();
  const gutterPx = size.widthPx > mobileBreakpointPx ? scrubberGutterPx : 0;
  const zoomLevel = useGridZoom(scroller, onZoomOutPastSmallest);
  const { columns, tileSizePx } = gridColumnsForWidth(size.widthPx - gutterPx, zoomLevel);
  const tileShape = useAtomValue(gridTileShapeAtom);
  const layout = useMemo(
    () =>
      // See: [Note: The grid is laid out once its width is known]
      size.widthPx === 0
        ? unmeasuredLayout
        : tileShape === "own-shape"
          ? buildJustifiedLayout({
              days: snapshot.days,
              aspectRatios: snapshot.aspectRatios,
              columns,
              contentWidthPx: size.widthPx - gutterPx,
              targetHeightPx: tileSizePx,
            })
          : buildGridLayout({ days: snapshot.days, columns, tileSizePx }),
    [snapshot.days, snapshot.aspectRatios, columns, tileSizePx, tileShape, size.widthPx, gutterPx],
  );
  const geometry = useMemo(
    () => ({
      virtualHeightPx: layout.totalHeightPx + bottomPaddingPx,
      viewportHeightPx: size.heightPx,
    }),
    [layout.totalHeightPx, size.heightPx],
  );
  const scroll = useGridScroll(scroller, geometry, snapshot.viewID);
  // See: [Note: Zooming the grid changes its columns]
  const laidOutRef = useRef<GridLayout | undefined>(undefined);
  useLayoutEffect(() => {
    const before = laidOutRef.current;
    laidOutRef.current = layout;
    if (before === undefined || sameGeometry(before, layout)) return;
    // New columns or shapes (a zoom, a resize, another tile shape): the first photo on screen stays on screen, at the top.
    const { virtualTop } = scroll.position();
    if (virtualTop <= 0 || before.itemCount === 0) return;
    scroll.jumpTo(itemRowTopPx(layout, firstItemAtOffset(before, virtualTop)), "in-commit");
  }, [layout, scroll]);
  const cache = useMemo(
    () => new ItemWindowCache(client, snapshot.viewID),
    [client, snapshot.viewID],
  );
  useSyncExternalStore(cache.subscribe, cache.getRevision, cache.getRevision);

  const { band } = scroll;
  const { rows, firstTile, endTile, firstNeeded, endNeeded } = bandContent(
    layout,
    band.bandTopPx,
    band.bandBottomPx,
  );
  useEffect(() => {
    if (endNeeded > firstNeeded) cache.ensure(firstNeeded, endNeeded, snapshot.version);
  }, [cache, firstNeeded, endNeeded, snapshot.version]);

  // See: [Note: A fling fetches no thumbnails]
  const flinging = useFling(scroll, thumbnails, size.heightPx);

  // See: [Note: A frame builds a bounded number of tiles]
  const buildPlan = useRowBuilding(rows, scroll.position().virtualTop, size.heightPx, flinging);

  const [focusIndex, setFocusIndex] = useState(0);
  const focusPendingRef = useRef(false);

  const latestRef = useRef<Latest | undefined>(undefined);
  useLayoutEffect(() => {
    latestRef.current = {
      client,
      viewID: snapshot.viewID,
      selection,
      onSelectionChange,
      onOpenItem,
      layout,
      cache,
      scroll,
      viewportHeightPx: size.heightPx,
    };
  });

  // See: [Note: The month overview travels the grid]
  useImperativeHandle(
    travel,
    (): GridTravel => ({
      topDayIndex: () => {
        const latest = latestRef.current;
        if (latest === undefined) return undefined;
        return dayIndexAtTop(latest.layout, latest.scroll.position().virtualTop);
      },
      jumpToDay: (dayIndex, { focusFirstItem }) => {
        const latest = latestRef.current;
        const day = latest?.layout.days[dayIndex];
        if (latest === undefined || day === undefined) return;
        latest.scroll.jumpTo(dayHeaderTopPx(latest.layout, dayIndex));
        if (!focusFirstItem) return;
        focusPendingRef.current = true;
        setFocusIndex(day.firstIndex);
      },
    }),
    [],
  );

  const selectRangeTo = useCallback(async (index: number, base: GallerySelection) => {
    const latest = latestRef.current;
    if (latest === undefined) return;
    const { startIndex, endIndex } = rangeBounds(base, index);
    const ids = await fileIDsInRange(latest.client, latest.viewID, startIndex, endIndex, (i) =>
      latest.cache.item(i),
    );
    const now = latestRef.current ?? latest;
    now.onSelectionChange(
      selectRange({ ...now.selection, anchorIndex: base.anchorIndex }, index, ids),
    );
  }, []);

  const onClickTile = useCallback(
    (index: number, item: GalleryItem, click: TileClick) => {
      const latest = latestRef.current;
      if (latest === undefined) return;
      setFocusIndex(index);
      const { selection: current } = latest;
      if (click.range && current.anchorIndex !== undefined) {
        void selectRangeTo(index, current);
      } else if (click.toggle || click.range || hasSelection(current)) {
        latest.onSelectionChange(toggle(current, index, item.id));
      } else {
        latest.onOpenItem(index, item);
      }
    },
    [selectRangeTo],
  );

  const onSelectDay = useCallback(async (dayIndex: number) => {
    const latest = latestRef.current;
    const day = latest?.layout.days[dayIndex];
    if (latest === undefined || day === undefined) return;
    const ids = await fileIDsInRange(
      latest.client,
      latest.viewID,
      day.firstIndex,
      day.firstIndex + day.count - 1,
      (i) => latest.cache.item(i),
    );
    const now = latestRef.current ?? latest;
    now.onSelectionChange(selectDay(now.selection, ids));
  }, []);
  const onSelectDayClick = useCallback(
    (dayIndex: number) => {
      void onSelectDay(dayIndex);
    },
    [onSelectDay],
  );

  const onFocusTile = useCallback((index: number) => {
    setFocusIndex(index);
  }, []);

  /** Scrolls the least needed to show the item's row (with its day header for a day's first row). */
  const bringIntoView = useCallback((index: number, centre: boolean) => {
    const latest = latestRef.current;
    if (latest === undefined) return;
    const position = rowOfItem(latest.layout, index);
    if (position === undefined) return;
    const { row } = position;
    const viewport = latest.viewportHeightPx;
    const { virtualTop } = latest.scroll.position();
    const headerPx = row.firstAfterHeader ? latest.layout.headerHeightPx : 0;
    const top = row.offsetPx - headerPx;
    const bottom = row.offsetPx + row.heightPx;
    let target: number;
    if (top >= virtualTop && bottom <= virtualTop + viewport) return;
    if (centre) target = row.offsetPx - (viewport - row.heightPx) / 2;
    else target = top < virtualTop ? top : bottom - viewport;
    if (Math.abs(target - virtualTop) <= largeStepViewports * viewport) {
      latest.scroll.scrollBy(target - virtualTop);
    } else latest.scroll.jumpTo(target);
  }, []);

  // Move DOM focus to the roving tile once it is rendered (after a key moved it).
  useLayoutEffect(() => {
    if (!focusPendingRef.current || scroller === null) return;
    const tile = scroller.querySelector<HTMLElement>(`[data-index="${String(focusIndex)}"]`);
    if (tile === null) return;
    focusPendingRef.current = false;
    tile.focus({ preventScroll: true });
  });

  const appliedScrollToIndexRef = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (scrollToIndex === undefined || size.heightPx === 0) return;
    if (appliedScrollToIndexRef.current === scrollToIndex) return;
    appliedScrollToIndexRef.current = scrollToIndex;
    bringIntoView(scrollToIndex, true);
  }, [scrollToIndex, size.heightPx, layout, bringIntoView]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const onTile = event.target instanceof HTMLElement && event.target.dataset.index !== undefined;
    if (isGridNavigationKey(event.key)) {
      if (layout.itemCount === 0) return;
      event.preventDefault();
      const next = nextFocusIndex(layout, focusIndex, event.key, size.heightPx);
      if (event.shiftKey) {
        const base =
          selection.anchorIndex === undefined
            ? { ...selection, anchorIndex: focusIndex }
            : selection;
        void selectRangeTo(next, base);
      }
      focusPendingRef.current = true;
      setFocusIndex(next);
      bringIntoView(next, false);
      return;
    }
    if (event.key === "Escape" && hasSelection(selection)) {
      event.preventDefault();
      onSelectionChange(clear());
      return;
    }
    if (!onTile) return;
    const item = cache.item(focusIndex);
    if (item === undefined) return;
    if (event.key === "Enter") {
      event.preventDefault();
      onOpenItem(focusIndex, item);
    } else if (event.key === " ") {
      event.preventDefault();
      onSelectionChange(toggle(selection, focusIndex, item.id));
    }
  };

  if (snapshot.totalCount === 0 && emptyState !== undefined) {
    return <div className="gallery-grid gallery-grid--empty">{emptyState}</div>;
  }

  const selecting = hasSelection(selection);
  const noMargins = new Map<number, number>();
  const dayMargins = (row: (typeof rows)[number] & { kind: "tiles" }) =>
    row.runs.length > 1 ? packedDayMarginsPx(layout, row) : noMargins;
  const tabbableIndex = focusIndex >= firstTile && focusIndex < endTile ? focusIndex : firstTile;
  const shift = band.shiftPx;
  const dayChecked = (dayIndex: number) => {
    const day = layout.days[dayIndex];
    if (!selecting || day === undefined) return false;
    const ids = Array.from({ length: day.count }, (_, i) => cache.item(day.firstIndex + i)?.id);
    return isDaySelected(selection, ids);
  };

  return (
    <div className="gallery-grid" data-testid="gallery-grid">
      <div className="gallery-grid__scroller" ref={scrollerRef} data-testid="gallery-scroller">
        <div
          className="gallery-grid__spacer"
          role="grid"
          aria-label={intl.formatMessage({ id: "gallery.grid.label" })}
          aria-multiselectable="true"
          aria-rowcount={layout.rowCount}
          aria-colcount={layout.columns}
          style={{ height: nativeHeight(geometry) }}
          onKeyDown={onKeyDown}
        >
          {rows.map((row) =>
            row.kind === "header" ? (
              <div
                key={`day-${row.day.day}`}
                role="row"
                aria-rowindex={row.rowIndex + 1}
                className="gallery-grid__row gallery-grid__row--header"
                style={{
                  transform: `translateY(${String(row.offsetPx - shift)}px)`,
                  height: row.heightPx,
                  right: gutterPx,
                  columnGap: layout.dayGapPx,
                }}
              >
                {row.headings.map((heading) => (
                  <DayHeader
                    key={heading.day.day}
                    day={heading.day}
                    dayIndex={heading.dayIndex}
                    widthPx={heading.widthPx}
                    packed={heading.packed}
                    todayKey={todayKey}
                    checked={dayChecked(heading.dayIndex)}
                    selecting={selecting}
                    onSelectDay={onSelectDayClick}
                  />
                ))}
              </div>
            ) : !buildPlan.built.has(row.rowIndex) ? (
              <LightTileRow
                key={`light-${String(buildPlan.lightSlots.get(row.rowIndex) ?? row.rowIndex)}`}
                rowIndex={row.rowIndex}
                topPx={row.offsetPx - shift}
                heightPx={row.heightPx}
                rightPx={gutterPx}
                dayStarts={dayStartsOf(row.firstIndex, packedDayMarginsPx(layout, row))}
                tileCount={row.count}
                tileSizePx={row.tileHeightPx}
                tileWidths={tileWidthsOf(row.tileWidthsPx)}
              />
            ) : (
              <div
                key={`row-${String(row.rowIndex)}`}
                role="row"
                aria-rowindex={row.rowIndex + 1}
                className="gallery-grid__row"
                style={tileRowStyle({
                  topPx: row.offsetPx - shift,
                  heightPx: row.heightPx,
                  rightPx: gutterPx,
                  tileSizePx: row.tileHeightPx,
                })}
              >
                {Array.from({ length: row.count }, (_, i) => {
                  const index = row.firstIndex + i;
                  const item = cache.item(index);
                  return (
                    <GridTile
                      // By index: a tile keeps its element (and focus) when its item arrives.
                      key={index}
                      index={index}
                      item={item}
                      widthPx={row.tileWidthsPx?.[i] ?? row.tileHeightPx}
                      heightPx={row.tileHeightPx}
                      dayMarginPx={dayMargins(row).get(index)}
                      selected={item !== undefined && selection.fileIDs.has(item.id)}
                      selecting={selecting}
                      tabbable={index === tabbableIndex}
                      thumbnails={thumbnails}
                      onClickTile={onClickTile}
                      onFocusTile={onFocusTile}
                    />
                  );
                })}
              </div>
            ),
          )}
        </div>
      </div>
      {layout.itemCount > 0 && (
        <DateScrubber layout={layout} trackHeightPx={size.heightPx} scroll={scroll} />
      )}
    </div>
  );
}
