// A page that starts the CLIP test worker (a dedicated worker built by vite,
// as the web app builds its workers) for tests/e2e/ml-clip.e2e.ts.

import type { ClipOutcome } from "./ml-clip.worker";

export interface ClipTestPage {
  embedSolidImage(
    width: number,
    height: number,
    rgb: [number, number, number],
  ): Promise<ClipOutcome>;
  embedText(text: string): Promise<ClipOutcome>;
  environment(): Promise<{ crossOriginIsolated: boolean; threads: number }>;
}

declare global {
  interface Window {
    cairnClipTest?: ClipTestPage;
  }
}

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone.
const worker = new ComlinkWorker<typeof import("./ml-clip.worker")>(
  new URL("./ml-clip.worker", import.meta.url),
  { type: "module", name: "ml-clip" },
);

window.cairnClipTest = {
  embedSolidImage: (width, height, rgb) => worker.embedSolidImage(width, height, rgb),
  embedText: (text) => worker.embedText(text),
  environment: () => worker.environment(),
};
