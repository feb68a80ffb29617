import { tf } from "../things/bundled-tfjs";
import { type FaceIndexer, loadFaceIndexer } from "./face-indexer";

// The face indexer of a browser worker: the worker's own fetch, and the
// files from the app's origin (`/assets/ml/faces/…`, see face-assets.ts, and
// tfjs's wasm binaries beside the things detector's). No DOM is needed: the
// wasm backend and the crops read pixels from the RGBA they are given.
// See: [Note: The things detector runs on tfjs's wasm backend]

export const loadBrowserFaceIndexer = (): Promise<FaceIndexer> =>
  loadFaceIndexer({
    tf,
    fetch: globalThis.fetch.bind(globalThis),
    origin: globalThis.location.origin,
  });
