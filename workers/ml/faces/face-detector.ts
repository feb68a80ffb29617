import type { Tfjs } from "../things/bundled-tfjs";
import {
  type FaceDetection,
  blazeFaceAnchors,
  blazeFaceInputSize,
  blazeFaceRegressorCount,
  decodeBlazeFace,
  suppressOverlappingFaces,
} from "./blazeface-output";
import type { RGBAImage } from "./face-crop";
import { faceAssetPaths } from "./face-assets";
import { type GraphModel, ModelFileError, loadGraphModel } from "../graph-model";

// BlazeFace on tfjs: an image's faces, in its pixels. The image is
// letterboxed (scaled to fit 256×256 whole, keeping its shape, the rest
// black) rather than stretched as human does: a face stays the shape the
// model learned, and a portrait photo's faces are not squeezed sideways.

export interface FaceDetector {
  /** The faces scoring at least `minScore`, best first, without overlapping duplicates. */
  detect(image: RGBAImage, minScore: number): Promise<FaceDetection[]>;
  dispose(): void;
}

type Tensor = ReturnType<Tfjs["tensor"]>;

/** RGB floats 0–255 of an RGBA image; alpha is dropped. */
const rgbFloats = ({ width, height, data }: RGBAImage): Float32Array => {
  const rgb = new Float32Array(width * height * 3);
  for (let pixel = 0, out = 0; pixel < data.length; pixel += 4, out += 3) {
    rgb[out] = data[pixel] ?? 0;
    rgb[out + 1] = data[pixel + 1] ?? 0;
    rgb[out + 2] = data[pixel + 2] ?? 0;
  }
  return rgb;
};

/** The model's four outputs, told apart by shape: logits and regressors of 512 and 384 anchors. */
const outputsByAnchors = (outputs: Tensor[], anchors: number, lastDim: number): Tensor => {
  const found = outputs.find(
    (output) => output.shape[1] === anchors && output.shape[2] === lastDim,
  );
  if (found === undefined)
    throw new ModelFileError(`BlazeFace gave no ${String(anchors)}×${String(lastDim)} output`);
  return found;
};

export const loadFaceDetector = async (source: {
  tf: Tfjs;
  fetch: typeof globalThis.fetch;
  origin: string;
}): Promise<FaceDetector> => {
  const { tf } = source;
  const model: GraphModel = await loadGraphModel({
    ...source,
    jsonPath: faceAssetPaths.detectorJSON,
    weightsPath: faceAssetPaths.detectorWeights,
  });
  const anchors = blazeFaceAnchors();
  return {
    detect: async (image, minScore) => {
      const inputPxPerImagePx = blazeFaceInputSize / Math.max(image.width, image.height);
      const [logits, regressors] = tf.tidy(() => {
        const pixels = tf.tensor4d(rgbFloats(image), [1, image.height, image.width, 3], "float32");
        const scaledHeight = Math.max(1, Math.round(image.height * inputPxPerImagePx));
        const scaledWidth = Math.max(1, Math.round(image.width * inputPxPerImagePx));
        const scaled = tf.image.resizeBilinear(pixels, [scaledHeight, scaledWidth], false, true);
        const letterboxed = tf.pad(scaled, [
          [0, 0],
          [0, blazeFaceInputSize - scaledHeight],
          [0, blazeFaceInputSize - scaledWidth],
          [0, 0],
        ]);
        const input = tf.sub(tf.div(letterboxed, 127.5), 1);
        const outputs = model.execute(input) as Tensor[];
        // The model's order: the 16×16 grid's anchors (512), then the 8×8 grid's (384).
        return [
          tf.concat([outputsByAnchors(outputs, 512, 1), outputsByAnchors(outputs, 384, 1)], 1),
          tf.concat(
            [
              outputsByAnchors(outputs, 512, blazeFaceRegressorCount),
              outputsByAnchors(outputs, 384, blazeFaceRegressorCount),
            ],
            1,
          ),
        ];
      });
      try {
        const detections = decodeBlazeFace(
          {
            logits: (await logits.data()) as Float32Array,
            regressors: (await regressors.data()) as Float32Array,
          },
          anchors,
          { minScore, inputPxPerImagePx },
        );
        return suppressOverlappingFaces(detections);
      } finally {
        logits.dispose();
        regressors.dispose();
      }
    },
    dispose: () => {
      model.dispose();
    },
  };
};
