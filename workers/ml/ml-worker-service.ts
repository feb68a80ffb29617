import { ImageDecodeError, type ModelImages } from "./image-pixels";
import type {
  ClipCalls,
  IndexedImage,
  IndexImageResult,
  MLWorkerCalls,
} from "./ml-worker-contract";
import { oneAtATime, once } from "./clip/serial-work";
import type { ThingsTagger } from "./things/things-tagger";

// The ML worker's calls over injected parts: CLIP (the worker's own over
// onnxruntime-web, or the desktop app's native one: see [Note: The desktop
// runs CLIP natively]), the things tagger (loaded on first use: a browser
// worker imports tfjs then), and the decoding of a photo into the models'
// pixels. The worker entry (`ml.worker.ts`) only builds this and exports its calls.

export interface MLWorkerServiceDeps {
  /** The CLIP in use now (it may change: the desktop's native one arrives after the worker starts). */
  clip: () => ClipCalls;
  /** The things tagger, loaded on the first tagging. */
  loadThingsTagger: () => Promise<ThingsTagger>;
  /** See `modelImages` (image-pixels.ts). */
  modelImages: (bytes: Uint8Array) => Promise<ModelImages>;
}

export const createMLWorkerService = (deps: MLWorkerServiceDeps): MLWorkerCalls => {
  const queued = oneAtATime();
  const thingsTagger = once(deps.loadThingsTagger);

  const indexOne = async (jpegBytes: Uint8Array): Promise<IndexedImage> => {
    const images = await deps.modelImages(jpegBytes);
    const { widthPx: width, heightPx: height } = images.size;
    const embedding = (await deps.clip().embedImages([images.clip]))?.[0];
    const things = await (await thingsTagger()).tag(images.things);
    return embedding === undefined
      ? { things, width, height }
      : { clip: embedding, things, width, height };
  };

  return {
    clipStatus: () => deps.clip().clipStatus(),
    embedImages: (images) => queued(() => deps.clip().embedImages(images)),
    embedText: (text) => queued(() => deps.clip().embedText(text)),
    tagThings: (images) =>
      queued(async () => {
        const tagger = await thingsTagger();
        const tags = [];
        for (const image of images) tags.push(await tagger.tag(image));
        return tags;
      }),
    indexImage: (jpegBytes) => queued(() => indexOne(jpegBytes)),
    indexImages: async (jpegs) => {
      const results: IndexImageResult[] = [];
      for (const jpegBytes of jpegs) {
        try {
          results.push({ ok: true, ...(await queued(() => indexOne(jpegBytes))) });
        } catch (error) {
          if (!(error instanceof ImageDecodeError)) throw error;
          results.push({ ok: false, errorName: error.name, message: error.message });
        }
      }
      return results;
    },
  };
};
