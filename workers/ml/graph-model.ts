import type { Tfjs } from "./things/bundled-tfjs";

// A TF.js graph model from the two files the app serves for it (its JSON
// and its one weights file), fetched with the caller's fetch: the things
// detector's and the face models' (all of @vladmandic/human).

/** A model file could not be fetched or is not a graph model with one weights file. */
export class ModelFileError extends Error {
  override name = "ModelFileError";
}

export type GraphModel = Awaited<ReturnType<Tfjs["loadGraphModel"]>>;

interface GraphModelJSON {
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: object[] }[];
}

const isGraphModelJSON = (value: unknown): value is GraphModelJSON => {
  if (typeof value !== "object" || value === null) return false;
  const { modelTopology, weightsManifest } = value as Record<string, unknown>;
  return (
    typeof modelTopology === "object" &&
    modelTopology !== null &&
    Array.isArray(weightsManifest) &&
    weightsManifest.every(
      (group: unknown) =>
        typeof group === "object" &&
        group !== null &&
        Array.isArray((group as Record<string, unknown>).paths) &&
        Array.isArray((group as Record<string, unknown>).weights),
    )
  );
};

const fetchOK = async (fetchImpl: typeof globalThis.fetch, url: string): Promise<Response> => {
  const response = await fetchImpl(url);
  if (!response.ok) {
    throw new ModelFileError(`${url} answered HTTP ${String(response.status)}`);
  }
  return response;
};

export interface GraphModelSource {
  tf: Tfjs;
  fetch: typeof globalThis.fetch;
  origin: string;
  /** Origin-relative path of the model's JSON. */
  jsonPath: string;
  /** Origin-relative path of the one weights file its manifest names. */
  weightsPath: string;
}

/** Loads a graph model whose manifest names exactly one weights file. */
export const loadGraphModel = async ({
  tf,
  fetch: fetchImpl,
  origin,
  jsonPath,
  weightsPath,
}: GraphModelSource): Promise<GraphModel> => {
  const jsonURL = new URL(jsonPath, origin).href;
  const weightsURL = new URL(weightsPath, origin).href;
  const [json, weights] = await Promise.all([
    fetchOK(fetchImpl, jsonURL).then((response) => response.json() as Promise<unknown>),
    fetchOK(fetchImpl, weightsURL).then((response) => response.arrayBuffer()),
  ]);
  if (!isGraphModelJSON(json) || json.weightsManifest.flatMap((g) => g.paths).length !== 1) {
    throw new ModelFileError(`${jsonURL} is not a graph model with one weights file`);
  }
  const weightSpecs = json.weightsManifest.flatMap((group) => group.weights);
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: weightSpecs as Parameters<typeof tf.io.fromMemory>[1],
      weightData: weights,
    }),
  );
};
