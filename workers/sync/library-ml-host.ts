// On-device ML over the sync worker's loaded library: the indexing reads the
// searchable view's photos (newest first), their keys and their thumbnails
// (the gallery's media, cached as ciphertext), and talks to the server with
// the session's token, and keeps the indexes in the library's local
// database, sealed with its cipher, and the faces in the face database
// beside it. See `workers/ml/indexing/library-ml.ts`,
// [Note: The ML indexes are kept as sealed chunks] and
// [Note: The face database keeps each file's faces and status].

import type { ApiClient } from "../../shared/api/client";
import type { CryptoPool } from "../crypto/pool";
import {
  type LibraryFaces,
  type LibraryML,
  type MLClient,
  type SimilarityIndexes,
  createLibraryML,
} from "../ml/indexing/library-ml";
import type { IndexableFile } from "../ml/indexing/indexing-queue";
import { createMLIndexStore } from "../ml/indexing/ml-index-store";
import { FaceDatabase } from "../ml/indexing/face-db";
import { createFaceIndexStore } from "../ml/indexing/face-index-store";
import type { GalleryServices } from "./gallery-services";
import type { LocalCipher } from "./local-cipher";
import type { LocalDatabase } from "./local-db";
import type { SchedulerTimers } from "./schedule";

export interface LibraryMLHostDeps {
  gallery: GalleryServices;
  /** The library's local database and its cipher: the indexes are kept there. */
  db: LocalDatabase;
  cipher: LocalCipher;
  /** The platform's IndexedDB, where the face database is opened. */
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
  api: () => ApiClient | undefined;
  pool: CryptoPool;
  ml: () => MLClient;
  timers: SchedulerTimers;
  online: boolean;
  enabled: boolean;
  faceIndexing?: boolean;
  logError?: ((message: string, cause: unknown) => void) | undefined;
}

export const hostLibraryML = ({
  gallery,
  db,
  cipher,
  indexedDB,
  IDBKeyRange: keyRange,
  ...deps
}: LibraryMLHostDeps): LibraryML & SimilarityIndexes & LibraryFaces => {
  const faceStore = createFaceIndexStore({ db: new FaceDatabase(indexedDB, keyRange), cipher });
  const library = createLibraryML({
    ...deps,
    store: createMLIndexStore({ db, cipher }),
    faceStore,
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
  return {
    ...library,
    stop: () => {
      library.stop();
      faceStore.close();
    },
  };
};
