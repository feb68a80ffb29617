// The Vite plugin that puts the ML models' files (the things detector, the
// face models, tfjs's wasm binaries) into the photos app's build (and serves them from its dev server), copied from
// node_modules; nothing generated is committed. See things-assets.ts for
// the paths and why they are versioned rather than hashed: the worker that
// fetches them is not in the app yet, and a path a module must know before
// the app imports it cannot carry a hash Vite makes.

import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Plugin } from "vite";
import { ensureThingsAssetVersions, humanAssetFiles } from "./things-asset-files";

const contentTypeOf = (servedPath: string) =>
  servedPath.endsWith(".wasm")
    ? "application/wasm"
    : servedPath.endsWith(".json")
      ? "application/json"
      : "application/octet-stream";

export const thingsAssetsPlugin = (): Plugin => ({
  name: "cairn-things-assets",
  async buildStart() {
    await ensureThingsAssetVersions();
  },
  async generateBundle() {
    for (const [servedPath, file] of humanAssetFiles) {
      this.emitFile({
        type: "asset",
        // Emitted under the output folder as served: `/assets/ml/…` → `assets/ml/…`.
        fileName: servedPath.slice(1),
        source: await readFile(file),
      });
    }
  },
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      const servedPath = request.url?.split("?", 1)[0];
      const file = servedPath === undefined ? undefined : humanAssetFiles.get(servedPath);
      if (servedPath === undefined || file === undefined) {
        next();
        return;
      }
      response.setHeader("Content-Type", contentTypeOf(servedPath));
      createReadStream(file).on("error", next).pipe(response);
    });
  },
});
