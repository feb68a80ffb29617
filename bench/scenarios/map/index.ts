// The `map` scenario (performance.md): the photos app's map (the real
// `PhotoMap`, offline basemap) over 100,000 located photos, panned across
// Europe with mouse drags and zoomed with the wheel from the world to a
// street of Paris and back, as a person does, while the page records every
// frame's interval. Figures: p50/p95/p99 frame and the share over 16.7 ms
// (bar: p95 ≤ 20 ms), the worker's index build for 100k points, the median
// marker query round trip and the markers drawn.

import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { Page } from "playwright-core";
import { build } from "vite";
import { comlink } from "vite-plugin-comlink";
import { launchChromium } from "../../../tests/e2e/test-support/chromium";
import { frameStats } from "../../lib/gallery-page";
import { percentile } from "../../lib/percentile";
import { serveDirectory } from "../../lib/static-server";
import {
  describeProfile,
  playwrightTracer,
  profiling,
  startTrace,
  stopTrace,
} from "../../lib/trace-profile";
import { benchBuildRoot, benchPageViteConfig } from "../../lib/vite-page-config";
import type { Figure, Ratio, Scenario, ScenarioContext, ScenarioResult } from "../../scenario";
import { drag, dragToMiddle, pointAt, sleep, stateOf, wheelTo } from "./gestures";
import {
  type MapBenchMarkerQuery,
  type MapBenchPrepared,
  type MapBenchRecording,
  type MapBenchState,
  locatedPhotoCount,
  mapViewport,
} from "./parameters";

const pageRoot = fileURLToPath(new URL("./page", import.meta.url));
const pageOutDir = path.join(benchBuildRoot, "map", "page");
/** Where `CAIRN_BENCH_PROFILE=1` writes the interaction's trace (opens in DevTools). */
const tracePath = path.join(benchBuildRoot, "map", "trace-map.json");

/** `CAIRN_BENCH_MAP_HIDE=basemap|markers`: that layer is hidden (a diagnosis, not the app's map). */
const hiddenLayer = process.env.CAIRN_BENCH_MAP_HIDE;

/** The bar: p95 frame time while panning and zooming. */
const p95FrameAtMostMs = 20;

/** Where the wheel zooms in: the library's home, dense down to its streets. */
const paris = { latitude: 48.8566, longitude: 2.3522 };
/** Where the pans start: the middle of Europe, at a zoom showing the continent's cities. */
const europe = { latitude: 49.5, longitude: 9 };
const europeZoom = 5.5;
/** Street level: a few streets across the 1400 px map. */
const streetZoom = 17.5;
/** Back out to the world. */
const worldZoom = 2.5;

/** After each gesture, frames are recorded this long: the markers' answer and thumbnails land in it. */
const settleMs = 600;

/** Drags across Europe: [from, to] in fractions of the map, each over `durationMs`. */
const drags: readonly { from: [number, number]; to: [number, number]; durationMs: number }[] = [
  { from: [0.75, 0.5], to: [0.25, 0.5], durationMs: 1000 },
  { from: [0.7, 0.5], to: [0.3, 0.45], durationMs: 900 },
  { from: [0.5, 0.25], to: [0.5, 0.75], durationMs: 800 },
  { from: [0.3, 0.6], to: [0.75, 0.4], durationMs: 1000 },
  { from: [0.25, 0.5], to: [0.8, 0.55], durationMs: 1100 },
  { from: [0.5, 0.75], to: [0.45, 0.2], durationMs: 900 },
  { from: [0.6, 0.3], to: [0.35, 0.7], durationMs: 1000 },
];

