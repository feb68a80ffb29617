import { Worker } from "node:worker_threads";

/**
 * A worker thread running the TypeScript module at `entryURL` under tsx.
 * See: [Note: Worker threads run TypeScript through tsx's API]
 */
export const spawnTypeScriptWorker = (entryURL: URL, workerData: unknown): Worker => {
  const tsxAPIURL = import.meta.resolve("tsx/esm/api");
  const bootstrap = `import(${JSON.stringify(tsxAPIURL)}).then(({ tsImport }) => tsImport(${JSON.stringify(entryURL.href)}, ${JSON.stringify(import.meta.url)}));`;
  return new Worker(bootstrap, { eval: true, workerData });
};
