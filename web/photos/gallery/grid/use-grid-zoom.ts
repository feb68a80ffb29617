// The grid's zoom level: the device's (kept in local storage), changed by
// ctrl+wheel, a trackpad pinch or two fingers on a touch screen over the
// grid. See: [Note: Zooming the grid changes its columns]

import { atom, useAtomValue, useStore } from "jotai";
import { localStore } from "../../../common/storage/local-store";
import { clampGridZoom, gridZoomLevels } from "./grid-layout";
import { useZoomGestures } from "./use-zoom-gestures";

/** The zoom level of every grid of the tab. */
export const gridZoomAtom = atom(clampGridZoom(localStore.get("galleryZoom") ?? 0));

/**
 * The zoom level, following the gestures made over `element`. A zoom out
 * past the smallest level calls `onZoomOutPastSmallest` (the month overview
 * opens), as zooming out of a timeline does in photo apps.
 */
export function useGridZoom(
  element: HTMLElement | null,
  onZoomOutPastSmallest?: () => void,
): number {
  const store = useStore();
  useZoomGestures(element, (step) => {
    const current = store.get(gridZoomAtom);
    if (step < 0 && current <= gridZoomLevels.min) {
      onZoomOutPastSmallest?.();
      return;
    }
    const next = clampGridZoom(current + step);
    if (next === current) return;
    store.set(gridZoomAtom, next);
    localStore.set("galleryZoom", next);
  });
  return useAtomValue(gridZoomAtom);
}
