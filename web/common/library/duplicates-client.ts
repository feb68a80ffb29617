// The duplicates page's calls into the library's worker, each waiting for
// the stored library to be open. See: [Note: Gallery calls wait for the stored library]
// See: [Note: A worker's API is declared once]

import type {
  DuplicatesCalls,
  SimilarPhotosCalls,
} from "../../../workers/dedupe/duplicates-contract";
import type { WorkerCalls } from "../../../workers/worker-boundary";

export type DuplicatesClient = WorkerCalls<DuplicatesCalls & SimilarPhotosCalls>;

export const duplicatesClientOverWorker = (
  api: DuplicatesClient,
  opened: Promise<unknown>,
): DuplicatesClient => ({
  exactDuplicates: async () => {
    await opened;
    return api.exactDuplicates();
  },
  removeDuplicates: async (groups) => {
    await opened;
    return api.removeDuplicates(groups);
  },
  largeFiles: async () => {
    await opened;
    return api.largeFiles();
  },
  similarPhotos: async (threshold) => {
    await opened;
    return api.similarPhotos(threshold);
  },
});
