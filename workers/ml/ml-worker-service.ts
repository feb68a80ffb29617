import { ImageDecodeError, type ModelImages } from "./image-pixels";
import type {
  ClipCalls,
  FacesOfImage,
  IndexedImage,
  IndexImageResult,
  MLWorkerCalls,
} from "./ml-worker-contract";
import { oneAtATime, once } from "./clip/serial-work";
import type { ThingsTagger } from "./things/things-tagger";
import type { FaceIndexer } from "./faces/face-indexer";
import { type ClusterableFace, clusterFaces } from "./faces/face-clusters";
import {
  type FaceEngine,
  type FaceEngineName,
  builtInFaceEngine,
  faceEngineOfEmbeddingLength,
} from "./faces/face-engines";
import type { DotProducts } from "./faces/face-similarity";
import { perceptualHash, perceptualHashHex } from "../dedupe/perceptual-hash";

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
  /** The engine to find faces with (reads the models folder's status). See: [Note: Face engines] */
  chooseFaceEngine: () => Promise<FaceEngineName>;
  /** An engine's face detector and descriptor, loaded on the first face indexing. */
  loadFaceIndexer: (engine: FaceEngineName) => Promise<FaceIndexer>;
  /** Logs an error the worker recovers from. */
  logError?: ((message: string, cause: unknown) => void) | undefined;
  /** The clustering's dot products (tfjs in a worker), made on the first clustering. */
  loadDotProducts: () => Promise<DotProducts>;
  /** See `modelImages` (image-pixels.ts). */
  modelImages: (bytes: Uint8Array) => Promise<ModelImages>;
  /** See `faceCropJPEGs` (faces/face-crop-jpegs.ts). */
  faceCropJPEGs: MLWorkerCalls["cropFaces"];
}

export const createMLWorkerService = (deps: MLWorkerServiceDeps): MLWorkerCalls => {
  const queued = oneAtATime();
  const thingsTagger = once(deps.loadThingsTagger);
  let chosenFaceEngine: Promise<FaceEngineName> | undefined;
  const faceEngine = () => (chosenFaceEngine ??= deps.chooseFaceEngine());
  // The reference's models failing to load (a damaged file the status took
  // for ready) fall back to the built-in ones, for this worker's life.
  const faceIndexer = once(async () => {
    const engine = await faceEngine();
    try {
      return await deps.loadFaceIndexer(engine);
    } catch (error) {
      if (engine === builtInFaceEngine) throw error;
      deps.logError?.(`The face engine ${engine} did not load; the built-in one is used`, error);
      chosenFaceEngine = Promise.resolve(builtInFaceEngine);
      return deps.loadFaceIndexer(builtInFaceEngine);
    }
  });
  const dotProducts = once(deps.loadDotProducts);
  let clustersMade = 0;

  const indexOne = async (jpegBytes: Uint8Array): Promise<IndexedImage> => {
    const images = await deps.modelImages(jpegBytes);
    const { widthPx: width, heightPx: height } = images.size;
    const embedding = (await deps.clip().embedImages([images.clip]))?.[0];
    const things = await (await thingsTagger()).tag(images.things);
    // From CLIP's image: the thumbnail at its own size (up to 1024 px), as
    // the hash's threshold was measured. See: [Note: The perceptual hash is a DCT hash]
    const hash = perceptualHashHex(perceptualHash(images.clip));
    return embedding === undefined
      ? { things, width, height, perceptualHash: hash }
      : { clip: embedding, things, width, height, perceptualHash: hash };
  };

  const hashOne = async (jpegBytes: Uint8Array): Promise<string | undefined> => {
    try {
      return perceptualHashHex(perceptualHash((await deps.modelImages(jpegBytes)).clip));
    } catch (error) {
      if (error instanceof ImageDecodeError) return undefined;
      throw error;
    }
  };

  /** The faces of one photo, from CLIP's image: the thumbnail at its own size (up to 1024 px). */
  const facesOfOne = async (jpegBytes: Uint8Array): Promise<FacesOfImage | undefined> => {
    let images: ModelImages;
    try {
      images = await deps.modelImages(jpegBytes);
    } catch (error) {
      if (error instanceof ImageDecodeError) return undefined;
      throw error;
    }
    const faces = await (await faceIndexer()).detectFaces(images.clip);
    return { width: images.size.widthPx, height: images.size.heightPx, faces };
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
    hashImages: async (jpegs) => {
      const hashes: (string | undefined)[] = [];
      for (const jpegBytes of jpegs) hashes.push(await queued(() => hashOne(jpegBytes)));
      return hashes;
    },
    clusterFaces: (faces, previous) =>
      queued(async () => {
        const products = await dotProducts();
        const byEngine = new Map<FaceEngine, ClusterableFace[]>();
        for (const face of faces) {
          const engine = faceEngineOfEmbeddingLength(face.embedding.length);
          if (engine === undefined) continue;
          const ofEngine = byEngine.get(engine);
          if (ofEngine === undefined) byEngine.set(engine, [face]);
          else ofEngine.push(face);
        }
        const clusterIDByFaceID = new Map<string, string>();
        for (const [engine, ofEngine] of byEngine) {
          const clustering = clusterFaces(ofEngine, {
            previous,
            // Unique in this worker's life; the caller names clusters for good.
            newClusterID: () => `new${String((clustersMade += 1))}`,
            thresholds: engine.clustering,
            dotProducts: products,
          });
          for (const [faceID, clusterID] of clustering.clusterIDByFaceID) {
            clusterIDByFaceID.set(faceID, clusterID);
          }
        }
        return clusterIDByFaceID;
      }),
    // Not queued behind the models: a crop needs only the codec, and the
    // people pages wait for it.
    cropFaces: (jpegBytes, boxes) => deps.faceCropJPEGs(jpegBytes, boxes),
    faceEngine,
    detectFaces: async (jpegs) => {
      const found: (FacesOfImage | undefined)[] = [];
      for (const jpegBytes of jpegs) found.push(await queued(() => facesOfOne(jpegBytes)));
      return found;
    },
  };
};
