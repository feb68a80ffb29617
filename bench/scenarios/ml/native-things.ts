// A reference for the things detector: the same detector on the same tfjs
// wasm backend in Node (the tests' tagger), over the same photos decoded and
// scaled to the detector's 512×512 by ffmpeg (the media tests' codec). Only
// the detection is timed: it is the same WebAssembly on both sides, so the
// ratio shows what the browser's worker costs it, not a native limit (tfjs
// has no native backend among the project's dependencies).

import { readFile } from "node:fs/promises";
import path from "node:path";
import { createTestImageCodec } from "../../../workers/media/image/test-support/image-codec";
import { thingsInputSizePx } from "../../../workers/ml/image-pixels";
import { loadNodeThingsTagger } from "../../../workers/ml/things/test-support/node-things";
import type { ThingsImage } from "../../../workers/ml/things/things-tagger";
import { type ThroughputPass, thingsPasses } from "./parameters";

const codec = createTestImageCodec();

const detectorImage = async (file: string): Promise<ThingsImage> => {
  const decoded = await codec.decode(new Blob([await readFile(file)]));
  const size = { widthPx: thingsInputSizePx, heightPx: thingsInputSizePx };
  const scaled = await codec.resize(decoded, size);
  decoded.close();
  scaled.close();
  return { width: size.widthPx, height: size.heightPx, data: new Uint8ClampedArray(scaled.rgba) };
};

/** Every timed pass of the detector over `names` (files of `dir`), in Node. */
export const measureNodeThings = async (
  dir: string,
  names: readonly string[],
): Promise<ThroughputPass[]> => {
  const images = await Promise.all(names.map((name) => detectorImage(path.join(dir, name))));
  const { tagger } = await loadNodeThingsTagger();
  try {
    const [first] = images;
    if (first === undefined) throw new Error("No photos to tag");
    await tagger.tag(first); // untimed, as on the browser's side
    const passes: ThroughputPass[] = [];
    for (let pass = 0; pass < thingsPasses; pass++) {
      const start = performance.now();
      for (const image of images) await tagger.tag(image);
      passes.push({ images: images.length, ms: performance.now() - start });
    }
    return passes;
  } finally {
    tagger.dispose();
  }
};
