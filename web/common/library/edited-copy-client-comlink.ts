// The `EditedCopyClient` over the sync worker's Comlink API: the edited
// image crosses as a Blob (structured clone: the worker reads it), the
// progress listener as a proxy.

import type { EditedCopyCalls } from "../../../workers/upload/edited-copy-contract";
import type { WithRemoteCallbacks, WorkerCalls } from "../../../workers/worker-boundary";
import type { CallbackWrapper } from "./gallery-client-comlink";
import type { EditedCopyClient } from "./edited-copy-client";

/** The sync worker's edited-copy export as the UI thread calls it. */
export type EditedCopyWorkerCalls = WorkerCalls<{
  [Name in keyof EditedCopyCalls]: WithRemoteCallbacks<EditedCopyCalls[Name]>;
}>;

/** An `EditedCopyClient` over the worker; a save waits for the stored library to be open. */
export const editedCopyClientOverWorker = (
  api: EditedCopyWorkerCalls,
  opened: Promise<unknown>,
  wrap: CallbackWrapper,
): EditedCopyClient => ({
  saveEditedCopy: async (request, onProgress) => {
    await opened;
    // Only the request's own fields cross: whatever else the caller's object holds stays here.
    const { originalFileID, viewID, image, replaceOriginal } = request;
    return api.saveEditedCopy(
      { originalFileID, viewID, image, replaceOriginal },
      wrap((percent: number) => {
        onProgress(percent);
        return Promise.resolve();
      }),
    );
  },
});
