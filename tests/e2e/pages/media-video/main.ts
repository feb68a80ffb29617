// A page that starts the media video test worker (a dedicated worker built by
// vite, as the web app builds its workers) for tests/e2e/media-video.e2e.ts.
// Files reach the worker as the upload hands them over: `File` objects, here
// fetched from beside the page or picked with the file input (disk-backed).

import type { VideoOutcome, WorkerFacts } from "./media-video.worker";

export interface MediaVideoTestPage {
  probe(name: string): Promise<VideoOutcome>;
  thumbnail(name: string): Promise<VideoOutcome>;
  /** Probe and thumbnail of the file picked at `index`, with the bytes ffmpeg read from it. */
  probeAndThumbnailPicked(index: number): Promise<{
    probe: VideoOutcome;
    thumbnail: VideoOutcome;
    sizeBytes: number;
    bytesRead: number;
  }>;
  workerFacts(): Promise<WorkerFacts>;
}

declare global {
  interface Window {
    cairnMediaVideoTest?: MediaVideoTestPage;
  }
}

// vite-plugin-comlink rewrites `new ComlinkWorker(...)` into a statement
// ending in `;`, so the constructor must stand alone.
const worker = new ComlinkWorker<typeof import("./media-video.worker")>(
  new URL("./media-video.worker", import.meta.url),
  { type: "module", name: "media-video" },
);

/** The test serves the media beside the page, under `media/`. */
const mediaFile = async (name: string): Promise<File> => {
  const response = await fetch(new URL(`media/${name}`, location.href));
  if (!response.ok) throw new Error(`media/${name}: ${String(response.status)}`);
  return new File([await response.blob()], name);
};

const picked = (index: number): File => {
  const input = document.querySelector<HTMLInputElement>("#picked");
  const file = input?.files?.[index];
  if (file === undefined) throw new Error(`No file picked at ${String(index)}`);
  return file;
};

window.cairnMediaVideoTest = {
  probe: async (name) => worker.probe(await mediaFile(name)),
  thumbnail: async (name) => worker.thumbnail(await mediaFile(name)),
  probeAndThumbnailPicked: async (index) => {
    const file = picked(index);
    await worker.resetBytesRead();
    const probe = await worker.probe(file);
    const thumbnail = await worker.thumbnail(file);
    return { probe, thumbnail, sizeBytes: file.size, bytesRead: await worker.bytesReadSoFar() };
  },
  workerFacts: () => worker.workerFacts(),
};
