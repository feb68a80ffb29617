import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import onnxProto, { type onnx } from "onnx-proto";
import { clipImageModel, clipTextModel } from "../../shared/api/models";

// [Note: Tiny CLIP-shaped test models]
//
// The real MobileCLIP S2 models (210 MB) cannot be downloaded on the test
// machines, so tests run the real inference path (the embedder, onnxruntime-
// node or -web, the models folder) on two generated models of the same shape
// and a few KB each:
// - image: uint8 `[H, W, 4]` (any H and W) → float32 `[1, 512]`. The pixels'
//   mean and mean square per channel (8 features, from Cast, Mul, ReduceMean
//   and Concat) are centred and multiplied by a 8×512 matrix; different
//   colours give different embeddings.
// - text: int32 `[1, 77]` → float32 `[1, 512]`: the token ids, scaled, times
//   a 77×512 matrix, through Sin; different texts give different embeddings.
// The matrices are not stored (77×512 floats would be 158 KB): each is
// `Sin(a ⊗ b)` of two short fixed vectors, computed in the graph, so the
// weights are pseudo-random but the file stays small. Nothing ties a colour
// to its word: these models check plumbing, not meaning.
//
// [Note: A heavier CLIP-shaped image model for the bench]
//
// The tiny image model's cost is its pass over the pixels (a few ms for a
// thumbnail): it measures the runtime's overhead and elementwise kernels,
// not the matrix products that make up a real CLIP's inference. The bench
// (`npm run bench -- ml`) asks for `hiddenLayers`: the 512 values are
// spread over 256 tokens (as a ViT's patches) and go through that many
// 512×512 matrix products with a Tanh, 134 MFLOP each, then are averaged
// back to 512. Same input and output, and still a few tens of KB (the
// matrices are made in the graph, folded once when the session opens).
// Without it the model is exactly the tiny one the tests use.

const proto = onnxProto.onnx;
const { DataType } = proto.TensorProto;

// The graph-building helpers are shared with the face-shaped test models
// (see [Note: Tiny face-shaped test models]).

/** ONNX opset of the generated graphs: 13 has ReduceMean's `axes` as an attribute. */
const opsetVersion = 13;
const embeddingLength = 512;

export const floatTensor = (name: string, dims: number[], values: number[]): onnx.ITensorProto => ({
  name,
  dataType: DataType.FLOAT,
  dims,
  floatData: values,
});

export const int64Tensor = (name: string, dims: number[], values: number[]): onnx.ITensorProto => ({
  name,
  dataType: DataType.INT64,
  dims,
  int64Data: values,
});

export const valueInfo = (
  name: string,
  elemType: number,
  dims: (number | string)[],
): onnx.IValueInfoProto => ({
  name,
  type: {
    tensorType: {
      elemType,
      shape: {
        dim: dims.map((dim) => (typeof dim === "number" ? { dimValue: dim } : { dimParam: dim })),
      },
    },
  },
});

export const node = (
  opType: string,
  inputs: string[],
  outputs: string[],
  attribute: onnx.IAttributeProto[] = [],
): onnx.INodeProto => ({ opType, input: inputs, output: outputs, name: outputs[0], attribute });

export const intsAttribute = (name: string, ints: number[]): onnx.IAttributeProto => ({
  name,
  type: proto.AttributeProto.AttributeType.INTS,
  ints,
});
export const intAttribute = (name: string, i: number): onnx.IAttributeProto => ({
  name,
  type: proto.AttributeProto.AttributeType.INT,
  i,
});

/** Fixed, spread-out values: the seeds of the in-graph weight matrices. */
export const seedVector = (length: number, multiplier: number, offset: number): number[] =>
  Array.from({ length }, (_, i) => Math.sin((i + 1) * multiplier + offset) * 3);

/** Nodes making `Sin(a ⊗ b)`, a rows × 512 matrix named `name`. */
const weightMatrix = (name: string, rows: number, seed: number) => ({
  initializers: [
    floatTensor(`${name}_a`, [rows, 1], seedVector(rows, 12.9898 + seed, seed)),
    floatTensor(`${name}_b`, [1, embeddingLength], seedVector(embeddingLength, 78.233, seed)),
  ],
  nodes: [
    node("MatMul", [`${name}_a`, `${name}_b`], [`${name}_outer`]),
    node("Sin", [`${name}_outer`], [name]),
  ],
});

export const modelBytes = (graph: onnx.IGraphProto): Uint8Array =>
  proto.ModelProto.encode({
    irVersion: 8,
    producerName: "cairn-test-models",
    opsetImport: [{ domain: "", version: opsetVersion }],
    graph,
  }).finish();

/** Tokens the heavier image model spreads its 512 values over (a ViT's 16×16 patches of 256 px). */
const hiddenTokenCount = 256;
/** Keeps a product's values near unit size: the weights have a variance near 1/2 over 512 inputs. */
const hiddenWeightScale = 1 / 16;

/**
 * The nodes taking `[1, 512]` named `input` through `layers` token-wise
 * matrix products back to `[1, 512]` named `output`.
 * See: [Note: A heavier CLIP-shaped image model for the bench]
 */
