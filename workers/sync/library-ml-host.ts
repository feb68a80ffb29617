// On-device ML over the sync worker's loaded library: the indexing reads the
// searchable view's photos (newest first), their keys and their thumbnails
// (the gallery's media, cached as ciphertext), and talks to the server with
// the session's token. See `workers/ml/indexing/library-ml.ts`.

import type { ApiClient } from "../../shared/api/client";
import type { CryptoPool } from "../crypto/pool";
import { type LibraryML, type MLClient, createLibraryML } from "../ml/indexing/library-ml";
import type { IndexableFile } from "../ml/indexing/indexing-queue";
import type { GalleryServices } from "./gallery-services";
import type { SchedulerTimers } from "./schedule";

export interface LibraryMLHostDeps {
  gallery: GalleryServices;
  api: () => ApiClient | undefined;
  pool: CryptoPool;
  ml: () => MLClient;
  timers: SchedulerTimers;
  online: boolean;
  enabled: boolean;
  logError?: ((message: string, cause: unknown) => void) | undefined;
}

export const hostLibraryML = ({ gallery, ...deps }: LibraryMLHostDeps): LibraryML =>
  createLibraryML({
    ...deps,
    files: function* (): Iterable<IndexableFile> {
      const { files, count } = gallery.engine.searchableView();
      for (let index = 0; index < count; index++) {
        const file = files[index];
        if (file === undefined) continue;
        yield {
          id: file.id,
          title: file.pubMagicMetadata?.data.editedName ?? file.metadata.title,
          fileType: file.metadata.fileType,
          contentHash: file.metadata.hash ?? file.metadata.imageHash,
        };
      }
    },
    fileKey: (fileID) => gallery.engine.fileByID(fileID)?.keyB64,
    thumbnails: (fileIDs) => gallery.media.thumbnails(fileIDs),
  });
