// A page that starts the media image test worker (a dedicated worker built by
// vite, as the web app builds its workers) for tests/e2e/media-image.e2e.ts.

import type { ImageOutcome } from "./media-image.worker";

export interface MediaImageTestPage {
  thumbnail(name: string, mimeType: string): Promise<ImageOutcome>;
  display(name: string, mimeType: string): Promise<ImageOutcome>;
  staticThumbnailSize(): Promise<{ widthPx: number; heightPx: number }>;
  hasDOM(): Promise<boolean>;
}

declare global {
  interface Window {
    cairnMediaImageTest?: MediaImageTestPage;
  }
}

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone.
const worker = new ComlinkWorker<typeof import("./media-image.worker")>(
  new URL("./media-image.worker", import.meta.url),
  { type: "module", name: "media-image" },
);

/** The test serves the media beside the page, under `media/`. */
const mediaURL = (name: string) => new URL(`media/${name}`, location.href).href;

window.cairnMediaImageTest = {
  thumbnail: (name, mimeType) => worker.thumbnail(mediaURL(name), mimeType),
  display: (name, mimeType) => worker.display(mediaURL(name), mimeType),
  staticThumbnailSize: () => worker.staticThumbnailSize(),
  hasDOM: () => worker.hasDOM(),
};
