// The grid's zoom level: the device's (kept in local storage), changed by
// ctrl+wheel, a trackpad pinch or two fingers on a touch screen over the
// grid. See: [Note: Zooming the grid changes its columns]

import { atom, useAtomValue, useStore } from "jotai";
import { useEffect } from "react";
import { localStore } from "../../../common/storage/local-store";
import { clampGridZoom } from "./grid-layout";
import { PinchZoom, WheelZoom, type ZoomStep } from "./zoom-gesture";

/** The zoom level of every grid of the tab. */
export const gridZoomAtom = atom(clampGridZoom(localStore.get("galleryZoom") ?? 0));

/** A wheel's delta in pixels, whatever unit it came in. */
const wheelDeltaPx = (event: WheelEvent): number =>
  event.deltaMode === WheelEvent.DOM_DELTA_LINE
    ? event.deltaY * 40
    : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
      ? event.deltaY * 800
      : event.deltaY;

/** The zoom level, following the gestures made over `element`. */
export function useGridZoom(element: HTMLElement | null): number {
  const store = useStore();
  useEffect(() => {
    if (element === null) return;
    const zoom = (step: ZoomStep) => {
      if (step === 0) return;
      const next = clampGridZoom(store.get(gridZoomAtom) + step);
      if (next === store.get(gridZoomAtom)) return;
      store.set(gridZoomAtom, next);
      localStore.set("galleryZoom", next);
    };
    const wheel = new WheelZoom();
    const onWheel = (event: WheelEvent) => {
      // A plain wheel scrolls; with ctrl (or a pinch, which browsers send so) it zooms the grid, not the page.
      if (!event.ctrlKey) return;
      event.preventDefault();
      zoom(wheel.step(wheelDeltaPx(event), event.timeStamp));
    };
    const pinch = new PinchZoom();
    const touches = new Map<number, { x: number; y: number }>();
    const distance = () => {
      const [a, b] = [...touches.values()];
      return a === undefined || b === undefined ? 0 : Math.hypot(a.x - b.x, a.y - b.y);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.pointerType !== "touch") return;
      touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touches.size === 2) pinch.start(distance());
    };
    const onPointerMove = (event: PointerEvent) => {
      if (!touches.has(event.pointerId)) return;
      touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (touches.size === 2) zoom(pinch.move(distance()));
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!touches.delete(event.pointerId)) return;
      pinch.end();
    };
    element.addEventListener("wheel", onWheel, { passive: false });
    element.addEventListener("pointerdown", onPointerDown);
    element.addEventListener("pointermove", onPointerMove);
    element.addEventListener("pointerup", onPointerUp);
    element.addEventListener("pointercancel", onPointerUp);
    return () => {
      element.removeEventListener("wheel", onWheel);
      element.removeEventListener("pointerdown", onPointerDown);
      element.removeEventListener("pointermove", onPointerMove);
      element.removeEventListener("pointerup", onPointerUp);
      element.removeEventListener("pointercancel", onPointerUp);
    };
  }, [element, store]);
  return useAtomValue(gridZoomAtom);
}
