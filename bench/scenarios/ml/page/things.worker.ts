// The things detector (human's CenterNet on tfjs's wasm backend, as the ML
// worker loads it) over the fixture photos, each decoded as the ML worker
// decodes a photo (the browser codec: createImageBitmap, OffscreenCanvas).
// Decoding and detection are timed apart. Exposed by vite-plugin-comlink.

import { browserImageCodec } from "../../../../workers/media/image/browser-image-codec";
import { bitmapRGBA, modelImages } from "../../../../workers/ml/image-pixels";
import { loadBrowserThingsTagger } from "../../../../workers/ml/things/browser-things-tagger";
import {
  type ThingsPass,
  type ThingsThroughput,
  fixturesFolder,
  thingsPasses,
} from "../parameters";

const fixtureBytes = async (name: string): Promise<Uint8Array> => {
  const response = await fetch(`/${fixturesFolder}/${encodeURIComponent(name)}`);
  if (!response.ok) throw new Error(`${name} answered HTTP ${String(response.status)}`);
  return new Uint8Array(await response.arrayBuffer());
};

const pixelSource = { codec: browserImageCodec, rgba: bitmapRGBA };

export const thingsThroughput = async (names: string[]): Promise<ThingsThroughput> => {
  const photos = await Promise.all(names.map(fixtureBytes));
  const tagger = await loadBrowserThingsTagger();
  try {
    const [first] = photos;
    if (first === undefined) throw new Error("No photos to tag");
    // Untimed: the backend's and the graph's first run (kernel set-up).
    await tagger.tag((await modelImages(pixelSource, first)).things);
    const passes: ThingsPass[] = [];
    let labels: string[][] = [];
    for (let pass = 0; pass < thingsPasses; pass++) {
      let decodeMs = 0;
      let tagMs = 0;
      labels = [];
      for (const bytes of photos) {
        const decodeStart = performance.now();
        // Both models' pixels, as the ML worker makes them for indexing.
        const images = await modelImages(pixelSource, bytes);
        const tagStart = performance.now();
        const tags = await tagger.tag(images.things);
        const end = performance.now();
        decodeMs += tagStart - decodeStart;
        tagMs += end - tagStart;
        labels.push(tags.map(({ label }) => label));
      }
      passes.push({ images: photos.length, decodeMs, tagMs });
    }
    return { passes, labels };
  } finally {
    tagger.dispose();
  }
};
