// Zoom gestures over an element as steps: ctrl+wheel, a trackpad pinch
// (which browsers send as ctrl+wheel) and two fingers on a touch screen. The
// grid zooms its tiles with them, the month overview closes on a zoom in.
// See: [Note: Zooming the grid changes its columns]

import { useEffect, useRef } from "react";
import { PinchZoom, WheelZoom, type ZoomStep } from "./zoom-gesture";

/** A wheel's delta in pixels, whatever unit it came in. */
const wheelDeltaPx = (event: WheelEvent): number =>
  event.deltaMode === WheelEvent.DOM_DELTA_LINE
    ? event.deltaY * 40
    : event.deltaMode === WheelEvent.DOM_DELTA_PAGE
      ? event.deltaY * 800
      : event.deltaY;

/** Calls `onStep` with each whole zoom step (+1 in, -1 out) made over `element`. */
export function useZoomGestures(
  element: HTMLElement | null,
  onStep: (step: Exclude<ZoomStep, 0>) => void,
): void {
  const onStepRef = useRef(onStep);
  useEffect(() => {
    onStepRef.current = onStep;
  });
  useEffect(() => {
    if (element === null) return;
    const zoom = (step: ZoomStep) => {
      if (step !== 0) onStepRef.current(step);
    };
    const wheel = new WheelZoom();
    const onWheel = (event: WheelEvent) => {
      // A plain wheel scrolls; with ctrl (or a pinch, which browsers send so) it zooms the element, not the page.
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
  }, [element]);
}
