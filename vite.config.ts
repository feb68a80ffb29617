// Vite configuration for `vite` (dev server) and `vite preview`. It serves one
// app at a time: photos by default, or the app named by `CAIRN_APP`
// (`CAIRN_APP=accounts npx vite`). `scripts/build-web.ts` builds all three.

import { defineConfig } from "vite";
import { isWebAppName, type WebAppName } from "./web/common/app/app-names";
import { viteConfigFor } from "./web/vite-app-config";

function appFromEnvironment(value: string | undefined): WebAppName {
  if (value === undefined || value === "") return "photos";
  if (isWebAppName(value)) return value;
  throw new Error(`CAIRN_APP must be photos, accounts or auth, not "${value}"`);
}

export default defineConfig(viteConfigFor(appFromEnvironment(process.env.CAIRN_APP)));
