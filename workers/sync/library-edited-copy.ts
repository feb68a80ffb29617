// The photo editor's save over the sync worker's library: once the library
// is loaded, the copy is saved through its gallery and its uploads
// (`upload/edited-copy.ts`, loaded on the first save).
// See: [Note: An edited photo is saved as a copy beside its original]

import type { EditedCopyCalls } from "../upload/edited-copy-contract";
import type { OpenLibrary } from "./sync-service-contract";

export const libraryEditedCopyCalls = (
  library: OpenLibrary,
  nowMs: () => number,
): EditedCopyCalls => ({
  saveEditedCopy: async (request, onProgress) => {
    await library.loaded();
    // See: [Note: The sync worker loads what a reload does not need on first use]
    const { saveEditedCopy } = await import("./upload/edited-copy");
    const { engine, reader, actions } = library.gallery();
    return saveEditedCopy(
      { engine, reader, actions, uploads: () => library.uploads(), nowMs },
      request,
      onProgress,
    );
  },
});
