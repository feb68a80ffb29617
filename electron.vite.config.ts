// electron-vite configuration of the desktop app: the main process, the
// preload bridge, and the renderer, which is the photos web app built with the
// very same Vite configuration as for the web (see web/vite-app-config.ts), so
// the desktop window hosts exactly the photos app.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "electron-vite";
import { viteConfigFor } from "./web/vite-app-config";

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const photos = viteConfigFor("photos");

export default defineConfig({
  main: {
    build: {
      outDir: path.join(repoRoot, "out/main"),
      // The main process, and the entries it starts: the export's, the
      // native conversions' and the ML utility processes, and the crypto
      // worker threads it decrypts with (spawned beside it by name, see
      // workers/crypto/node-pool.ts).
      lib: {
        entry: {
          index: path.join(repoRoot, "electron/main/index.ts"),
          export: path.join(repoRoot, "electron/utility/export.ts"),
          conversions: path.join(repoRoot, "electron/utility/conversions.ts"),
          ml: path.join(repoRoot, "electron/utility/ml.ts"),
          "crypto.node-worker": path.join(repoRoot, "workers/crypto/crypto.node-worker.ts"),
        },
        formats: ["es"],
      },
    },
  },
  preload: {
    build: {
      outDir: path.join(repoRoot, "out/preload"),
      // See: [Note: The preload is one CommonJS file]. `.cjs`, since the
      // package is `"type": "module"` and a `.js` file would read as ESM.
      lib: {
        entry: path.join(repoRoot, "electron/preload/index.ts"),
        formats: ["cjs"],
        fileName: () => "index.cjs",
      },
    },
  },
  renderer: {
    ...photos,
    build: {
      ...photos.build,
      outDir: path.join(repoRoot, "out/renderer"),
      rolldownOptions: { input: path.join(repoRoot, "web/photos/index.html") },
    },
  },
});
