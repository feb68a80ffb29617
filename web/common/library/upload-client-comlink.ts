// The `UploadClient` over the sync worker's Comlink API: the picked files
// cross as `File` handles (structured clone: no bytes are read here), the
// progress listener as a proxy.

import type { UploadProgressSnapshot } from "../../../shared/model/media/upload-progress";
import type { UploadWorkerExports } from "../../../workers/upload/upload-contract";
import type { WorkerCalls } from "../../../workers/worker-boundary";
import type { CallbackWrapper } from "./gallery-client-comlink";
import type { UploadClient } from "./upload-client";

/** A worker's upload exports as the UI thread calls them. */
export type UploadWorkerCalls = WorkerCalls<UploadWorkerExports>;

/** An `UploadClient` over the worker; calls wait for the stored library to be open. */
export const uploadClientOverWorker = (
  api: UploadWorkerCalls,
  opened: Promise<unknown>,
  wrap: CallbackWrapper,
): UploadClient => ({
  upload: async (request, onProgress) => {
    await opened;
    return api.upload(
      {
        files: [...request.files],
        target: request.target,
        ...(request.uploaderName === undefined ? {} : { uploaderName: request.uploaderName }),
      },
      wrap((snapshot: UploadProgressSnapshot) => {
        onProgress(snapshot);
        return Promise.resolve();
      }),
    );
  },
  cancelUpload: () => {
    api.cancelUpload().catch(() => undefined);
  },
});
