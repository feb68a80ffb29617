// The face indexer in Node, for tests and the bench: the bundled tfjs on its
// wasm backend, the model files read from node_modules as the build copies
// them (the things tests' fetch serves every ML file).

import type { Tfjs } from "../../things/bundled-tfjs";
import {
  loadNodeTfjs,
  nodeModulesThingsFetch,
  nodeThingsOrigin,
} from "../../things/test-support/node-things";
import { type FaceIndexer, loadFaceIndexer } from "../face-indexer";

/** The Node test host: tfjs started, with the fetch and origin serving the model files. */
export const loadNodeFaceHost = async (): Promise<{
  tf: Tfjs;
  fetch: typeof globalThis.fetch;
  origin: string;
}> => ({ tf: await loadNodeTfjs(), fetch: nodeModulesThingsFetch, origin: nodeThingsOrigin });

/** A face indexer on tfjs's wasm backend in Node. */
export const loadNodeFaceIndexer = async (): Promise<{ tf: Tfjs; indexer: FaceIndexer }> => {
  const host = await loadNodeFaceHost();
  return { tf: host.tf, indexer: await loadFaceIndexer(host) };
};
