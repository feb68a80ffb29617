// The ML bench page: runs each measurement the driver asks for in a
// dedicated worker of its own, started for it and ended after it, so no
// measurement shares a worker's heap or thread with another.
// See bench/scenarios/ml/index.ts.

import { endpointSymbol } from "vite-plugin-comlink/symbol";
import type { MLBenchPage } from "../parameters";

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so each constructor must stand alone, not inside an expression.
const spawnClipWorker = () => {
  const worker = new ComlinkWorker<typeof import("./clip.worker")>(
    new URL("./clip.worker", import.meta.url),
    { type: "module", name: "ml-bench-clip" },
  );
  return worker;
};
const spawnThingsWorker = () => {
  const worker = new ComlinkWorker<typeof import("./things.worker")>(
    new URL("./things.worker", import.meta.url),
    { type: "module", name: "ml-bench-things" },
  );
  return worker;
};
const spawnFacesWorker = () => {
  const worker = new ComlinkWorker<typeof import("./faces.worker")>(
    new URL("./faces.worker", import.meta.url),
    { type: "module", name: "ml-bench-faces" },
  );
  return worker;
};
const spawnSearchWorker = () => {
  const worker = new ComlinkWorker<typeof import("./search.worker")>(
    new URL("./search.worker", import.meta.url),
    { type: "module", name: "ml-bench-search" },
  );
  return worker;
};

/** Runs `measure` on a new worker, which is ended afterwards. */
const inWorker = async <W extends { readonly [endpointSymbol]: Worker }, R>(
  spawn: () => W,
  measure: (worker: W) => Promise<R>,
): Promise<R> => {
  const worker = spawn();
  try {
    return await measure(worker);
  } finally {
    worker[endpointSymbol].terminate();
  }
};

const page: MLBenchPage = {
  clipThroughput: (model, threads) =>
    inWorker(spawnClipWorker, (worker) => worker.clipThroughput(model, threads)),
  thingsThroughput: (names) =>
    inWorker(spawnThingsWorker, (worker) => worker.thingsThroughput(names)),
  facesThroughput: (names) => inWorker(spawnFacesWorker, (worker) => worker.facesThroughput(names)),
  faceClustering: () => inWorker(spawnFacesWorker, (worker) => worker.faceClustering()),
  searchLatency: () => inWorker(spawnSearchWorker, (worker) => worker.searchLatency()),
};
window.cairnMLBench = page;
