import { memo, type CSSProperties } from "react";
import { tileGapPx } from "./grid-layout";

export interface LightTileRowProps {
  rowIndex: number;
  /** The row's top in the spacer's (native) coordinates. */
  topPx: number;
  heightPx: number;
  /** Room kept free on the right (the date scrubber's gutter). */
  rightPx: number;
  /**
   * Where packed days start in the row and the space before each, as
   * `place:px` pairs (a string, so that a memoized light row compares it by
   * value). See: [Note: Small days share a row]
   */
  dayStarts: string;
  tileCount: number;
  /** The tiles' height, and their width where `tileWidths` gives none. */
  tileSizePx: number;
  /**
   * Each tile's width when tiles have their own shape, as comma-separated
   * pixels (a string, compared by value); empty for squares.
   * See: [Note: Rows of photos at their own shape]
   */
  tileWidths: string;
}

/** `tileWidths` of a row: its tiles' own widths, or empty for squares. */
export const tileWidthsOf = (widthsPx: readonly number[] | undefined): string =>
  widthsPx === undefined ? "" : widthsPx.map((px) => px.toFixed(2)).join(",");

/** `dayStarts` of a row from its packed-day margins by view index. */
export function dayStartsOf(firstIndex: number, marginsPx: ReadonlyMap<number, number>): string {
  return Array.from(marginsPx, ([index, px]) => `${String(index - firstIndex)}:${String(px)}`).join(
    ",",
  );
}

/** The box of a tile row, built or light: where it stands and how its tiles are spaced. */
export function tileRowStyle({
  topPx,
  heightPx,
  rightPx,
  tileSizePx,
}: Pick<LightTileRowProps, "topPx" | "heightPx" | "rightPx" | "tileSizePx">) {
  const style: CSSProperties & Record<`--${string}`, string> = {
    transform: `translateY(${String(topPx)}px)`,
    height: heightPx,
    right: rightPx,
    columnGap: tileGapPx,
    "--gallery-tile-size": `${String(tileSizePx)}px`,
  };
  return style;
}

/**
 * A tile row that is not built yet: bare squares in the colour of tiles
 * waiting for their thumbnails, with nothing to fetch, subscribe to or label.
 * Solid squares, not a gradient drawing them: a gradient costs five times the
 * raster work of a fling (measured).
 * See: [Note: A frame builds a bounded number of tiles]
 */
export const LightTileRow = memo(function LightTileRow({
  rowIndex,
  topPx,
  heightPx,
  rightPx,
  dayStarts,
  tileCount,
  tileSizePx,
  tileWidths,
}: LightTileRowProps) {
  const margins = new Map(
    dayStarts === ""
      ? []
      : dayStarts.split(",").map((pair) => pair.split(":").map(Number) as [number, number]),
  );
  const widths = tileWidths === "" ? undefined : tileWidths.split(",").map(Number);
  return (
    <div
      role="row"
      aria-rowindex={rowIndex + 1}
      aria-busy="true"
      className="gallery-grid__row gallery-grid__row--light"
      data-testid="gallery-row-light"
      style={tileRowStyle({ topPx, heightPx, rightPx, tileSizePx })}
    >
      {Array.from({ length: tileCount }, (_, i) => {
        const marginPx = margins.get(i);
        const widthPx = widths?.[i];
        return (
          <span
            key={i}
            style={
              marginPx === undefined && widthPx === undefined
                ? undefined
                : { marginInlineStart: marginPx, width: widthPx }
            }
          />
        );
      })}
    </div>
  );
});
