import { tf } from "./bundled-tfjs";
import { loadThingsTagger, type ThingsTagger } from "./things-tagger";

// The things tagger of a browser worker: the worker's own fetch, and the
// files from the app's origin (`/assets/ml/things/…`, see things-assets.ts).
// No DOM is needed: the wasm backend reads pixels from the RGBA it is given.
// See: [Note: The things detector runs on tfjs's wasm backend]

export const loadBrowserThingsTagger = (): Promise<ThingsTagger> =>
  loadThingsTagger({
    tf,
    fetch: globalThis.fetch.bind(globalThis),
    origin: globalThis.location.origin,
  });
