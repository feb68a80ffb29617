// The gallery's calls into the library's worker, as the views use them:
// the worker's `GalleryCalls` with every answer a promise, thumbnails as
// data URLs the worker made. Implemented
// over Comlink by `gallery-client-comlink.ts`; view tests use a double of it.
// See: [Note: A worker's API is declared once]
// See: [Note: Library workers get keys through a keyring, never the master key]

import type { GalleryCalls } from "../../../workers/gallery/gallery-contract";
import type { GalleryWorkerExports } from "../../../workers/gallery/gallery-worker-calls";
import type { WorkerCalls } from "../../../workers/worker-boundary";

export type GalleryClient = WorkerCalls<Omit<GalleryCalls, "thumbnails">> &
  Pick<WorkerCalls<GalleryWorkerExports>, "thumbnails"> & {
    /**
     * Whether the client has already asked the worker for this file's
     * thumbnail, before any view did (a client that never asks ahead leaves
     * it out). See: [Note: Thumbnails asked ahead are sent in a call of their own]
     */
    readonly isThumbnailAskedAhead?: (fileID: number) => boolean;
  };
