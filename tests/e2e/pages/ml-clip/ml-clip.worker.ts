// A dedicated worker running the CLIP embedder on onnxruntime-web, with the
// models from the page's origin (`/models/<name>`), for
// tests/e2e/ml-clip.e2e.ts. vite-plugin-comlink exposes every export.

import {
  browserClipRuntime,
  browserClipThreadCount,
} from "../../../../workers/ml/clip/browser-clip-runtime";
import { createClipEmbedder } from "../../../../workers/ml/clip/clip-embedder";

export type ClipOutcome =
  { ok: true; embedding: number[] } | { ok: false; errorName: string; message: string };

// Two threads when isolated, so the threaded path (pthread workers started
// from onnxruntime's own module) runs under the apps' policy even on 2 cores.
const embedder = createClipEmbedder(browserClipRuntime({ threads: 2 }));

const outcome = async (embed: () => Promise<Float32Array>): Promise<ClipOutcome> => {
  try {
    return { ok: true, embedding: Array.from(await embed()) };
  } catch (error) {
    return {
      ok: false,
      errorName: error instanceof Error ? error.name : typeof error,
      message: error instanceof Error ? error.message : String(error),
    };
  }
};

export const embedSolidImage = (
  width: number,
  height: number,
  [r, g, b]: [number, number, number],
): Promise<ClipOutcome> => {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set([r, g, b, 255], i);
  return outcome(() => embedder.embedImage({ width, height, data }));
};

export const embedText = (text: string): Promise<ClipOutcome> =>
  outcome(() => embedder.embedText(text));

export const environment = (): Promise<{ crossOriginIsolated: boolean; threads: number }> =>
  Promise.resolve({
    crossOriginIsolated: self.crossOriginIsolated,
    threads: browserClipThreadCount(),
  });
