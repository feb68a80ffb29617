// The clipboard's PNG of an image, made in a worker of its own (vite-plugin-
// comlink) that is started for one copy and ended as soon as it answers or
// the copy is given up. See: [Note: The viewer copies the image it shows, as a PNG]

import { endpointSymbol } from "vite-plugin-comlink/symbol";

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone, not inside an expression.
const spawnPNGWorker = () => {
  const worker = new ComlinkWorker<typeof import("../../../../workers/media/clipboard-png.worker")>(
    new URL("../../../../workers/media/clipboard-png.worker", import.meta.url),
    { type: "module", name: "clipboard-png" },
  );
  return worker;
};

/** The PNG of `image`; an abort ends the worker and rejects with the signal's reason. */
export const pngInWorker = async (image: Blob, signal: AbortSignal): Promise<Blob> => {
  signal.throwIfAborted();
  const aborted = new Promise<never>((_resolve, reject) => {
    signal.addEventListener(
      "abort",
      () => {
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
  const worker = spawnPNGWorker();
  try {
    return await Promise.race([worker.pngOf(image), aborted]);
  } finally {
    worker[endpointSymbol].terminate();
  }
};
