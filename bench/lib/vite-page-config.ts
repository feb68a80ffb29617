// The Vite configuration for pages the bench builds and opens in Chromium.
// Workers are bundled the way the web apps bundle them: vite-plugin-comlink
// on the page and in workers, and the browser shims that fast-srp-hap needs
// aliased in place of Node's `crypto` and `assert` (from web/vite-app-config.ts).

import path from "node:path";
import { fileURLToPath } from "node:url";
import type { InlineConfig } from "vite";
import { comlink } from "vite-plugin-comlink";
import { nodeBuiltinShimAliases } from "../../web/vite-app-config";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Where the bench writes the pages it builds (git-ignored). */
export const benchBuildRoot = path.join(repoRoot, "bench", ".build");

export const benchPageViteConfig = (pageRoot: string, outDir: string): InlineConfig => ({
  configFile: false,
  root: pageRoot,
  base: "./",
  envDir: false,
  publicDir: false,
  logLevel: "warn",
  plugins: [comlink()],
  worker: { format: "es", plugins: () => [comlink()] },
  resolve: { alias: nodeBuiltinShimAliases },
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    reportCompressedSize: false,
    // libsodium's sumo build (WebAssembly inlined) is one large module by design.
    chunkSizeWarningLimit: 4096,
  },
});
