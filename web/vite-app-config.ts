// One Vite configuration for each of the three web apps. The root
// `vite.config.ts` (dev server, preview) and `scripts/build-web.ts` (the
// production build of all three) both take their configuration from here, so
// the apps cannot drift apart.

import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import type { Alias, UserConfig } from "vite";
import { comlink } from "vite-plugin-comlink";
// Build-time code that runs in Node while Vite builds, never in a page: the
// floors keep worker code off the UI thread, which this import cannot bring.
// eslint-disable-next-line cairn/import-floors -- see the comment above
import { placesAssetPlugin } from "../workers/places/build/places-asset-plugin";
// Build-time code too: copies the things detector's files from node_modules.
// eslint-disable-next-line cairn/import-floors -- see the comment above
import { thingsAssetsPlugin } from "../workers/ml/things/build/things-assets-plugin";
import { type WebAppName } from "./common/app/app-names";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));

/** The origin of the Cairn server app that serves `/cairn-config.json` for each app in development. */
// architecture.md, "Runtime topology": photos on 3000, accounts on 3001, auth on 3002.
const devConfigOrigins: Record<WebAppName, string> = {
  photos: "http://localhost:3000",
  accounts: "http://localhost:3001",
  auth: "http://localhost:3002",
};

/** Where the build of `app` is written: a self-contained folder with `index.html` and `assets/`. */
/**
 * The first statement of every chunk the web builds write: zod's settings
 * without eval, before any module of the chunk makes a schema. See: [Note: Zod parses without eval]
 */
const zodJitlessBanner =
  "globalThis.__zod_globalConfig=Object.assign(globalThis.__zod_globalConfig??{},{jitless:!0});";

export const webAppOutDir = (app: WebAppName): string => path.join(repoRoot, "dist", "web", app);

/** The folder holding the `index.html` and entry module of `app`. */
export const webAppRoot = (app: WebAppName): string => path.join(repoRoot, "web", app);

/**
 * The SRP library (fast-srp-hap) imports Node's `crypto` and `assert`; in the
 * browser those exact module ids resolve to small shims. Only the bare ids are
 * aliased, so `crypto-js`-like names are left alone. Every browser build of
 * the project (the apps, the desktop renderer, bench pages) uses these.
 */
export const nodeBuiltinShimAliases: Alias[] = [
  {
    find: /^crypto$/,
    replacement: path.join(repoRoot, "shared/crypto/browser-shims/node-crypto.ts"),
  },
  {
    find: /^assert$/,
    replacement: path.join(repoRoot, "shared/crypto/browser-shims/assert.ts"),
  },
];

export function viteConfigFor(app: WebAppName): UserConfig {
  return {
    root: webAppRoot(app),
    base: "/",
    // Runtime settings come from `/cairn-config.json`, not from build-time env.
    // See: [Note: Runtime config of the web apps]
    envDir: false,
    publicDir: false,
    // vite-plugin-comlink must come before plugins that transform its
    // `ComlinkWorker` constructors (its README, "Plugin order").
    // The places asset is made from node_modules as Vite runs; the search
    // worker imports it. See: [Note: The places asset is made at build time]
    // The photos app also serves the things detector's model and tfjs's wasm
    // binaries under `/assets/ml/things/` (workers/ml/things/things-assets.ts).
    plugins: [
      comlink(),
      react(),
      placesAssetPlugin(),
      ...(app === "photos" ? [thingsAssetsPlugin()] : []),
    ],
    worker: {
      format: "es",
      plugins: () => [comlink(), placesAssetPlugin()],
      rolldownOptions: { output: { postBanner: zodJitlessBanner } },
    },
    resolve: { alias: nodeBuiltinShimAliases },
    build: {
      outDir: webAppOutDir(app),
      emptyOutDir: true,
      assetsDir: "assets",
      rolldownOptions: { output: { postBanner: zodJitlessBanner } },
    },
    server: {
      // The app roots are `web/<app>`, but they import `web/common`, `shared`
      // and `locales`, which live above them.
      fs: { allow: [repoRoot] },
      // In development the runtime configuration is the one the local Cairn
      // server hands to that app (see the origins above).
      proxy: { "/cairn-config.json": devConfigOrigins[app] },
    },
  };
}
