// Which of the band's tile rows are rendered built this frame, and a render
// in the next frame while some are left to build.
// See: [Note: A frame builds a bounded number of tiles]

import { useEffect, useState } from "react";
import type { GridRow } from "./grid-layout";
import { type RowBuildPlan, RowBuilder, tilesBuiltPerFrame } from "./row-builder";

export function useRowBuilding(
  rows: readonly GridRow[],
  viewTopPx: number,
  viewHeightPx: number,
  flinging: boolean,
): RowBuildPlan {
  const [builder] = useState(() => new RowBuilder());
  const [, setBuildFrame] = useState(0);
  const tileRows = rows.flatMap((row) =>
    row.kind === "tiles"
      ? [
          {
            rowIndex: row.rowIndex,
            offsetPx: row.offsetPx,
            heightPx: row.heightPx,
            tileCount: row.count,
          },
        ]
      : [],
  );
  const plan = builder.plan(
    tileRows,
    viewTopPx,
    viewTopPx + viewHeightPx,
    flinging ? 0 : tilesBuiltPerFrame,
  );
  // While flinging, the fling's end renders again.
  const buildNextFrame = plan.pending && !flinging;
  useEffect(() => {
    if (!buildNextFrame) return;
    const frame = requestAnimationFrame(() => {
      setBuildFrame((count) => count + 1);
    });
    return () => {
      cancelAnimationFrame(frame);
    };
  });
  return plan;
}
