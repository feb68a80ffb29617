// How the map bench moves the map: as a person's mouse does, through
// playwright's input (real pointer and wheel events reach OpenLayers), with
// the page's API to find places on screen and the zoom reached.

import type { Page } from "playwright-core";
import { type MapBenchState, mapViewport } from "./parameters";

/**
 * A wheel notch: Chrome's 100 px. OpenLayers sums the notches of 80 ms and
 * zooms by a third of a level per notch, at most one level per burst.
 */
const wheelNotchPx = 100;
/** A brisk spin of the wheel: a notch every 50 ms. */
const wheelNotchGapMs = 50;
/** Notches at most per zoom gesture (a safety net: the zoom target ends it). */
const maxNotches = 150;
/** The mouse reports every 16 ms while dragging (a 60 Hz pointer). */
const dragStepMs = 16;

export const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

export const stateOf = (page: Page): Promise<MapBenchState> =>
  page.evaluate(() => {
    const bench = window.cairnMapBench;
    if (bench === undefined) throw new Error("The map bench page has no API");
    return bench.state();
  });

const zoomOf = async (page: Page): Promise<number> => (await stateOf(page)).zoom ?? 0;

const pixelOf = async (page: Page, place: { latitude: number; longitude: number }) => {
  const pixel = await page.evaluate(
    ({ latitude, longitude }) => window.cairnMapBench?.pixelOf(latitude, longitude),
    place,
  );
  if (pixel === undefined) throw new Error("The map is not on the page");
  return pixel;
};

/** Whether a pixel is on the map, off its edges by `marginPx`. */
const onMap = ([x, y]: readonly [number, number], marginPx: number) =>
  x >= marginPx &&
  y >= marginPx &&
  x <= mapViewport.width - marginPx &&
  y <= mapViewport.height - marginPx;

/**
 * Spins the wheel with the pointer where it is until the zoom passes
 * `targetZoom` (OpenLayers keeps the place under the pointer where it is).
 */
export const wheelTo = async (page: Page, targetZoom: number): Promise<number> => {
  const zoomingIn = targetZoom > (await zoomOf(page));
  let notches = 0;
  for (; notches < maxNotches; notches++) {
    const zoom = await zoomOf(page);
    if (zoomingIn ? zoom >= targetZoom : zoom <= targetZoom) break;
    await page.mouse.wheel(0, zoomingIn ? -wheelNotchPx : wheelNotchPx);
    await sleep(wheelNotchGapMs);
  }
  return notches;
};

/** Moves the pointer over `place`, which must be on the map. */
export const pointAt = async (page: Page, place: { latitude: number; longitude: number }) => {
  const pixel = await pixelOf(page, place);
  if (!onMap(pixel, 0)) throw new Error(`${JSON.stringify(place)} is not on the map`);
  await page.mouse.move(pixel[0], pixel[1]);
};

/**
 * Presses, moves along a straight line at the pace of `durationMs` (a move
 * every `dragStepMs` at most: the position follows the clock, so a slow
 * DevTools round trip sends fewer moves, not a slower drag), releases
 * (OpenLayers' kinetic pan follows).
 */
export const drag = async (
  page: Page,
  from: readonly [number, number],
  to: readonly [number, number],
  durationMs: number,
): Promise<void> => {
  await page.mouse.move(from[0], from[1]);
  await page.mouse.down();
  const start = performance.now();
  for (let step = 1; ; step++) {
    const along = Math.min(1, (performance.now() - start) / durationMs);
    await page.mouse.move(from[0] + (to[0] - from[0]) * along, from[1] + (to[1] - from[1]) * along);
    if (along === 1) break;
    const waitMs = start + step * dragStepMs - performance.now();
    if (waitMs > 0) await sleep(waitMs);
  }
  await page.mouse.up();
};

/** Drags `place` to the middle of the map, as a person brings a city into view (a few drags if far). */
export const dragToMiddle = async (page: Page, place: { latitude: number; longitude: number }) => {
  const middle: [number, number] = [mapViewport.width / 2, mapViewport.height / 2];
  for (let attempt = 0; attempt < 4; attempt++) {
    const [x, y] = await pixelOf(page, place);
    const offset = [middle[0] - x, middle[1] - y];
    if (Math.hypot(offset[0] ?? 0, offset[1] ?? 0) < 40) return;
    // One drag moves the map by at most most of its width and height.
    const reach = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
    const moveX = reach(offset[0] ?? 0, mapViewport.width * 0.4);
    const moveY = reach(offset[1] ?? 0, mapViewport.height * 0.4);
    await drag(
      page,
      [middle[0] - moveX / 2, middle[1] - moveY / 2],
      [middle[0] + moveX / 2, middle[1] + moveY / 2],
      // A slow, careful drag: it ends still, so no kinetic pan overshoots.
      1500,
    );
    await sleep(400);
  }
};
