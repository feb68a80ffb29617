// Zoom and pan of the viewer's stage from the wheel, pinches, double clicks,
// drags and the +/− controls; one-finger drags when unzoomed are swipes.
// The rules are pure (zoom.ts, viewer-input.ts); this only reads events.

import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from "react";
import { swipeCommand } from "./viewer-input";
import {
  fittedSize,
  isZoomed,
  panBy,
  pinchScale,
  toggleZoomAt,
  unzoomed,
  wheelZoomFactor,
  zoomAt,
  zoomStepFactor,
  type Point,
  type Size,
  type ZoomState,
} from "./zoom";

export interface ZoomControls {
  zoom: ZoomState;
  /** The natural size of the shown media, once known (the image's pixels). */
  setNaturalSize: (size: Size) => void;
  zoomIn: () => void;
  zoomOut: () => void;
  reset: () => void;
  stageHandlers: {
    onDoubleClick: (event: ReactMouseEvent) => void;
    onPointerDown: (event: ReactPointerEvent) => void;
    onPointerMove: (event: ReactPointerEvent) => void;
    onPointerUp: (event: ReactPointerEvent) => void;
    onPointerCancel: (event: ReactPointerEvent) => void;
  };
}

const stageControls = "button, a, input, textarea, video[controls]";

interface Gesture {
  pointers: Map<number, Point>;
  /** Where the single pointer went down (for swipes). */
  start?: Point | undefined;
  pinch?: { distance: number; scale: number } | undefined;
}

const distanceOf = (points: Point[]): number => {
  const [a, b] = points;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
};

const midpointOf = (points: Point[]): Point => {
  const [a, b] = points;
  return a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : { x: 0, y: 0 };
};

/**
 * Zoom for the media shown under `resetKey` (the file ID: a new file starts
 * unzoomed). `zoomable` false (a video, a message) keeps it unzoomed but
 * still reports swipes.
 */
export function useZoom(
  stageRef: RefObject<HTMLElement | null>,
  resetKey: number | undefined,
  zoomable: boolean,
  onSwipe: (command: "previous" | "next") => void,
): ZoomControls {
  const [state, setState] = useState<{ key: number | undefined; zoom: ZoomState }>({
    key: resetKey,
    zoom: unzoomed,
  });
  const zoom = state.key === resetKey && zoomable ? state.zoom : unzoomed;
  const zoomRef = useRef(zoom);
  useLayoutEffect(() => {
    zoomRef.current = zoom;
  });
  const naturalRef = useRef<Size>({ width: 0, height: 0 });
  const gestureRef = useRef<Gesture>({ pointers: new Map() });

  const geometry = useCallback((): { viewport: Size; fitted: Size; centre: Point } => {
    const rect = stageRef.current?.getBoundingClientRect();
    const viewport = { width: rect?.width ?? 0, height: rect?.height ?? 0 };
    return {
      viewport,
      fitted: fittedSize(naturalRef.current, viewport),
      centre: {
        x: (rect?.left ?? 0) + viewport.width / 2,
        y: (rect?.top ?? 0) + viewport.height / 2,
      },
    };
  }, [stageRef]);

  const update = useCallback(
    (change: (current: ZoomState, g: ReturnType<typeof geometry>) => ZoomState) => {
      if (!zoomable) return;
      const g = geometry();
      const next = change(zoomRef.current, g);
      zoomRef.current = next;
      setState({ key: resetKey, zoom: next });
    },
    [geometry, resetKey, zoomable],
  );

  const relative = useCallback(
    (clientX: number, clientY: number): Point => {
      const { centre } = geometry();
      return { x: clientX - centre.x, y: clientY - centre.y };
    },
    [geometry],
  );

  // React's wheel listener is passive; zooming must stop the page from scrolling.
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || !zoomable) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const point = relative(event.clientX, event.clientY);
      update((current, g) =>
        zoomAt(
          current,
          current.scale * wheelZoomFactor(event.deltaY, event.deltaMode),
          point,
          g.fitted,
          g.viewport,
        ),
      );
    };
    stage.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      stage.removeEventListener("wheel", onWheel);
    };
  }, [stageRef, zoomable, relative, update]);

  const step = (factor: number) => {
    update((current, g) =>
      zoomAt(current, current.scale * factor, { x: 0, y: 0 }, g.fitted, g.viewport),
    );
  };

  const endPointer = (event: ReactPointerEvent) => {
    const gesture = gestureRef.current;
    const start = gesture.start;
    gesture.pointers.delete(event.pointerId);
    if (gesture.pointers.size < 2) gesture.pinch = undefined;
    if (gesture.pointers.size === 0) {
      gesture.start = undefined;
      if (start && event.type === "pointerup" && !isZoomed(zoomRef.current)) {
        const command = swipeCommand(event.clientX - start.x, event.clientY - start.y);
        if (command) onSwipe(command);
      }
    }
  };

  return {
    zoom,
    setNaturalSize: (size) => {
      naturalRef.current = size;
    },
    zoomIn: () => {
      step(zoomStepFactor);
    },
    zoomOut: () => {
      step(1 / zoomStepFactor);
    },
    reset: () => {
      update(() => unzoomed);
    },
    stageHandlers: {
      onDoubleClick: (event) => {
        const point = relative(event.clientX, event.clientY);
        update((current, g) => toggleZoomAt(current, point, g.fitted, g.viewport));
      },
      onPointerDown: (event) => {
        // Controls on the stage (previous/next, zoom, live, the video's own bar) keep their pointers.
        if (event.target instanceof Element && event.target.closest(stageControls) !== null) return;
        const gesture = gestureRef.current;
        const point = { x: event.clientX, y: event.clientY };
        gesture.pointers.set(event.pointerId, point);
        if (gesture.pointers.size === 1) gesture.start = point;
        if (gesture.pointers.size === 2) {
          gesture.start = undefined;
          gesture.pinch = {
            distance: distanceOf([...gesture.pointers.values()]),
            scale: zoomRef.current.scale,
          };
        }
        // Keep receiving the drag when it leaves the image.
        if (event.pointerType !== "mouse" || isZoomed(zoomRef.current)) {
          event.currentTarget.setPointerCapture(event.pointerId);
        }
      },
      onPointerMove: (event) => {
        const gesture = gestureRef.current;
        const previous = gesture.pointers.get(event.pointerId);
        if (!previous) return;
        const point = { x: event.clientX, y: event.clientY };
        gesture.pointers.set(event.pointerId, point);
        const { pinch } = gesture;
        if (pinch) {
          const points = [...gesture.pointers.values()];
          const mid = midpointOf(points);
          const scale = pinchScale(pinch.scale, pinch.distance, distanceOf(points));
          update((current, g) =>
            zoomAt(current, scale, relative(mid.x, mid.y), g.fitted, g.viewport),
          );
        } else if (isZoomed(zoomRef.current)) {
          update((current, g) =>
            panBy(current, point.x - previous.x, point.y - previous.y, g.fitted, g.viewport),
          );
        }
      },
      onPointerUp: endPointer,
      onPointerCancel: endPointer,
    },
  };
}
