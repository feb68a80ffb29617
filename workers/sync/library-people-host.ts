// The people over the sync worker's loaded library: its faces (on-device
// ML's indexes), the cgroup user entities on the server with the session's
// token, and the clustering. See `workers/people/library-people.ts`.

import type { ApiClient } from "../../shared/api/client";
import type { CryptoPool } from "../crypto/pool";
import type { LibraryKeyring } from "../library/keyring";
import type { LibraryFaces, MLClient } from "../ml/indexing/library-ml";
import type { MLWorkerCalls } from "../ml/ml-worker-contract";
import type { ThumbnailResult } from "../gallery/gallery-contract";
import type { MediaCacheStorage } from "../gallery/media/ciphertext-cache";
import { createFaceCrops } from "../people/face-crops";
import type { LocalCipher } from "./local-cipher";
import { cgroupEntityType } from "../people/cgroup";
import { type LibraryPeople, createLibraryPeople } from "../people/library-people";
import { createUserEntities } from "../people/user-entities";
import { OrphanIndexingError } from "../ml/indexing/library-indexing";

export interface LibraryPeopleHostDeps {
  faces: LibraryFaces;
  /** The ML worker: the clustering runs there, on tfjs, and the faces' crops are cut there. */
  ml: () => Pick<MLClient, "clusterFaces"> & Pick<MLWorkerCalls, "cropFaces">;
  /** Seals the cached face crops. See: [Note: Face crops are cached sealed] */
  cipher: Pick<LocalCipher, "sealBytes" | "openBytes">;
  caches: MediaCacheStorage | undefined;
  /** Decrypted thumbnails (the gallery's media service): the crops are cut from them. */
  thumbnails: (fileIDs: readonly number[]) => Promise<ThumbnailResult[]>;
  api: () => ApiClient | undefined;
  keyring: Pick<LibraryKeyring, "openUserEntityKey" | "wrapUserEntityKey">;
  pool: Pick<CryptoPool, "encryptBlobs" | "decryptBlobs" | "generateKeyB64">;
  nowMs: () => number;
  logError: (message: string, cause: unknown) => void;
  onChange: () => void;
}

export const hostLibraryPeople = (deps: LibraryPeopleHostDeps): LibraryPeople => {
  const entities = createUserEntities({
    api: {
      call: (...args) => {
        const api = deps.api();
        if (api === undefined) throw new OrphanIndexingError();
        return api.call(...args);
      },
    },
    keyring: deps.keyring,
    pool: deps.pool,
  });
  return createLibraryPeople({
    faces: deps.faces,
    entities: {
      pull: async (sinceTime) => {
        const changes = await entities.pull(cgroupEntityType, sinceTime);
        return {
          changed: changes.entities,
          deleted: changes.deletedIDs,
          sinceTime: changes.sinceTime,
        };
      },
      create: async (data) => (await entities.create(cgroupEntityType, data)).id,
      update: async (id, data) => {
        await entities.update(cgroupEntityType, id, data);
      },
      remove: (id) => entities.remove(id),
    },
    cluster: (faces, previous) => deps.ml().clusterFaces(faces, previous),
    faceCrops: createFaceCrops({
      caches: deps.caches,
      cipher: deps.cipher,
      thumbnails: deps.thumbnails,
      cropFaces: (jpegBytes, boxes) => deps.ml().cropFaces(jpegBytes, boxes),
    }),
    nowMs: deps.nowMs,
    logError: deps.logError,
    onChange: deps.onChange,
  });
};
