import { describe, expect, it } from "vitest";
import {
  clampScale,
  clampZoom,
  fittedSize,
  maxZoomScale,
  panBy,
  panLimits,
  pinchScale,
  toggleZoomAt,
  unzoomed,
  wheelZoomFactor,
  zoomAt,
  type Size,
  type ZoomState,
} from "./zoom";

const viewport: Size = { width: 1000, height: 800 };
const fitted: Size = { width: 1000, height: 500 };

describe("clampScale", () => {
  it.each([
    [0.2, 1],
    [1, 1],
    [3, 3],
    [8, 8],
    [20, maxZoomScale],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
  ])("clamps %s to %s", (scale, expected) => {
    expect(clampScale(scale)).toBe(expected);
  });
});

describe("fittedSize", () => {
  it.each<[Size, Size, Size]>([
    [{ width: 4000, height: 3000 }, viewport, { width: 1000, height: 750 }],
    [{ width: 3000, height: 4000 }, viewport, { width: 600, height: 800 }],
    // Small media is enlarged a little, up to three times its pixels…
    [{ width: 200, height: 100 }, viewport, { width: 600, height: 300 }],
    // …and never past the viewport.
    [{ width: 500, height: 100 }, viewport, { width: 1000, height: 200 }],
    [{ width: 0, height: 100 }, viewport, { width: 0, height: 0 }],
  ])("fits %o into %o as %o", (natural, view, expected) => {
    expect(fittedSize(natural, view)).toEqual(expected);
  });
});

describe("panLimits", () => {
  it.each<[number, Size, { x: number; y: number }]>([
    [1, fitted, { x: 0, y: 0 }],
    [2, fitted, { x: 500, y: 100 }],
    [4, fitted, { x: 1500, y: 600 }],
    // A narrow image zoomed a little still fits across: no horizontal pan.
    [1.5, { width: 400, height: 800 }, { x: 0, y: 200 }],
  ])("at scale %s of %o allows %o", (scale, size, expected) => {
    expect(panLimits(scale, size, viewport)).toEqual(expected);
  });
});

describe("clampZoom", () => {
  it.each<[ZoomState, ZoomState]>([
    [{ scale: 1, x: 50, y: -50 }, unzoomed],
    [
      { scale: 2, x: 800, y: -300 },
      { scale: 2, x: 500, y: -100 },
    ],
    [
      { scale: 2, x: -200, y: 40 },
      { scale: 2, x: -200, y: 40 },
    ],
    [{ scale: 0.5, x: 10, y: 10 }, unzoomed],
    [
      { scale: 12, x: 0, y: 0 },
      { scale: 8, x: 0, y: 0 },
    ],
  ])("brings %o to %o", (state, expected) => {
    expect(clampZoom(state, fitted, viewport)).toEqual(expected);
  });
});

describe("zoomAt", () => {
  it("keeps the point under the pointer in place", () => {
    const point = { x: 200, y: 100 };
    const zoomed = zoomAt(unzoomed, 2, point, fitted, viewport);
    expect(zoomed).toEqual({ scale: 2, x: -200, y: -100 });
    // The media point that was under the pointer (200, 100) at scale 1 is there again.
    expect(zoomed.x + 2 * 200).toBe(200);
    expect(zoomed.y + 2 * 100).toBe(100);
  });

  it("zooms about the centre for buttons", () => {
    expect(zoomAt(unzoomed, 3, { x: 0, y: 0 }, fitted, viewport)).toEqual({ scale: 3, x: 0, y: 0 });
  });

  it("clamps the translation when zooming near an edge", () => {
    expect(zoomAt(unzoomed, 2, { x: 500, y: 400 }, fitted, viewport)).toEqual({
      scale: 2,
      x: -500,
      y: -100,
    });
  });

  it("returns to the centre when zoomed out to fitted", () => {
    expect(zoomAt({ scale: 3, x: 400, y: 200 }, 1, { x: 100, y: 0 }, fitted, viewport)).toEqual(
      unzoomed,
    );
  });
});

describe("panBy", () => {
  it.each<[ZoomState, number, number, ZoomState]>([
    [unzoomed, 100, 100, unzoomed],
    [{ scale: 2, x: 0, y: 0 }, 120, -30, { scale: 2, x: 120, y: -30 }],
    [{ scale: 2, x: 450, y: 90 }, 120, 30, { scale: 2, x: 500, y: 100 }],
    [{ scale: 2, x: -450, y: -90 }, -120, -30, { scale: 2, x: -500, y: -100 }],
  ])("moves %o by (%s, %s) to %o", (state, dx, dy, expected) => {
    expect(panBy(state, dx, dy, fitted, viewport)).toEqual(expected);
  });
});

describe("toggleZoomAt", () => {
  it("zooms in on a double click, and back out on the next", () => {
    const zoomed = toggleZoomAt(unzoomed, { x: 0, y: 0 }, fitted, viewport);
    expect(zoomed.scale).toBe(2.5);
    expect(toggleZoomAt(zoomed, { x: 0, y: 0 }, fitted, viewport)).toEqual(unzoomed);
  });
});

describe("wheelZoomFactor and pinchScale", () => {
  it.each([
    [-100, 0, true],
    [100, 0, false],
    [-3, 1, true],
  ])("deltaY %s (mode %s) zooms in: %s", (deltaY, mode, zoomsIn) => {
    expect(wheelZoomFactor(deltaY, mode) > 1).toBe(zoomsIn);
  });

  it("treats a line as 16 px", () => {
    expect(wheelZoomFactor(-3, 1)).toBeCloseTo(wheelZoomFactor(-48, 0));
  });

  it.each([
    [1, 100, 200, 2],
    [2, 100, 50, 1],
    [4, 100, 400, 8],
    [2, 0, 100, 2],
  ])("from scale %s, fingers %s → %s apart gives %s", (start, from, to, expected) => {
    expect(pinchScale(start, from, to)).toBe(expected);
  });
});
