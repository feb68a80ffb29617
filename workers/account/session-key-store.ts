// Keeping the master key across reloads of one tab, and nowhere else.

// [Note: The master key survives a reload, not a browser restart]
//
// The account worker holds the master key in memory; a reload ends the worker,
// so the key must be parked somewhere the reloaded tab can find it, without
// outliving the tab. The reference keeps it in sessionStorage encrypted under
// a random key stored *next to it*, which protects nothing. We split the
// secret across two stores that no single script can combine into bytes:
//
// - IndexedDB holds, per tab ("slot"), a random AES-256-GCM wrapping key made
//   by WebCrypto as **non-extractable**: no script (ours or injected) can read
//   its bytes, only ask the browser to use it, and only in this origin.
// - sessionStorage holds the master key sealed under that wrapping key (the
//   "session cipher", with the slot's id as associated data). sessionStorage
//   belongs to the tab: other tabs never see it and the browser drops it when
//   the tab closes.
//
// Neither store alone reveals the key: a copied sessionStorage is useless
// without the browser's non-extractable key, and a copied IndexedDB holds no
// key bytes at all. Workers cannot touch sessionStorage, so the UI thread
// carries the opaque session cipher in and out; it never sees the key.
//
// A browser restart must forget the key (the token stays, so `/credentials`
// asks for the password again). sessionStorage usually goes with the
// restart, but browsers that restore sessions may bring it back, and
// IndexedDB always persists. So a live tab's worker refreshes its slot's
// `lastSeenMs` every `slotHeartbeatIntervalMs`, and a slot not refreshed for
// `slotStaleAfterMs` is deleted: when a reloaded tab asks for it, and for
// every stale slot whenever a worker starts. A reload comes back within
// seconds; a restart (or a closed tab) leaves its slot to go stale. A tab that
// the browser froze for longer than that also loses its slot and asks for the
// password once: we prefer that to keeping keys of tabs that may be gone.
// Logout deletes the tab's slot and the whole database.

import { fromB64, toB64 } from "../../shared/crypto/base64";
import { sessionKeysDatabaseName } from "../../shared/model/accounts/session-keys-database";

const slotsStoreName = "slots";
const databaseVersion = 1;

/**
 * How often a live worker refreshes its slot. A minute: Chrome throttles
 * timers of hidden pages to about once a minute, and refreshing more often
 * buys nothing against `slotStaleAfterMs`.
 * See: [Note: The master key survives a reload, not a browser restart]
 */
export const slotHeartbeatIntervalMs = 60_000;

/**
 * How long a slot survives without a refresh: ten missed heartbeats. Long
 * enough for a throttled background tab, short enough that a browser
 * restarted later finds its old slots gone.
 * See: [Note: The master key survives a reload, not a browser restart]
 */
export const slotStaleAfterMs = 10 * slotHeartbeatIntervalMs;

/** AES-GCM's standard 96-bit IV, random per seal. */
const ivBytes = 12;

interface SlotRecord {
  wrappingKey: CryptoKey;
  lastSeenMs: number;
}

export interface SessionKeyStoreDependencies {
  indexedDB: IDBFactory;
  /** `crypto` of the worker (WebCrypto): `subtle` and `getRandomValues`. */
  crypto: Crypto;
  nowMs: () => number;
}

/** What the UI thread keeps in sessionStorage: opaque, useless without the tab's slot. */
export type SessionCipher = string;

export interface SessionKeyStore {
  /** Seals `masterKey` under a new slot's wrapping key; returns the session cipher. */
  seal(masterKey: Uint8Array): Promise<SessionCipher>;
  /** The master key sealed in `cipher`, or undefined when its slot is gone or stale, or the cipher is corrupt. */
  open(cipher: SessionCipher): Promise<Uint8Array | undefined>;
  /** Marks the slot of `cipher` as alive now. */
  touch(cipher: SessionCipher): Promise<void>;
  /** Deletes the slot of `cipher`. */
  forget(cipher: SessionCipher): Promise<void>;
  /** Deletes every slot not refreshed for `slotStaleAfterMs`; returns how many. */
  purgeStale(): Promise<number>;
}

interface CipherParts {
  slotID: string;
  ivB64: string;
  encryptedKeyB64: string;
}

const encodeCipher = (parts: CipherParts): SessionCipher => JSON.stringify(parts);

const decodeCipher = (cipher: SessionCipher): CipherParts | undefined => {
  try {
    const parsed: unknown = JSON.parse(cipher);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const { slotID, ivB64, encryptedKeyB64 } = parsed as Record<string, unknown>;
    if (typeof slotID !== "string" || typeof ivB64 !== "string") return undefined;
    if (typeof encryptedKeyB64 !== "string") return undefined;
    return { slotID, ivB64, encryptedKeyB64 };
  } catch {
    return undefined;
  }
};

