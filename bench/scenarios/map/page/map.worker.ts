// The map bench's library worker: the library's map calls as the app's
// library worker makes them (`createLibraryMap` over a `LibraryMapSource`),
// over 100,000 seeded located photos, and the gallery's `thumbnails` call
// answering generated JPEG thumbnails as data URLs (how the app's thumbnails
// reach the page. See: [Note: Thumbnails reach the page as data URLs]).
// Exposed by vite-plugin-comlink.

import type { ThumbnailURLResult } from "../../../../workers/gallery/gallery-contract";
import { createLibraryMap } from "../../../../workers/map/library-map";
import { locatedPhotosOf } from "../../../../workers/map/located-photos";
import type {
  MapCalls,
  MapMarkers,
  MapMarkersRequest,
  MapOverview,
  MapScope,
} from "../../../../workers/map/map-contract";
import { createMapIndex } from "../../../../workers/map/map-index";
import { seededRandom } from "../../../seed/plausible-files";
import { plausibleLocatedLibrary } from "../located-library";
import {
  type MapBenchPrepared,
  indexBuildRuns,
  locatedPhotoCount,
  thumbnailPictureCount,
  thumbnailSizePx,
} from "../parameters";

let calls: MapCalls | undefined;
/** The generated pictures as data URL pieces: base64 of each JPEG after its start marker. */
let pictures: { restB64: string; bytes: number }[] = [];

const ensureCalls = (): MapCalls => {
  if (calls === undefined) throw new Error("The map bench's worker was not prepared");
  return calls;
};

/** A photo-like picture: a sky and ground gradient, a sun, hills, some texture. */
const paintPicture = async (seed: number): Promise<Uint8Array> => {
  const random = seededRandom(seed);
  const { width, height } = thumbnailSizePx;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("No 2D context in the worker");
  const hue = Math.floor(random() * 360);
  const sky = context.createLinearGradient(0, 0, 0, height);
  sky.addColorStop(0, `hsl(${hue} 60% 70%)`);
  sky.addColorStop(1, `hsl(${(hue + 40) % 360} 50% 40%)`);
  context.fillStyle = sky;
  context.fillRect(0, 0, width, height);
  context.fillStyle = `hsl(${(hue + 180) % 360} 80% 60%)`;
  context.beginPath();
  context.arc(random() * width, random() * height * 0.4, 30 + random() * 60, 0, 2 * Math.PI);
  context.fill();
  for (let hill = 0; hill < 4; hill++) {
    context.fillStyle = `hsl(${(hue + 90 + hill * 20) % 360} 40% ${String(25 + hill * 8)}%)`;
    context.beginPath();
    context.moveTo(0, height);
    for (let x = 0; x <= width; x += 40) {
      context.lineTo(x, height * (0.5 + hill * 0.1) + Math.sin(x / 60 + random() * 6) * 30);
    }
    context.lineTo(width, height);
    context.fill();
  }
  // Texture, so the JPEG is as large as a photo's thumbnail, not a flat drawing's.
  for (let speck = 0; speck < 6000; speck++) {
    context.fillStyle = `rgba(${String(Math.floor(random() * 255))},${String(Math.floor(random() * 255))},${String(Math.floor(random() * 255))},0.25)`;
    context.fillRect(random() * width, random() * height, 3, 3);
  }
  const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.8 });
  return new Uint8Array(await blob.arrayBuffer());
};

const base64Of = (bytes: Uint8Array): string => {
  let binary = "";
  for (let index = 0; index < bytes.length; index++)
    binary += String.fromCharCode(bytes[index] ?? 0);
  return btoa(binary);
};

/** The JPEG start marker and a comment segment: 24 bytes, a whole number of base64 groups. */
const headerBytes = 24;
const commentBytes = headerBytes - 2 - 4;

/**
 * A file's thumbnail: one of the pictures with a JPEG comment naming the
 * file after its start marker, so every file's data URL differs and the
 * page decodes each one, as it does a library's distinct thumbnails. The
 * header is a multiple of 3 bytes, so its base64 joins the picture's
 * precomputed rest: answering costs the worker next to nothing, as the
 * bench's own work must not take the cores the map is measured on.
 */
const thumbnailURL = (fileID: number): string => {
  const picture = pictures[fileID % pictures.length];
  if (picture === undefined) throw new Error("No pictures generated");
  const comment = new TextEncoder().encode(`cairn ${String(fileID)}`.padEnd(commentBytes, " "));
  const header = new Uint8Array(headerBytes);
  header.set([0xff, 0xd8, 0xff, 0xfe, 0, commentBytes + 2], 0);
  header.set(comment.subarray(0, commentBytes), 6);
  return `data:image/jpeg;base64,${base64Of(header)}${picture.restB64}`;
};

export const prepare = async (): Promise<MapBenchPrepared> => {
  const generateStart = performance.now();
  const columns = plausibleLocatedLibrary(locatedPhotoCount);
  const generateMs = performance.now() - generateStart;
  const indexBuildMs: number[] = [];
  for (let run = 0; run < indexBuildRuns; run++) {
    const start = performance.now();
    createMapIndex(locatedPhotosOf(columns));
    indexBuildMs.push(performance.now() - start);
  }
  const jpegs = await Promise.all(
    Array.from({ length: thumbnailPictureCount }, (_, index) => paintPicture(index + 1)),
  );
  pictures = jpegs.map((jpeg) => ({ restB64: base64Of(jpeg.subarray(2)), bytes: jpeg.length }));
  calls = createLibraryMap({
    version: () => 1,
    libraryColumns: () => columns,
    albumFiles: () => undefined,
  });
  return {
    locatedCount: locatedPhotosOf(columns).count,
    generateMs,
    indexBuildMs,
    thumbnailBytes: pictures.map((picture) => picture.bytes),
  };
};

export const mapOverview = (scope: MapScope): Promise<MapOverview> =>
  ensureCalls().mapOverview(scope);

/** `mapMarkers`, with the time the worker spent on it. */
export const mapMarkersTimed = async (
  request: MapMarkersRequest,
): Promise<{ answer: MapMarkers; workerMs: number }> => {
  const start = performance.now();
  const answer = await ensureCalls().mapMarkers(request);
  return { answer, workerMs: performance.now() - start };
};

export const thumbnails = (fileIDs: readonly number[]): ThumbnailURLResult[] =>
  fileIDs.map((fileID) => ({ fileID, ok: true, url: thumbnailURL(fileID) }));
