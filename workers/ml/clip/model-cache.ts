import { createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { modelPath, modelsStatusPath } from "../../../shared/api/models";
import { modelsStatusSchema } from "../../../shared/api/models-status";

// [Note: The desktop keeps the server's models on its disk]
//
// The desktop app's ML process opens the CLIP models with onnxruntime-node,
// which reads a file. It takes them from its server (`/models/<name>`, the
// same files and checks the web apps rely on: see [Note: The models folder])
// into a folder of its own, once: 210 MB fetched on every start would cost
// each launch a minute on a slow line. A kept file is used while it has the
// size the server's status expects for it (the size is how the server tells
// a complete model from a partial one, and how the reference's desktop app
// tells a stale download); any other size, the server having moved to
// another model for instance, fetches it again. A download is written to
// `<name>.partial` and renamed once complete and of the expected size, so a
// download cut short by a crash or a lost connection never passes for a
// model. The models are public weights, not the user's data: nothing of the
// library is written here.

export interface ModelCacheDeps {
  fetch: typeof globalThis.fetch;
  /** The server's origin, serving `/models/…`. */
  origin: string;
  /** The folder the models are kept in (the desktop's `<userData>/models`). */
  cacheDir: string;
}

/** A model the server does not have ready, or that did not arrive whole. */
export class ModelFetchError extends Error {
  override name = "ModelFetchError";
}

const partialSuffix = ".partial";

/** The size the server's status expects for `name`, when the model is ready there. */
const expectedSizeBytes = async (deps: ModelCacheDeps, name: string): Promise<number> => {
  const url = new URL(modelsStatusPath, deps.origin).href;
  const response = await deps.fetch(url);
  if (!response.ok) throw new ModelFetchError(`${url} answered HTTP ${String(response.status)}`);
  const status = modelsStatusSchema.parse(await response.json());
  const model = status.models.find((entry) => entry.name === name);
  if (model?.state !== "ready") {
    throw new ModelFetchError(`The server's model ${name} is ${model?.state ?? "unknown"}`);
  }
  return model.expectedSizeBytes;
};

const sizeOf = async (file: string): Promise<number | undefined> => {
  try {
    return (await stat(file)).size;
  } catch {
    return undefined;
  }
};

/** Fetches `/models/<name>` into `file`, through a partial file renamed once whole. */
const download = async (deps: ModelCacheDeps, name: string, file: string, sizeBytes: number) => {
  const url = new URL(modelPath(name), deps.origin).href;
  const response = await deps.fetch(url);
  if (!response.ok || response.body === null) {
    throw new ModelFetchError(`${url} answered HTTP ${String(response.status)}`);
  }
  const partial = file + partialSuffix;
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      createWriteStream(partial),
    );
    const received = await sizeOf(partial);
    if (received !== sizeBytes) {
      throw new ModelFetchError(
        `${url} gave ${String(received)} bytes, not the ${String(sizeBytes)} of its status`,
      );
    }
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
};

/**
 * The path of the model `name` in the cache, fetched from the server first
 * when absent or not of the size the server expects.
 * See: [Note: The desktop keeps the server's models on its disk]
 */
export const cachedModelFile = async (deps: ModelCacheDeps, name: string): Promise<string> => {
  const file = path.join(deps.cacheDir, path.basename(name));
  const sizeBytes = await expectedSizeBytes(deps, name);
  if ((await sizeOf(file)) === sizeBytes) return file;
  await mkdir(deps.cacheDir, { recursive: true });
  await download(deps, name, file, sizeBytes);
  return file;
};
