// A "browser" for the actions' integration tests: its own fake IndexedDB
// and sync store, the actions over it, and a canonical snapshot of what a
// view reads (collections by type and name, so provisional IDs compare
// equal to the real ones).

import { type FetchFunction, createApiClient } from "../../../../shared/api/client";
import { clientPackages } from "../../../../shared/api/headers";
import type { CryptoPool } from "../../../crypto/pool";
import { createKeyringFromAccountKeys } from "../../../library/node-keyring";
import type { LibraryAccountKeys } from "../../../library/node-keyring";
import type { LibraryReader } from "../../gallery-contract";
import { LibraryStore } from "../../../sync/library-store";
import { createLocalCipher } from "../../../sync/local-cipher";
import { LocalDatabase } from "../../../sync/local-db";
import { pullLibrary } from "../../../sync/pull";
import { freshIndexedDB } from "../../../sync/test-support/sync-store";
import { createExifCreationTime } from "../exif-creation-time";
import {
  type LibraryActions,
  type LibraryActionsDeps,
  createLibraryActions,
} from "../library-actions";
import { storeReader } from "./readers";

export interface TestDeviceUser {
  userID: number;
  token: string;
  accountKeys: LibraryAccountKeys;
}

export interface TestDevice {
  base: ReturnType<typeof storeReader>;
  view: LibraryReader;
  actions: LibraryActions;
  /** Pulls into the store (what `sync()` does after an action). */
  pull(): Promise<void>;
  /** Called on every `notify()` of the actions. */
  onNotify: (() => void) | undefined;
  notifyCount: number;
  /** Every API request URL (path and query). */
  requests: string[];
  close(): void;
}

export const openTestDevice = async (
  apiOrigin: string,
  pool: CryptoPool,
  user: TestDeviceUser,
  overrides: Partial<Pick<LibraryActionsDeps, "sync" | "base">> = {},
): Promise<TestDevice> => {
  const browser = freshIndexedDB();
  const keyring = createKeyringFromAccountKeys(user.accountKeys, pool);
  const db = new LocalDatabase(browser.indexedDB, browser.IDBKeyRange);
  const { store } = await LibraryStore.open({
    db,
    cipher: createLocalCipher(pool, await keyring.localDatabaseKey()),
  });
  const base = storeReader(() => store, user.userID);
  const requests: string[] = [];
  const fetch: FetchFunction = (url, init) => {
    requests.push(url.slice(apiOrigin.length));
    return globalThis.fetch(url, init);
  };
  const api = createApiClient({
    apiOrigin,
    clientPackage: clientPackages.photosWeb,
    fetch,
    getAuthToken: () => user.token,
  });
  const pull = async () => {
    await pullLibrary({
      api,
      pool,
      keyring,
      store,
      userID: user.userID,
      onChange: () => undefined,
    });
    base.bump();
  };
  const device: TestDevice = {
    base,
    view: base,
    actions: createLibraryActions({
      base: overrides.base ?? base,
      userID: user.userID,
      pool,
      keyring,
      api: () => api,
      sync: overrides.sync ?? pull,
      notify: () => {
        device.notifyCount += 1;
        device.onNotify?.();
      },
      exifCreationTimeUs: createExifCreationTime({ api, pool }),
    }),
    pull,
    onNotify: undefined,
    notifyCount: 0,
    requests,
    close: () => {
      db.close();
    },
  };
  device.view = device.actions.reader(overrides.base ?? base);
  return device;
};

const byKey = <T extends { key: string }>(a: T, b: T) => a.key.localeCompare(b.key);

/** What a view reads, canonically: comparable across devices and provisional IDs. */
export const librarySnapshot = (reader: LibraryReader) => {
  const collections = [...reader.collections()]
    .filter((collection) => !collection.isDeleted)
    .map((collection) => ({
      id: collection.id,
      key: `${collection.type}:${collection.name}`,
      hidden: reader.hiddenIDs().has(collection.id),
      magicMetadata: collection.magicMetadata?.data ?? {},
      pubMagicMetadata: collection.pubMagicMetadata?.data ?? {},
    }))
    .sort(byKey);
  return {
    collections: collections.map(({ id: _id, ...rest }) => rest),
    files: Object.fromEntries(
      collections.map(({ id, key }) => [
        key,
        [...reader.filesOf(id)]
          .map((file) => ({
            id: file.id,
            magicMetadata: file.magicMetadata?.data ?? {},
            pubMagicMetadata: file.pubMagicMetadata?.data ?? {},
          }))
          .sort((a, b) => a.id - b.id),
      ]),
    ),
    counts: Object.fromEntries(collections.map(({ id, key }) => [key, reader.fileCountOf(id)])),
    trash: [...reader.trashEntries()].map((entry) => entry.file.id).sort((a, b) => a - b),
  };
};
