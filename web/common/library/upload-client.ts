// The page's calls into the upload run of the sync worker. Files go over as
// `File` handles; the worker reads them. Implemented over Comlink beside the
// gallery client; view tests use a double of it.

import type {
  UploadProgressListener,
  UploadProgressSnapshot,
  UploadRequest,
} from "../../../workers/upload/upload-contract";

export interface UploadClient {
  /**
   * Uploads the files and answers the run's last snapshot (phase `finish`).
   * Requests made while a run is on its way join it: their files are added
   * to the run and its listeners, so one panel shows everything in flight.
   */
  upload(
    request: UploadRequest,
    onProgress: UploadProgressListener,
  ): Promise<UploadProgressSnapshot>;
  /** Cancels the run on its way: files not yet registered are dropped, nothing half-made stays. */
  cancelUpload(): void;
}