const hiddenLayerGraph = (input: string, output: string, layers: number) => {
  const positions = weightMatrix("positions", hiddenTokenCount, 3);
  const matrices = Array.from({ length: layers }, (_, layer) => ({
    weights: weightMatrix(`h${String(layer)}_w`, embeddingLength, 4 + layer),
    name: `h${String(layer)}`,
  }));
  const tokenOf = (layer: number) => (layer === 0 ? "tokens" : `h${String(layer - 1)}_out`);
  return {
    initializers: [
      ...positions.initializers,
      ...matrices.flatMap(({ weights }) => weights.initializers),
      floatTensor("hidden_weight_scale", [], [hiddenWeightScale]),
    ],
    nodes: [
      ...positions.nodes,
      // Every token is the image's row plus its own position.
      node("Add", [input, "positions"], ["tokens"]),
      ...matrices.flatMap(({ weights, name }, layer) => [
        ...weights.nodes,
        node("Mul", [`${name}_w`, "hidden_weight_scale"], [`${name}_scaled`]),
        node("MatMul", [tokenOf(layer), `${name}_scaled`], [`${name}_product`]),
        node("Tanh", [`${name}_product`], [`${name}_out`]),
      ]),
      node(
        "ReduceMean",
        [tokenOf(layers)],
        [output],
        [intsAttribute("axes", [0]), intAttribute("keepdims", 1)],
      ),
    ],
  };
};

export interface ClipTestImageModelOptions {
  /** Matrix products after the tiny model's; 0 (the default) is the tiny model. See: [Note: A heavier CLIP-shaped image model for the bench] */
  hiddenLayers?: number;
}

/** The tiny image model, or a heavier one. See: [Note: Tiny CLIP-shaped test models] */
export const clipTestImageModel = ({
  hiddenLayers = 0,
}: ClipTestImageModelOptions = {}): Uint8Array => {
  const weights = weightMatrix("w", 8, 1);
  const hidden =
    hiddenLayers > 0 ? hiddenLayerGraph("embedded", "output", hiddenLayers) : undefined;
  return modelBytes({
    name: "cairn-test-clip-image",
    input: [valueInfo("input", DataType.UINT8, ["height", "width", 4])],
    output: [valueInfo("output", DataType.FLOAT, [1, embeddingLength])],
    initializer: [
      ...weights.initializers,
      floatTensor("byte_scale", [], [1 / 255]),
      floatTensor("centre", [], [0.5]),
      int64Tensor("row_shape", [2], [1, 8]),
      floatTensor("bias", [embeddingLength], seedVector(embeddingLength, 3.7, 0.3)),
      ...(hidden?.initializers ?? []),
    ],
    node: [
      node("Cast", ["input"], ["pixels"], [intAttribute("to", DataType.FLOAT)]),
      node("Mul", ["pixels", "byte_scale"], ["unit"]),
      node(
        "ReduceMean",
        ["unit"],
        ["mean"],
        [intsAttribute("axes", [0, 1]), intAttribute("keepdims", 0)],
      ),
      node("Mul", ["unit", "unit"], ["square"]),
      node(
        "ReduceMean",
        ["square"],
        ["mean_square"],
        [intsAttribute("axes", [0, 1]), intAttribute("keepdims", 0)],
      ),
      node("Concat", ["mean", "mean_square"], ["features"], [intAttribute("axis", 0)]),
      node("Sub", ["features", "centre"], ["centred"]),
      node("Reshape", ["centred", "row_shape"], ["row"]),
      ...weights.nodes,
      node("MatMul", ["row", "w"], ["projected"]),
      node("Add", ["projected", "bias"], [hidden === undefined ? "output" : "embedded"]),
      ...(hidden?.nodes ?? []),
    ],
  });
};

/** The tiny text model. See: [Note: Tiny CLIP-shaped test models] */
export const clipTestTextModel = (): Uint8Array => {
  const weights = weightMatrix("w", 77, 2);
  return modelBytes({
    name: "cairn-test-clip-text",
    input: [valueInfo("input", DataType.INT32, [1, 77])],
    output: [valueInfo("output", DataType.FLOAT, [1, embeddingLength])],
    initializer: [...weights.initializers, floatTensor("token_scale", [], [1 / 1000])],
    node: [
      node("Cast", ["input"], ["tokens"], [intAttribute("to", DataType.FLOAT)]),
      node("Mul", ["tokens", "token_scale"], ["scaled"]),
      ...weights.nodes,
      node("MatMul", ["scaled", "w"], ["projected"]),
      node("Sin", ["projected"], ["output"]),
    ],
  });
};

/**
 * Writes both test models into `dir` under the real models' names (so the
 * folder looks like a fetched one but for the sizes), answering their sizes.
 * `imageOptions` makes the image model heavier (the bench's).
 */
export const writeClipTestModels = async (
  dir: string,
  imageOptions: ClipTestImageModelOptions = {},
): Promise<{ imageSizeBytes: number; textSizeBytes: number }> => {
  await mkdir(dir, { recursive: true });
  const image = clipTestImageModel(imageOptions);
  const text = clipTestTextModel();
  await writeFile(path.join(dir, clipImageModel.name), image);
  await writeFile(path.join(dir, clipTextModel.name), text);
  return { imageSizeBytes: image.length, textSizeBytes: text.length };
};
