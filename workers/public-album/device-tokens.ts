// The device token a link's server hands out on `/public-collection/info`
// (`X-Ente-Link-Device-Token`), kept per access token so that this browser
// stays one device of the link across reloads (wire-contract §9, step 6).
//
// [Note: A link's device token is kept by the worker]
//
// A link with a device limit counts a device by its token (else by IP and
// user agent). A token forgotten at every reload would make one visitor
// count again after each reload once the IP changes (a phone moving between
// networks), and a free plan's link admits only 5. The token says nothing
// of the album and unlocks nothing by itself (the access token and the key
// do), so it is kept in clear, in an IndexedDB database of its own that the
// worker opens; the page never handles it.

import { Dexie, type Table } from "dexie";

export interface DeviceTokenStore {
  get(accessToken: string): Promise<string | undefined>;
  set(accessToken: string, deviceToken: string): Promise<void>;
}

/** Tokens for this worker's life only (tests, a browser without IndexedDB). */
export const memoryDeviceTokens = (): DeviceTokenStore => {
  const tokens = new Map<string, string>();
  return {
    get: (accessToken) => Promise.resolve(tokens.get(accessToken)),
    set: (accessToken, deviceToken) => {
      tokens.set(accessToken, deviceToken);
      return Promise.resolve();
    },
  };
};

/** The IndexedDB database of link device tokens. */
export const deviceTokenDatabaseName = "cairn-public-links";

interface DeviceTokenRow {
  accessToken: string;
  deviceToken: string;
}

class DeviceTokenDatabase extends Dexie {
  declare readonly tokens: Table<DeviceTokenRow, string>;

  constructor(indexedDB: IDBFactory, keyRange: typeof IDBKeyRange) {
    super(deviceTokenDatabaseName, { indexedDB, IDBKeyRange: keyRange });
    this.version(1).stores({ tokens: "accessToken" });
  }
}

/**
 * Tokens in IndexedDB. Storage failing (a private window, quota) only
 * means the token is not kept: the link then counts this browser by IP and
 * user agent, as it would without one.
 */
export const indexedDBDeviceTokens = (
  indexedDB: IDBFactory,
  keyRange: typeof IDBKeyRange,
): DeviceTokenStore => {
  const db = new DeviceTokenDatabase(indexedDB, keyRange);
  return {
    async get(accessToken) {
      try {
        return (await db.tokens.get(accessToken))?.deviceToken;
      } catch {
        return undefined;
      }
    },
    async set(accessToken, deviceToken) {
      try {
        await db.tokens.put({ accessToken, deviceToken });
      } catch {
        // Not kept: see above.
      }
    },
  };
};
