// The offline basemap (Natural Earth's countries, 1:50m, from world-atlas)
// drawn into 256-pixel raster tiles on the page, a few per frame.
//
// [Note: The offline basemap is drawn as tiles, a few per frame]
//
// Drawn as one vector layer, the world's countries are redrawn whole each
// time the map comes to rest: 70–250 ms frames on a two-core machine, every
// drag's end (the `map` bench). As tiles, each is drawn once, kept by
// OpenLayers' tile cache, reused across zooms while the next ones are drawn,
// and drawn from a queue that stops after `frameBudgetMs` each frame, so a
// move never holds the page for more than a few milliseconds. Shapes are
// projected once to Web Mercator, rings unwrapped across the antimeridian
// (world-atlas stitches Russia and Fiji across it) and tried at a world's
// offset either side; each tile draws only the shapes whose box it meets.

import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import type { MultiLineString, Position } from "geojson";
import TileLayer from "ol/layer/Tile";
import ImageTile from "ol/source/ImageTile";
import countriesURL from "world-atlas/countries-50m.json?url";
import { log } from "../../common/log/log";

/** Web Mercator's half width, in metres. */
const halfWorldMetres = 20037508.342789244;
const tileSizePx = 256;
/** Tiles deeper than this are magnified: the 1:50m data has no finer detail. */
const deepestTileZoom = 12;
/** How long the queue draws per frame before it lets the frame go. */
const frameBudgetMs = 6;

export interface OfflineBasemapColours {
  land: string;
  border: string;
  coast: string;
}

/** Rings (x0, y0, x1, y1, … in metres) and their box. */
interface Shape {
  rings: Float64Array[];
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

const mercatorY = (latitude: number) => {
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, latitude));
  return (Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) / Math.PI) * halfWorldMetres;
};

/** A ring or line in metres, its longitudes made continuous past ±180°. */
const projected = (positions: readonly Position[]): Float64Array => {
  const flat = new Float64Array(positions.length * 2);
  let offset = 0;
  let previous = positions[0]?.[0] ?? 0;
  positions.forEach(([longitude = 0, latitude = 0], i) => {
    if (longitude - previous > 180) offset -= 360;
    else if (longitude - previous < -180) offset += 360;
    previous = longitude;
    flat[2 * i] = ((longitude + offset) / 180) * halfWorldMetres;
    flat[2 * i + 1] = mercatorY(latitude);
  });
  return flat;
};

