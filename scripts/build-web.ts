// Builds the three web apps (photos, accounts, auth) with Vite, one after the
// other, into `dist/web/<app>`. Run with `tsx scripts/build-web.ts`.
//
// The builds run sequentially on purpose: each one already uses every core for
// bundling and minification, and the machines we build on have two.

import { build } from "vite";
import { webAppNames } from "../web/common/app/app-names";
import { viteConfigFor, webAppOutDir } from "../web/vite-app-config";

for (const app of webAppNames) {
  const startedMs = performance.now();
  await build({ ...viteConfigFor(app), configFile: false, logLevel: "warn" });
  const elapsedMs = Math.round(performance.now() - startedMs);
  console.log(`built ${app} → ${webAppOutDir(app)} in ${elapsedMs} ms`);
}
