import type { Tfjs } from "./bundled-tfjs";
import { thingsAssetPaths } from "./things-assets";
import {
  type DetectionRow,
  type ThingTag,
  thingsScoreThreshold,
  thingsTagsFromDetections,
} from "./things-tags";
import { startWasmBackend } from "./tfjs-wasm-backend";
import { loadGraphModel } from "../graph-model";

// The things tagger: the COCO detector that ships in @vladmandic/human
// (CenterNet on MobileNetV3, a TF.js graph model of 4 MB), run on the tfjs
// human bundles, turning a photo's pixels into its tags (see things-tags.ts).
// It knows no host: tfjs, fetch and the origin serving the files are given,
// so it runs in a browser worker and in Node tests alike.
// See: [Note: The things detector uses the tfjs bundled in human]

/** Decoded pixels, 4 bytes a pixel (RGBA), rows top to bottom. */
export interface ThingsImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface ThingsTagger {
  /** The photo's tags, best first. */
  tag(image: ThingsImage): Promise<ThingTag[]>;
  /** Frees the model's weights (the backend stays, for a later tagger). */
  dispose(): void;
}

export interface ThingsTaggerOptions {
  tf: Tfjs;
  fetch: typeof globalThis.fetch;
  /** The origin serving `thingsAssetPaths` (the app's own). */
  origin: string;
  /** See: [Note: The things score threshold] */
  scoreThreshold?: number;
}

/** The image has no pixels or its buffer does not hold width × height × 4 bytes. */
export class ThingsImageError extends Error {
  override name = "ThingsImageError";
}

/**
 * The graph's fixed input, 1×512×512×3 (its signature): every image is
 * scaled to it, without keeping its shape, as human feeds it; the model
 * learned on COCO images scaled the same way.
 */
const detectorInputSize = 512;
/** The graph's output: 100 boxes of `[x1, y1, x2, y2, score, classIndex]`. */
const detectionsNode = "tower_0/detections";
const detectionRowLength = 6;

/** The model from its two files (a file that is not one throws `ModelFileError`). */
const loadDetector = ({ tf, fetch, origin }: ThingsTaggerOptions) =>
  loadGraphModel({
    tf,
    fetch,
    origin,
    jsonPath: thingsAssetPaths.modelJSON,
    weightsPath: thingsAssetPaths.modelWeights,
  });

/** RGB floats 0–255 (the detector's input range) of an RGBA image; alpha is dropped. */
const rgbFloats = ({ width, height, data }: ThingsImage): Float32Array => {
  const rgb = new Float32Array(width * height * 3);
  for (let pixel = 0, out = 0; pixel < data.length; pixel += 4, out += 3) {
    rgb[out] = data[pixel] ?? 0;
    rgb[out + 1] = data[pixel + 1] ?? 0;
    rgb[out + 2] = data[pixel + 2] ?? 0;
  }
  return rgb;
};

const ensureImage = ({ width, height, data }: ThingsImage) => {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new ThingsImageError(`An image of ${String(width)}×${String(height)} pixels`);
  }
  if (data.length !== width * height * 4) {
    throw new ThingsImageError(
      `${String(data.length)} bytes for ${String(width)}×${String(height)} RGBA pixels`,
    );
  }
};

const rowsOf = (values: Float32Array): DetectionRow[] => {
  const rows: DetectionRow[] = [];
  for (let i = 0; i + detectionRowLength <= values.length; i += detectionRowLength) {
    rows.push(Array.from(values.subarray(i, i + detectionRowLength)));
  }
  return rows;
};

/**
 * Starts tfjs's wasm backend (once) and loads the detector. Images of any
 * size are accepted; a thumbnail-sized one (the app's are 720 px at most)
 * is what indexing should hand over, as every image ends up 512×512.
 */
export const loadThingsTagger = async (options: ThingsTaggerOptions): Promise<ThingsTagger> => {
  const { tf, fetch: fetchImpl, origin, scoreThreshold = thingsScoreThreshold } = options;
  await startWasmBackend(tf, {
    fetch: fetchImpl,
    wasmDirURL: new URL(thingsAssetPaths.wasmDir, origin).href,
  });
  const model = await loadDetector(options);
  return {
    tag: async (image) => {
      ensureImage(image);
      const detections = tf.tidy(() => {
        const pixels = tf.tensor4d(rgbFloats(image), [1, image.height, image.width, 3], "float32");
        const input =
          image.width === detectorInputSize && image.height === detectorInputSize
            ? pixels
            : tf.image.resizeBilinear(pixels, [detectorInputSize, detectorInputSize]);
        return model.execute(input, detectionsNode) as ReturnType<Tfjs["tensor"]>;
      });
      try {
        const values = (await detections.data()) as Float32Array;
        return thingsTagsFromDetections(rowsOf(values), scoreThreshold);
      } finally {
        detections.dispose();
      }
    },
    dispose: () => {
      model.dispose();
    },
  };
};
