// The device token a link's server hands out on `/public-collection/info`
// (`X-Ente-Link-Device-Token`), kept per access token so that this browser
// stays one device of the link across reloads (wire-contract §9, step 6);
// the JWT its password earned, so that a reload does not ask again; and the
// name the visitor gave when adding photos, offered again next time.
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
//
// [Note: A link's password is asked once per browser]
//
// `verify-password` answers a JWT that the link's later calls carry; it
// proves the password was given and opens nothing by itself (the album key
// is in the fragment, the password never leaves the worker and is not
// kept). Held in memory only, every reload asked the password again. It is
// kept beside the device token; when the server refuses it (401: the owner
// changed the password) it is forgotten and the password is asked again.

import { Dexie, type Table } from "dexie";

export interface DeviceTokenStore {
  get(accessToken: string): Promise<string | undefined>;
  set(accessToken: string, deviceToken: string): Promise<void>;
  /** The JWT the link's password earned. See: [Note: A link's password is asked once per browser] */
  getPasswordToken(accessToken: string): Promise<string | undefined>;
  /** Keeps the password's JWT; undefined forgets it. */
  setPasswordToken(accessToken: string, jwt: string | undefined): Promise<void>;
  /** The name this browser's visitor gave last when adding photos through the link. */
  getUploaderName(accessToken: string): Promise<string | undefined>;
  setUploaderName(accessToken: string, name: string): Promise<void>;
}

/** Tokens for this worker's life only (tests, a browser without IndexedDB). */
export const memoryDeviceTokens = (): DeviceTokenStore => {
  const tokens = new Map<string, string>();
  const passwordTokens = new Map<string, string>();
  const uploaderNames = new Map<string, string>();
  return {
    get: (accessToken) => Promise.resolve(tokens.get(accessToken)),
    set: (accessToken, deviceToken) => {
      tokens.set(accessToken, deviceToken);
      return Promise.resolve();
    },
    getPasswordToken: (accessToken) => Promise.resolve(passwordTokens.get(accessToken)),
    setPasswordToken: (accessToken, jwt) => {
      if (jwt === undefined) passwordTokens.delete(accessToken);
      else passwordTokens.set(accessToken, jwt);
      return Promise.resolve();
    },
    getUploaderName: (accessToken) => Promise.resolve(uploaderNames.get(accessToken)),
    setUploaderName: (accessToken, name) => {
      uploaderNames.set(accessToken, name);
      return Promise.resolve();
    },
  };
};

/** The IndexedDB database of link device tokens. */
export const deviceTokenDatabaseName = "cairn-public-links";

interface DeviceTokenRow {
  accessToken: string;
  deviceToken?: string | undefined;
  passwordToken?: string | undefined;
  uploaderName?: string | undefined;
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
  const read = async (accessToken: string): Promise<DeviceTokenRow | undefined> => {
    try {
      return await db.tokens.get(accessToken);
    } catch {
      return undefined;
    }
  };
  /** Changes one of a link's values, keeping the others. */
  const change = async (accessToken: string, tokens: Omit<DeviceTokenRow, "accessToken">) => {
    try {
      await db.transaction("rw", db.tokens, async () => {
        const row = (await db.tokens.get(accessToken)) ?? { accessToken };
        await db.tokens.put({ ...row, ...tokens });
      });
    } catch {
      // Not kept: see above.
    }
  };
  return {
    async get(accessToken) {
      return (await read(accessToken))?.deviceToken;
    },
    async set(accessToken, deviceToken) {
      await change(accessToken, { deviceToken });
    },
    async getPasswordToken(accessToken) {
      return (await read(accessToken))?.passwordToken;
    },
    async setPasswordToken(accessToken, passwordToken) {
      await change(accessToken, { passwordToken });
    },
    async getUploaderName(accessToken) {
      return (await read(accessToken))?.uploaderName;
    },
    async setUploaderName(accessToken, uploaderName) {
      await change(accessToken, { uploaderName });
    },
  };
};
