// The real places asset for tests: made from node_modules by the same code
// as the web build's, written to a temporary folder and read back from disk,
// as a Node caller of the loader does.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { writePlacesAssetFile } from "../build/places-asset-plugin";
import { placesLoader, type FetchPlacesAsset, type Places } from "../places-loader";

/** The asset's file in a fresh folder, and a way to remove it. */
export const realPlacesAssetFile = async (): Promise<{
  file: string;
  fetchAsset: FetchPlacesAsset;
  remove: () => Promise<void>;
}> => {
  const dir = await mkdtemp(path.join(tmpdir(), "cairn-places-"));
  const file = await writePlacesAssetFile(dir);
  const fetchAsset: FetchPlacesAsset = async () => {
    const bytes = await readFile(file);
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  };
  return { file, fetchAsset, remove: () => rm(dir, { recursive: true, force: true }) };
};

let loading: Promise<Places> | undefined;

/** The real places, made and loaded once per test file. */
export const realPlaces = (): Promise<Places> => {
  loading ??= (async () => {
    const asset = await realPlacesAssetFile();
    try {
      return await placesLoader(asset.fetchAsset)();
    } finally {
      await asset.remove();
    }
  })();
  return loading;
};