const shapeOf = (rings: Float64Array[]): Shape => {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const ring of rings) {
    for (let i = 0; i < ring.length; i += 2) {
      const x = ring[i] ?? 0;
      const y = ring[i + 1] ?? 0;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return { rings, minX, minY, maxX, maxY };
};

interface World {
  land: Shape[];
  borders: Shape[];
}

const loadWorld = async (): Promise<World> => {
  const response = await fetch(countriesURL);
  if (!response.ok) throw new Error(`The offline basemap answered ${String(response.status)}`);
  const topology = (await response.json()) as Topology<{ countries: GeometryCollection }>;
  const countries = topology.objects.countries;
  const land: Shape[] = [];
  for (const country of feature(topology, countries).features) {
    const geometry = country.geometry;
    const polygons =
      geometry.type === "Polygon"
        ? [geometry.coordinates]
        : geometry.type === "MultiPolygon"
          ? geometry.coordinates
          : [];
    for (const polygon of polygons) land.push(shapeOf(polygon.map(projected)));
  }
  const lines: MultiLineString = mesh(topology, countries, (a, b) => a !== b);
  const borders = lines.coordinates.map((line) => shapeOf([projected(line)]));
  return { land, borders };
};

interface TileRequest {
  z: number;
  x: number;
  y: number;
  signal: AbortSignal;
  resolve: (tile: ImageBitmap) => void;
  reject: (reason: unknown) => void;
}

const drawTile = (
  world: World,
  colours: OfflineBasemapColours,
  { z, x, y }: Pick<TileRequest, "z" | "x" | "y">,
): OffscreenCanvas => {
  const canvas = new OffscreenCanvas(tileSizePx, tileSizePx);
  const context = canvas.getContext("2d");
  if (context === null) return canvas;
  const tileMetres = (2 * halfWorldMetres) / 2 ** z;
  const minX = -halfWorldMetres + x * tileMetres;
  const maxY = halfWorldMetres - y * tileMetres;
  const maxX = minX + tileMetres;
  const minY = maxY - tileMetres;
  const scale = tileSizePx / tileMetres;
  // Lines a pixel wide at every zoom.
  const pixelMetres = 1 / scale;
  const lineWidth = pixelMetres;

  const trace = (shapes: readonly Shape[], closed: boolean): boolean => {
    let any = false;
    for (const worldOffset of [-2 * halfWorldMetres, 0, 2 * halfWorldMetres]) {
      for (const shape of shapes) {
        if (
          shape.maxX + worldOffset < minX ||
          shape.minX + worldOffset > maxX ||
          shape.maxY < minY ||
          shape.minY > maxY
        ) {
          continue;
        }
        any = true;
        for (const ring of shape.rings) {
          let lastX = ring[0] ?? 0;
          let lastY = ring[1] ?? 0;
          context.moveTo(lastX + worldOffset, lastY);
          for (let i = 2; i < ring.length; i += 2) {
            const x = ring[i] ?? 0;
            const y = ring[i + 1] ?? 0;
            // Vertices closer than a pixel to the last one drawn add nothing
            // but drawing time (a far-out tile holds whole coastlines).
            if (Math.abs(x - lastX) < pixelMetres && Math.abs(y - lastY) < pixelMetres) continue;
            context.lineTo(x + worldOffset, y);
            lastX = x;
            lastY = y;
          }
          if (closed) context.closePath();
          else if (lastX !== ring[ring.length - 2] || lastY !== ring[ring.length - 1]) {
            context.lineTo((ring[ring.length - 2] ?? 0) + worldOffset, ring[ring.length - 1] ?? 0);
          }
        }
      }
    }
    return any;
  };

  context.setTransform(scale, 0, 0, -scale, -minX * scale, maxY * scale);
  context.lineJoin = "round";
  context.lineWidth = lineWidth;
  context.beginPath();
  if (trace(world.land, true)) {
    context.fillStyle = colours.land;
    context.fill("evenodd");
    context.strokeStyle = colours.coast;
    context.stroke();
  }
  context.beginPath();
  if (trace(world.borders, false)) {
    context.strokeStyle = colours.border;
    context.stroke();
  }
  return canvas;
};

/** The offline basemap's layer; its shapes are fetched and projected on the first tile. */
export const offlineBasemapLayer = (colours: OfflineBasemapColours): TileLayer => {
  let world: Promise<World> | undefined;
  const queue: TileRequest[] = [];
  let drawing = false;

  const drawSome = async () => {
    const loaded = await (world ??= loadWorld());
    const started = performance.now();
    while (queue.length > 0 && performance.now() - started < frameBudgetMs) {
      const request = queue.shift();
      if (request === undefined) break;
      if (request.signal.aborted) {
        request.reject(request.signal.reason);
        continue;
      }
      // A bitmap: OpenLayers draws images, and reads anything else as data.
      request.resolve(drawTile(loaded, colours, request).transferToImageBitmap());
    }
    if (queue.length > 0) requestAnimationFrame(() => void drawQueued());
    else drawing = false;
  };
  const drawQueued = async () => {
    try {
      await drawSome();
    } catch (e) {
      // The shapes could not be had: every waiting tile fails, the next ask tries again.
      log.error("Could not draw the offline basemap", e);
      world = undefined;
      drawing = false;
      for (const request of queue.splice(0)) request.reject(e);
    }
  };

  const source = new ImageTile({
    loader: (z, x, y, { signal }) =>
      new Promise((resolve, reject) => {
        queue.push({ z, x, y, signal, resolve, reject });
        if (!drawing) {
          drawing = true;
          requestAnimationFrame(() => void drawQueued());
        }
      }),
    maxZoom: deepestTileZoom,
    wrapX: true,
    transition: 0,
  });
  return new TileLayer({ source, properties: { basemap: "offline" } });
};
