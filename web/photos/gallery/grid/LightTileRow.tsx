import { memo } from "react";
import { tileGapPx } from "./grid-layout";

export interface LightTileRowProps {
  rowIndex: number;
  /** The row's top in the spacer's (native) coordinates. */
  topPx: number;
  heightPx: number;
  /** Room kept free on the right (the date scrubber's gutter). */
  rightPx: number;
  columns: number;
  tileCount: number;
  tileSizePx: number;
}

/** The box of a tile row, built or light: where it stands and its columns. */
export function tileRowStyle({
  topPx,
  heightPx,
  rightPx,
  columns,
  tileSizePx,
}: Pick<LightTileRowProps, "topPx" | "heightPx" | "rightPx" | "columns" | "tileSizePx">) {
  return {
    transform: `translateY(${String(topPx)}px)`,
    height: heightPx,
    right: rightPx,
    gridTemplateColumns: `repeat(${String(columns)}, ${String(tileSizePx)}px)`,
    columnGap: tileGapPx,
  };
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
  columns,
  tileCount,
  tileSizePx,
}: LightTileRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={rowIndex + 1}
      aria-busy="true"
      className="gallery-grid__row gallery-grid__row--light"
      data-testid="gallery-row-light"
      style={tileRowStyle({ topPx, heightPx, rightPx, columns, tileSizePx })}
    >
      {Array.from({ length: tileCount }, (_, i) => (
        <span key={i} />
      ))}
    </div>
  );
});