const median = (values: readonly number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

const buildPage = async (): Promise<void> => {
  const config = benchPageViteConfig(pageRoot, pageOutDir);
  // vite-plugin-comlink before the plugins that transform its constructors (as the apps).
  // A profiled run keeps names, so the trace's functions read as OpenLayers' and ours.
  await build({
    ...config,
    plugins: [comlink(), react()],
    build: { ...config.build, ...(profiling ? { minify: false } : {}) },
  });
};

/** Waits until the map has placed markers and its thumbnails stopped arriving (a settled screen). */
const settled = async (page: Page, timeoutMs: number): Promise<MapBenchState> => {
  const deadline = performance.now() + timeoutMs;
  let previous = -1;
  for (;;) {
    const state = await stateOf(page);
    const ready = state.markerCount > 0 && state.basemapShown && state.thumbnailsAnswered > 0;
    if (ready && state.thumbnailsAnswered === previous) return state;
    if (performance.now() > deadline) return state;
    previous = ready ? state.thumbnailsAnswered : -1;
    await sleep(400);
  }
};

interface Phase {
  name: string;
  recording: MapBenchRecording;
  durationMs: number;
}

/** Runs `gesture` while the page records frames, and `settleMs` after it. */
const recorded = async (page: Page, name: string, gesture: () => Promise<void>): Promise<Phase> => {
  await page.evaluate(() => {
    window.cairnMapBench?.startRecording();
  });
  const start = performance.now();
  await gesture();
  await sleep(settleMs);
  const recording = await page.evaluate(
    () => window.cairnMapBench?.stopRecording() ?? { intervalsMs: [], longTasksMs: [] },
  );
  return { name, recording, durationMs: performance.now() - start };
};

interface PassResult {
  prepared: MapBenchPrepared;
  /** Marker queries made while the map opened (the worker was still answering its first thumbnails). */
  queriesAtOpen: number;
  phases: Phase[];
  queries: MapBenchMarkerQuery[];
  state: MapBenchState;
  /** Zoom reached at the deepest and on the way back out, and the markers then. */
  streetZoomReached: number;
  streetMarkerCount: number;
  worldZoomReached: number;
  europeMarkerCount: number;
  pageErrors: string[];
  chromiumVersion: string;
}

const measure = async (context: ScenarioContext): Promise<PassResult> => {
  const { log } = context;
  log("building the bench page (PhotoMap, the library's map calls in a worker) with Vite");
  await buildPage();
  const server = await serveDirectory(pageOutDir);
  const browser = await launchChromium(context.chromiumPath);
  try {
    const page = await browser.newPage({ viewport: mapViewport });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    if (hiddenLayer !== undefined) log(`the ${hiddenLayer} layer is hidden (a diagnosis run)`);
    const query = hiddenLayer === undefined ? "" : `?hide=${encodeURIComponent(hiddenLayer)}`;
    await page.goto(`${server.origin}/index.html${query}`);
    await page.waitForFunction(() => window.cairnMapBench !== undefined);

    log(
      `generating ${String(locatedPhotoCount)} located photos and timing the index in the worker`,
    );
    const prepared = await page.evaluate(() => {
      const bench = window.cairnMapBench;
      if (bench === undefined) throw new Error("The map bench page has no API");
      return bench.prepare();
    });
    log(
      `index builds: ${prepared.indexBuildMs.map((ms) => ms.toFixed(0)).join(", ")} ms over ${String(prepared.locatedCount)} photos; thumbnails of ${(median(prepared.thumbnailBytes) / 1024).toFixed(0)} KiB`,
    );

    log("mounting the map (offline basemap) at the world view");
    await page.evaluate(() => window.cairnMapBench?.mount());
    const opened = await settled(page, 20_000);
    if (!opened.basemapShown || opened.markerCount === 0) {
      throw new Error(
        `The map did not open (${JSON.stringify(opened)}); page errors: ${pageErrors.join("; ") || "none"}`,
      );
    }
    log(
      `opened at zoom ${(opened.zoom ?? 0).toFixed(1)}: ${String(opened.markerCount)} markers, ${String(opened.thumbnailsAnswered)} thumbnails`,
    );

    const queriesAtOpen = (await page.evaluate(() => window.cairnMapBench?.markerQueries() ?? []))
      .length;
    if (profiling) await startTrace(playwrightTracer(browser), { withTimeline: true });
    const phases: Phase[] = [];
    log(`wheel to Europe (zoom ${String(europeZoom)})`);
    phases.push(
      await recorded(page, "zoom to Europe", async () => {
        await pointAt(page, europe);
        await wheelTo(page, europeZoom);
      }),
    );
    const europeMarkerCount = (await settled(page, 5_000)).markerCount;
    log(`panning across Europe: ${String(drags.length)} drags`);
    phases.push(
      await recorded(page, "pan Europe", async () => {
        for (const { from, to, durationMs } of drags) {
          await drag(
            page,
            [from[0] * mapViewport.width, from[1] * mapViewport.height],
            [to[0] * mapViewport.width, to[1] * mapViewport.height],
            durationMs,
          );
          // A person's hand goes back for the next drag.
          await sleep(250);
        }
        await dragToMiddle(page, paris);
      }),
    );
    await settled(page, 5_000);
    log(`wheel in at Paris to street level (zoom ${String(streetZoom)})`);
    phases.push(
      await recorded(page, "zoom in to a street", async () => {
        await pointAt(page, paris);
        await wheelTo(page, streetZoom);
      }),
    );
    const atStreet = await settled(page, 5_000);
    log(`wheel back out to the world (zoom ${String(worldZoom)})`);
    phases.push(
      await recorded(page, "zoom out to the world", async () => {
        // The pointer is still over Paris.
        await wheelTo(page, worldZoom);
      }),
    );
    const atWorld = await settled(page, 5_000);
    if (profiling) {
      const profile = await stopTrace(playwrightTracer(browser), tracePath);
      for (const line of describeProfile(profile)) log(line);
      log(`trace written to ${path.relative(process.cwd(), tracePath)}`);
    }

    const queries = await page.evaluate(() => window.cairnMapBench?.markerQueries() ?? []);
    const state = await stateOf(page);
    return {
      prepared,
      queriesAtOpen,
      phases,
      queries,
      state,
      streetZoomReached: atStreet.zoom ?? 0,
      streetMarkerCount: atStreet.markerCount,
      worldZoomReached: atWorld.zoom ?? 0,
      europeMarkerCount,
      pageErrors,
      chromiumVersion: browser.version(),
    };
  } finally {
    await browser.close();
    await server.close();
  }
};

const run = async (context: ScenarioContext): Promise<ScenarioResult> => {
  const pass = await measure(context);
  const { phases, queries, state, prepared } = pass;
  if (pass.pageErrors.length > 0) {
    throw new Error(`The map page failed: ${pass.pageErrors.join("; ")}`);
  }
  if (state.mostMarkersPlaced === 0 || pass.streetMarkerCount === 0) {
    throw new Error("The map drew no markers");
  }
  if (state.thumbnailsAnswered === 0) throw new Error("No marker thumbnail arrived");
  if (pass.streetZoomReached < streetZoom - 0.5) {
    throw new Error(`The wheel reached zoom ${pass.streetZoomReached.toFixed(1)}, not a street`);
  }
  if (pass.worldZoomReached > worldZoom + 0.5) {
    throw new Error(`The wheel went back out to zoom ${pass.worldZoomReached.toFixed(1)} only`);
  }

  const all = frameStats(phases.flatMap((phase) => phase.recording.intervalsMs));
  const byPhase = phases.map((phase) => ({
    name: phase.name,
    durationMs: phase.durationMs,
    longTasks: phase.recording.longTasksMs.length,
    longTaskMs: phase.recording.longTasksMs.reduce((total, ms) => total + ms, 0),
    ...frameStats(phase.recording.intervalsMs),
  }));
  for (const phase of byPhase) {
    context.log(
      `${phase.name}: ${String(phase.frames)} frames in ${(phase.durationMs / 1000).toFixed(1)} s, p50 ${phase.p50Ms.toFixed(1)} / p95 ${phase.p95Ms.toFixed(1)} / p99 ${phase.p99Ms.toFixed(1)} / max ${phase.maxMs.toFixed(0)} ms, ${(phase.overBudgetShare * 100).toFixed(1)}% over 16.7 ms, ${String(phase.longTasks)} long tasks (${phase.longTaskMs.toFixed(0)} ms)`,
    );
  }
  const longTasksMs = phases.flatMap((phase) => phase.recording.longTasksMs);
  // The queries of the moves and zooms: those of the map's opening waited
  // behind its first screen of thumbnails in the worker, a start-up cost.
  const moveQueries = queries.slice(pass.queriesAtOpen);
  if (moveQueries.length === 0) throw new Error("The map asked for no markers after a move");
  const roundTrips = moveQueries.map((query) => query.roundTripMs);
  const workerTimes = moveQueries.map((query) => query.workerMs);
  const pan = byPhase.find((phase) => phase.name === "pan Europe");
  const zooms = frameStats(
    phases
      .filter((phase) => phase.name !== "pan Europe")
      .flatMap((phase) => phase.recording.intervalsMs),
  );

  const figures: Figure[] = [
    { name: "frames while panning and zooming", value: all.frames, unit: "frames" },
    { name: "p50 frame", value: all.p50Ms, unit: "ms" },
    { name: "p95 frame", value: all.p95Ms, unit: "ms" },
    { name: "p99 frame", value: all.p99Ms, unit: "ms" },
    { name: "longest frame", value: all.maxMs, unit: "ms" },
    { name: "frames over 16.7 ms", value: all.overBudgetShare * 100, unit: "%" },
    { name: "pan Europe: p95 frame", value: pan?.p95Ms ?? 0, unit: "ms" },
    {
      name: "pan Europe: frames over 16.7 ms",
      value: (pan?.overBudgetShare ?? 0) * 100,
      unit: "%",
    },
    { name: "wheel zooms: p95 frame", value: zooms.p95Ms, unit: "ms" },
    { name: "wheel zooms: frames over 16.7 ms", value: zooms.overBudgetShare * 100, unit: "%" },
    { name: "long tasks (> 50 ms)", value: longTasksMs.length, unit: "tasks" },
    {
      name: "long tasks' time",
      value: longTasksMs.reduce((total, ms) => total + ms, 0),
      unit: "ms",
    },
    {
      name: `index build, ${String(prepared.locatedCount)} points (worker, median)`,
      value: median(prepared.indexBuildMs),
      unit: "ms",
    },
    { name: "marker query round trip (median)", value: median(roundTrips), unit: "ms" },
    {
      name: "marker query round trip (p95)",
      value: percentile(
        [...roundTrips].sort((a, b) => a - b),
        0.95,
      ),
      unit: "ms",
    },
    { name: "marker query in the worker (median)", value: median(workerTimes), unit: "ms" },
    { name: "marker queries after a move or zoom", value: moveQueries.length, unit: "calls" },
    { name: "most markers in one answer", value: state.mostMarkersPlaced, unit: "markers" },
    { name: "markers over Europe", value: pass.europeMarkerCount, unit: "markers" },
    { name: "markers at street level", value: pass.streetMarkerCount, unit: "markers" },
    { name: "distinct markers placed", value: state.distinctMarkersPlaced, unit: "markers" },
    { name: "marker thumbnails delivered", value: state.thumbnailsAnswered, unit: "thumbnails" },
  ];
  const ratios: Ratio[] = [
    {
      name: `p95 frame / ${String(p95FrameAtMostMs)} ms bar`,
      value: all.p95Ms / p95FrameAtMostMs,
      atMost: 1,
    },
  ];
  return {
    figures,
    ratios,
    raw: {
      chromiumVersion: pass.chromiumVersion,
      viewport: mapViewport,
      hiddenLayer: hiddenLayer ?? null,
      prepared,
      phases: byPhase,
      intervalsMs: phases.map((phase) => ({
        name: phase.name,
        intervalsMs: phase.recording.intervalsMs.map((ms) => Math.round(ms * 10) / 10),
      })),
      queries,
      queriesAtOpen: pass.queriesAtOpen,
      state,
      streetZoomReached: pass.streetZoomReached,
      worldZoomReached: pass.worldZoomReached,
    },
  };
};

export const mapScenario: Scenario = {
  name: "map",
  description:
    "the photos app's map over 100,000 located photos (offline basemap, markers from the library's worker, thumbnails through the store): drags across Europe and wheel zooms from the world to a street and back; every frame's interval",
  run,
};
