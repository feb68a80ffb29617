// The location tags over the sync worker's library: the "location" user
// entities on the server, with the session's token, read for search. See
// `workers/places/library-location-tags.ts`.

import type { ApiClient } from "../../shared/api/client";
import { TokenMissingError } from "../../shared/model/errors";
import type { CryptoPool } from "../crypto/pool";
import type { LibraryKeyring } from "../library/keyring";
import { createUserEntities } from "../people/user-entities";
import {
  type LibraryLocationTags,
  createLibraryLocationTags,
} from "../places/library-location-tags";
import { locationTagEntityType } from "../places/location-tag";

export interface LibraryLocationTagsHostDeps {
  api: () => ApiClient | undefined;
  keyring: Pick<LibraryKeyring, "openUserEntityKey" | "wrapUserEntityKey">;
  pool: Pick<CryptoPool, "encryptBlobs" | "decryptBlobs" | "generateKeyB64">;
  nowMs: () => number;
  logError: (message: string, cause: unknown) => void;
  onChange: () => void;
}

export const hostLibraryLocationTags = (deps: LibraryLocationTagsHostDeps): LibraryLocationTags => {
  const entities = createUserEntities({
    api: {
      call: (...args) => {
        const api = deps.api();
        if (api === undefined) throw new TokenMissingError();
        return api.call(...args);
      },
    },
    keyring: deps.keyring,
    pool: deps.pool,
  });
  return createLibraryLocationTags({
    entities: {
      pull: async (sinceTime) => {
        const changes = await entities.pull(locationTagEntityType, sinceTime);
        for (const id of changes.unreadableIDs) {
          deps.logError(`Ignoring a location tag that does not open (${id})`, undefined);
        }
        return {
          changed: changes.entities,
          // A tag whose newest version does not open is not shown as it was.
          gone: [...changes.deletedIDs, ...changes.unreadableIDs],
          sinceTime: changes.sinceTime,
        };
      },
    },
    nowMs: deps.nowMs,
    logError: deps.logError,
    onChange: deps.onChange,
  });
};
