import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import onnxProto from "onnx-proto";
import { faceDetectionModel, faceEmbeddingModel, type ModelFile } from "../../shared/api/models";
import {
  floatTensor,
  int64Tensor,
  intAttribute,
  intsAttribute,
  modelBytes,
  node,
  seedVector,
  valueInfo,
} from "./clip-test-models";

// [Note: Tiny face-shaped test models]
//
// The reference's face models (34 MB) cannot be downloaded on the test
// machines, so tests run the real inference path (the ONNX face indexer,
// onnxruntime-node, the models folder) on two generated models with the
// real ones' input and output names, types and ranks, a few KB each:
// - detector: uint8 `[height, width, 4]` named `input` → float32 `[N, 16]`
//   named `output`, the rows of `faceTestDetectorRows`: fixed, in the
//   640×640 letterboxed square's pixels, placed for two-people.jpg of the
//   fixtures at thumbnail size (1024×601, so the square holds it as 640×376
//   and the rows' y must be scaled back by 601/376): a face on each man, a
//   weaker copy of the first (which suppression removes), and a row scoring
//   under the threshold. The rows do not depend on the pixels (they are
//   added to 0 × the pixels' mean, so that the input is used): the
//   detector's job here is to exercise the decoding, the letterbox's undoing
//   and the suppression, not to find faces.
// - embedder: float32 `[n, 112, 112, 3]` named `img_inputs` → float32
//   `[n, 192]` named `embeddings`: each face's mean colour in each quarter
//   of the square (12 values) times a 12×192 matrix, through Sin, so that
//   different faces give different embeddings. The matrix is `Sin(a ⊗ b)`
//   of two short fixed vectors, made in the graph.
// Nothing here recognises anyone: these models check plumbing, not faces.

const proto = onnxProto.onnx;
const { DataType } = proto.TensorProto;

/** A detector row's fields. See: [Note: YOLOv5s-face letterboxes inside its graph] */
export interface TestFaceRow {
  centreX: number;
  centreY: number;
  width: number;
  height: number;
  score: number;
}

/** An upright face's 5 landmarks inside its box: eyes, nose, mouth corners. */
const rowOf = ({ centreX, centreY, width, height, score }: TestFaceRow): number[] => [
  centreX,
  centreY,
  width,
  height,
  score,
  centreX - 0.2 * width,
  centreY - 0.12 * height,
  centreX + 0.2 * width,
  centreY - 0.12 * height,
  centreX,
  centreY + 0.05 * height,
  centreX - 0.16 * width,
  centreY + 0.22 * height,
  centreX + 0.16 * width,
  centreY + 0.22 * height,
  1,
];

/**
 * The rows the test detector answers, in the 640×640 square's pixels. See:
 * [Note: Tiny face-shaped test models]
 */
export const faceTestDetectorRows: readonly TestFaceRow[] = [
  // Obama, on the left of two-people.jpg (his face at 0.28, 0.2 of the image).
  { centreX: 179, centreY: 75, width: 64, height: 80, score: 0.92 },
  // Biden, on the right (0.76, 0.18).
  { centreX: 486, centreY: 68, width: 60, height: 76, score: 0.88 },
  // The same face as the first, a little off and less sure: suppressed.
  { centreX: 182, centreY: 77, width: 62, height: 78, score: 0.85 },
  // Under the reference's 0.7: not a face.
  { centreX: 400, centreY: 300, width: 50, height: 50, score: 0.6 },
];

/** The test detector, answering `rows` (tests of many faces give theirs). See: [Note: Tiny face-shaped test models] */
export const faceTestDetectorModel = (
  testRows: readonly TestFaceRow[] = faceTestDetectorRows,
): Uint8Array => {
  const rows = testRows.map(rowOf);
  return modelBytes({
    name: "cairn-test-yolo-face",
    input: [valueInfo("input", DataType.UINT8, ["height", "width", 4])],
    output: [valueInfo("output", DataType.FLOAT, [rows.length, 16])],
    initializer: [
      floatTensor("rows", [rows.length, 16], rows.flat()),
      floatTensor("zero", [], [0]),
    ],
    node: [
      node("Cast", ["input"], ["pixels"], [intAttribute("to", DataType.FLOAT)]),
      node("ReduceMean", ["pixels"], ["mean"], [intAttribute("keepdims", 0)]),
      node("Mul", ["mean", "zero"], ["nothing"]),
      node("Add", ["rows", "nothing"], ["output"]),
    ],
  });
};

const embeddingLength = 192;
const quarterFeatures = 12;

/** The test embedder. See: [Note: Tiny face-shaped test models] */
export const faceTestEmbedderModel = (): Uint8Array =>
  modelBytes({
    name: "cairn-test-mobilefacenet",
    input: [valueInfo("img_inputs", DataType.FLOAT, ["faces", 112, 112, 3])],
    output: [valueInfo("embeddings", DataType.FLOAT, ["faces", embeddingLength])],
    initializer: [
      int64Tensor("quarters_shape", [6], [-1, 2, 56, 2, 56, 3]),
      int64Tensor("features_shape", [2], [-1, quarterFeatures]),
      floatTensor("w_a", [quarterFeatures, 1], seedVector(quarterFeatures, 12.9898, 5)),
      floatTensor("w_b", [1, embeddingLength], seedVector(embeddingLength, 78.233, 5)),
      floatTensor("feature_scale", [], [3]),
      floatTensor("bias", [embeddingLength], seedVector(embeddingLength, 3.7, 0.9)),
    ],
    node: [
      node("Reshape", ["img_inputs", "quarters_shape"], ["quarters"]),
      node(
        "ReduceMean",
        ["quarters"],
        ["quarter_means"],
        [intsAttribute("axes", [2, 4]), intAttribute("keepdims", 0)],
      ),
      node("Reshape", ["quarter_means", "features_shape"], ["features"]),
      node("Mul", ["features", "feature_scale"], ["scaled"]),
      node("MatMul", ["w_a", "w_b"], ["w_outer"]),
      node("Sin", ["w_outer"], ["w"]),
      node("MatMul", ["scaled", "w"], ["projected"]),
      node("Add", ["projected", "bias"], ["shifted"]),
      node("Sin", ["shifted"], ["embeddings"]),
    ],
  });

/**
 * Writes both test models into `dir` under the real models' names,
 * answering the catalogue entries that match them (their sizes).
 */
export const writeFaceTestModels = async (
  dir: string,
  rows: readonly TestFaceRow[] = faceTestDetectorRows,
): Promise<{ detector: ModelFile; embedder: ModelFile }> => {
  await mkdir(dir, { recursive: true });
  const detector = faceTestDetectorModel(rows);
  const embedder = faceTestEmbedderModel();
  await writeFile(path.join(dir, faceDetectionModel.name), detector);
  await writeFile(path.join(dir, faceEmbeddingModel.name), embedder);
  return {
    detector: { name: faceDetectionModel.name, sizeBytes: detector.length },
    embedder: { name: faceEmbeddingModel.name, sizeBytes: embedder.length },
  };
};
