// The map bench's page: the photos app's real `PhotoMap` at 1400×900 with
// the offline basemap, its markers from a worker running the library's map
// calls over 100,000 located photos, and their thumbnails through the
// gallery's `ThumbnailStore`. The driver (bench/scenarios/map/index.ts)
// moves the mouse; this page records the frames.

import { createRoot } from "react-dom/client";
import { IntlProvider } from "react-intl";
import OLMap from "ol/Map";
import type BaseLayer from "ol/layer/Base";
import { fromLonLat } from "ol/proj";
import messages from "../../../../locales/en-US.json";
import type { MapClient } from "../../../../web/common/library/map-client";
import "../../../../web/common/styles/global-styles";
import { ThumbnailStore } from "../../../../web/photos/gallery/thumbnails/thumbnail-store";
import { PhotoMap } from "../../../../web/photos/map/PhotoMap";
import "../../../../web/photos/map/map.css";
import type { MapBenchMarkerQuery, MapBenchPage, MapBenchRecording } from "../parameters";

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor stands alone.
const spawnLibraryWorker = () => {
  const worker = new ComlinkWorker<typeof import("./map.worker")>(
    new URL("./map.worker", import.meta.url),
    { type: "module", name: "map-bench-library" },
  );
  return worker;
};
const worker = spawnLibraryWorker();

/**
 * [Note: The map bench finds the map through `getSize`]
 *
 * `PhotoMap` keeps its OpenLayers map to itself. The driver needs where a
 * place is on screen (to zoom at a city with the wheel) and the zoom it
 * reached, so the page notes the map the first time its size is read (the
 * map reads it as it renders; `PhotoMap` before each marker query). It only
 * reads the map's view. (`on` would not do: OpenLayers' `Observable` sets it
 * on each instance.)
 */
let olMap: OLMap | undefined;
const mapPrototype = OLMap.prototype as unknown as { getSize: (...args: unknown[]) => unknown };
const readSize = mapPrototype.getSize;
const noteMap = (map: OLMap) => {
  if (olMap !== undefined) return;
  olMap = map;
  hideAskedLayers(map);
};
mapPrototype.getSize = function (this: OLMap, ...args: unknown[]) {
  noteMap(this);
  return readSize.apply(this, args);
};

/**
 * `?hide=basemap` or `?hide=markers` (`CAIRN_BENCH_MAP_HIDE`): that layer is
 * made invisible as it joins the map, to tell which layer a run's slow frames
 * come from. Not the app's map: such a run's figures are for finding where
 * time goes, not for comparing.
 */
function hideAskedLayers(map: OLMap) {
  const hidden = new URLSearchParams(location.search).get("hide");
  if (hidden === null) return;
  const hideIfAsked = (layer: BaseLayer) => {
    const isBasemap = layer.get("basemap") !== undefined;
    if (hidden === (isBasemap ? "basemap" : "markers")) layer.setVisible(false);
  };
  map.getLayers().forEach(hideIfAsked);
  map.getLayers().on("add", (event) => {
    hideIfAsked(event.element);
  });
}

const queries: MapBenchMarkerQuery[] = [];
const placedKeys = new Set<string>();
let mostMarkersPlaced = 0;
const client: MapClient = {
  mapOverview: (scope) => worker.mapOverview(scope),
  mapMarkers: async (request) => {
    const start = performance.now();
    const { answer, workerMs } = await worker.mapMarkersTimed(request);
    queries.push({
      roundTripMs: performance.now() - start,
      workerMs,
      zoom: request.zoom,
      markerCount: answer.markers.length,
    });
    for (const marker of answer.markers) placedKeys.add(marker.key);
    mostMarkersPlaced = Math.max(mostMarkersPlaced, answer.markers.length);
    return answer;
  },
};

let thumbnailsAsked = 0;
let thumbnailsAnswered = 0;
const thumbnails = new ThumbnailStore({
  thumbnails: async (fileIDs) => {
    thumbnailsAsked += fileIDs.length;
    const answers = await worker.thumbnails(fileIDs);
    thumbnailsAnswered += answers.filter((answer) => answer.ok).length;
    return answers;
  },
});

let mounted = false;
let recording: (MapBenchRecording & { running: boolean }) | undefined;

const page: MapBenchPage = {
  prepare: () => worker.prepare(),
  mount: () =>
    new Promise((resolve) => {
      const root = document.getElementById("root");
      if (root === null) throw new Error("No #root");
      document.body.style.margin = "0";
      root.className = "cairn-map";
      root.style.height = "100vh";
      createRoot(root).render(
        <IntlProvider locale="en-US" defaultLocale="en-US" messages={messages}>
          <div className="cairn-map__body">
            <PhotoMap
              client={client}
              scope={{}}
              basemap={{ kind: "offline" }}
              apiOrigin={location.origin}
              thumbnails={thumbnails}
              libraryVersion={1}
              onOverview={() => {
                mounted = true;
                resolve();
              }}
              onVisibleArea={() => undefined}
              onOpenPhotos={() => undefined}
            />
          </div>
        </IntlProvider>,
      );
    }),
  state: () => ({
    mounted,
    zoom: olMap?.getView().getZoom(),
    markerCount: Number(
      document.querySelector<HTMLElement>("[data-testid=photo-map]")?.dataset.markerCount ?? "0",
    ),
    basemapShown:
      olMap
        ?.getLayers()
        .getArray()
        .some((layer) => layer.get("basemap") === "offline") ?? false,
    thumbnailsAsked,
    thumbnailsAnswered,
    distinctMarkersPlaced: placedKeys.size,
    mostMarkersPlaced,
  }),
  pixelOf: (latitude, longitude) => {
    // Typed as always a pixel, it is null before the map's first frame.
    const pixel = olMap?.getPixelFromCoordinate(fromLonLat([longitude, latitude])) as
      number[] | null | undefined;
    return pixel === undefined || pixel === null ? undefined : [pixel[0] ?? 0, pixel[1] ?? 0];
  },
  markerQueries: () => queries,
  startRecording: () => {
    const started: MapBenchRecording & { running: boolean } = {
      intervalsMs: [],
      longTasksMs: [],
      running: true,
    };
    recording = started;
    const observer = new PerformanceObserver((list) => {
      if (!started.running) {
        observer.disconnect();
        return;
      }
      for (const entry of list.getEntries()) started.longTasksMs.push(entry.duration);
    });
    observer.observe({ type: "longtask" });
    let lastMs = performance.now();
    const tick = (nowMs: number) => {
      if (!started.running) return;
      started.intervalsMs.push(nowMs - lastMs);
      lastMs = nowMs;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  },
  stopRecording: () => {
    if (recording === undefined) return { intervalsMs: [], longTasksMs: [] };
    recording.running = false;
    const { intervalsMs, longTasksMs } = recording;
    return { intervalsMs, longTasksMs };
  },
};
window.cairnMapBench = page;
