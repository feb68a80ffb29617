// The things tagger (and the tfjs the face models share) in Node, for tests and the bench: human's bundled tfjs
// with its wasm backend, the files read from node_modules as the build
// copies them.

import { readFile } from "node:fs/promises";
import type { Tfjs } from "../bundled-tfjs";
import { humanAssetFiles } from "../build/things-asset-files";
import { thingsAssetPaths } from "../things-assets";
import { loadThingsTagger, type ThingsTagger } from "../things-tagger";
import { startWasmBackend } from "../tfjs-wasm-backend";

/** The origin the test fetch answers for. */
export const nodeThingsOrigin = "http://things.test";

/** A fetch answering the served things paths from node_modules, 404 for anything else. */
export const nodeModulesThingsFetch: typeof globalThis.fetch = async (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const file = url.origin === nodeThingsOrigin ? humanAssetFiles.get(url.pathname) : undefined;
  if (file === undefined) return new Response("Not found", { status: 404 });
  return new Response(await readFile(file));
};

/**
 * The bundled tfjs, imported in Node. The bundle picks its platform as it
 * loads: in Node, its Node platform, which needs the `util` module that
 * human's browser bundle left out (it throws at import). A worker global
 * makes it take its browser platform, whose needs (fetch, TextEncoder,
 * performance) Node 20 has.
 */
const importTfjs = async (): Promise<Tfjs> => {
  const scope = globalThis as { WorkerGlobalScope?: unknown };
  scope.WorkerGlobalScope ??= function WorkerGlobalScope() {
    // A marker only: tfjs checks that the name is defined.
  };
  return (await import("../bundled-tfjs")).tf;
};

/**
 * Starts the wasm backend with `process.versions.node` hidden: the
 * Emscripten module inside recognises Node by it, and would then read its
 * binary with a `require` the ES bundle lacks and install process-wide
 * `uncaughtException` handlers. Hidden only while the module starts.
 */
const startBackendAsBrowser = async (tf: Tfjs) => {
  // Node's fetch and Response load undici on first use, which reads the
  // version it hides: loaded before.
  await new Response(new Uint8Array(1)).arrayBuffer();
  const versions = process.versions;
  Object.defineProperty(process, "versions", { value: { ...versions, node: undefined } });
  try {
    await startWasmBackend(tf, {
      fetch: nodeModulesThingsFetch,
      wasmDirURL: new URL(thingsAssetPaths.wasmDir, nodeThingsOrigin).href,
    });
  } finally {
    Object.defineProperty(process, "versions", { value: versions });
  }
};

/** The bundled tfjs in Node, its wasm backend started (once): for the things and face models. */
export const loadNodeTfjs = async (): Promise<Tfjs> => {
  const tf = await importTfjs();
  await startBackendAsBrowser(tf);
  return tf;
};

/** A things tagger on tfjs's wasm backend in Node. */
export const loadNodeThingsTagger = async (): Promise<{ tf: Tfjs; tagger: ThingsTagger }> => {
  const tf = await loadNodeTfjs();
  const tagger = await loadThingsTagger({
    tf,
    fetch: nodeModulesThingsFetch,
    origin: nodeThingsOrigin,
  });
  return { tf, tagger };
};