const requestResult = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error("IndexedDB request failed"));
    };
  });

const transactionDone = (transaction: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    transaction.oncomplete = () => {
      resolve();
    };
    transaction.onerror = () => {
      reject(transaction.error ?? new Error("IndexedDB transaction failed"));
    };
    transaction.onabort = () => {
      reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
    };
  });

const isSlotRecord = (value: unknown): value is SlotRecord =>
  typeof value === "object" &&
  value !== null &&
  "wrappingKey" in value &&
  "lastSeenMs" in value &&
  typeof value.lastSeenMs === "number";

const copyToArrayBuffer = (bytes: Uint8Array): ArrayBuffer => {
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return copy.buffer;
};

export const createSessionKeyStore = ({
  indexedDB,
  crypto,
  nowMs,
}: SessionKeyStoreDependencies): SessionKeyStore => {
  const openDatabase = async (): Promise<IDBDatabase> => {
    const request = indexedDB.open(sessionKeysDatabaseName, databaseVersion);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(slotsStoreName);
    };
    return requestResult(request);
  };

  /** Runs `work` in one transaction on the slots store and closes the database after. */
  const withSlots = async <T>(
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => Promise<T>,
  ): Promise<T> => {
    const db = await openDatabase();
    try {
      const transaction = db.transaction(slotsStoreName, mode);
      const done = transactionDone(transaction);
      const result = await work(transaction.objectStore(slotsStoreName));
      await done;
      return result;
    } finally {
      db.close();
    }
  };

  const isStale = (record: SlotRecord) => nowMs() - record.lastSeenMs > slotStaleAfterMs;

  const randomSlotID = (): string => {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  };

  const slotIDBytes = (slotID: string) => new TextEncoder().encode(slotID);

  const deleteSlot = (slotID: string) =>
    withSlots("readwrite", (store) => requestResult(store.delete(slotID)));

  return {
    async seal(masterKey) {
      const wrappingKey = await crypto.subtle.generateKey(
        { name: "AES-GCM", length: 256 },
        false, // non-extractable. See: [Note: The master key survives a reload, not a browser restart]
        ["encrypt", "decrypt"],
      );
      const slotID = randomSlotID();
      const iv = crypto.getRandomValues(new Uint8Array(ivBytes));
      const encrypted = await crypto.subtle.encrypt(
        { name: "AES-GCM", iv, additionalData: slotIDBytes(slotID) },
        wrappingKey,
        copyToArrayBuffer(masterKey),
      );
      const record: SlotRecord = { wrappingKey, lastSeenMs: nowMs() };
      await withSlots("readwrite", (store) => requestResult(store.put(record, slotID)));
      return encodeCipher({
        slotID,
        ivB64: toB64(iv),
        encryptedKeyB64: toB64(new Uint8Array(encrypted)),
      });
    },

    async open(cipher) {
      const parts = decodeCipher(cipher);
      if (parts === undefined) return undefined;
      const record: unknown = await withSlots("readonly", (store) =>
        requestResult(store.get(parts.slotID)),
      );
      if (!isSlotRecord(record)) return undefined;
      if (isStale(record)) {
        await deleteSlot(parts.slotID);
        return undefined;
      }
      try {
        const decrypted = await crypto.subtle.decrypt(
          {
            name: "AES-GCM",
            iv: copyToArrayBuffer(fromB64(parts.ivB64)),
            additionalData: slotIDBytes(parts.slotID),
          },
          record.wrappingKey,
          copyToArrayBuffer(fromB64(parts.encryptedKeyB64)),
        );
        return new Uint8Array(decrypted);
      } catch {
        // A tampered or mismatched cipher: as good as no session.
        return undefined;
      }
    },

    async touch(cipher) {
      const parts = decodeCipher(cipher);
      if (parts === undefined) return;
      await withSlots("readwrite", async (store) => {
        const record: unknown = await requestResult(store.get(parts.slotID));
        if (!isSlotRecord(record)) return;
        await requestResult(store.put({ ...record, lastSeenMs: nowMs() }, parts.slotID));
      });
    },

    async forget(cipher) {
      const parts = decodeCipher(cipher);
      if (parts !== undefined) await deleteSlot(parts.slotID);
    },

    async purgeStale() {
      return withSlots("readwrite", async (store) => {
        const keys = await requestResult(store.getAllKeys());
        let purged = 0;
        for (const key of keys) {
          const record: unknown = await requestResult(store.get(key));
          if (!isSlotRecord(record) || isStale(record)) {
            await requestResult(store.delete(key));
            purged++;
          }
        }
        return purged;
      });
    },
  };
};
