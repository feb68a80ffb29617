// The face indexer (BlazeFace and HSE-FaceRes on tfjs's wasm backend, as the
// ML worker loads them) over the face fixtures, each decoded as the ML
// worker decodes a photo (the browser codec: createImageBitmap,
// OffscreenCanvas) and indexed on CLIP's image, the photo at thumbnail size
// (1024 px at most on its long side), as the ML worker indexes faces.
// Decoding and indexing are timed apart. Also face clustering over seeded
// faces, its dot products on tfjs's wasm backend as the ML worker makes them.
// Exposed by vite-plugin-comlink.

import { browserImageCodec } from "../../../../workers/media/image/browser-image-codec";
import { loadBrowserFaceIndexer } from "../../../../workers/ml/faces/browser-face-indexer";
import { loadBrowserDotProducts } from "../../../../workers/ml/faces/browser-face-similarity";
import { bitmapRGBA, modelImages } from "../../../../workers/ml/image-pixels";
import { measureFaceClustering } from "../face-clustering-passes";
import {
  type FaceClusteringTimes,
  type FacesPass,
  type FacesThroughput,
  faceFixturesFolder,
  facesPasses,
} from "../parameters";

const fixtureBytes = async (name: string): Promise<Uint8Array> => {
  const response = await fetch(`/${faceFixturesFolder}/${encodeURIComponent(name)}`);
  if (!response.ok) throw new Error(`${name} answered HTTP ${String(response.status)}`);
  return new Uint8Array(await response.arrayBuffer());
};

const pixelSource = { codec: browserImageCodec, rgba: bitmapRGBA };

export const facesThroughput = async (names: string[]): Promise<FacesThroughput> => {
  const photos = await Promise.all(names.map(fixtureBytes));
  const indexer = await loadBrowserFaceIndexer();
  try {
    const [first] = photos;
    if (first === undefined) throw new Error("No photos to index");
    // Untimed: the backend's and both graphs' first run (kernel set-up).
    await indexer.detectFaces((await modelImages(pixelSource, first)).clip);
    const passes: FacesPass[] = [];
    let scores: number[][] = [];
    for (let pass = 0; pass < facesPasses; pass++) {
      let decodeMs = 0;
      let indexMs = 0;
      scores = [];
      for (const bytes of photos) {
        const decodeStart = performance.now();
        // Both models' pixels, as the ML worker makes them; faces take CLIP's.
        const images = await modelImages(pixelSource, bytes);
        const indexStart = performance.now();
        const faces = await indexer.detectFaces(images.clip);
        const end = performance.now();
        decodeMs += indexStart - decodeStart;
        indexMs += end - indexStart;
        scores.push(faces.map(({ score }) => score));
      }
      const faces = scores.reduce((sum, photoScores) => sum + photoScores.length, 0);
      passes.push({ photos: photos.length, faces, decodeMs, indexMs });
    }
    return { passes, scores };
  } finally {
    indexer.dispose();
  }
};

export const faceClustering = async (): Promise<FaceClusteringTimes> =>
  measureFaceClustering(await loadBrowserDotProducts());
