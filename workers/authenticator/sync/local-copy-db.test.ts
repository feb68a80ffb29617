import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, it } from "vitest";
import { generateKeyB64 } from "../../../shared/crypto";
import { createLocalCipher } from "../../sync/local-cipher";
import { inProcessCryptoPool } from "../../sync/test-support/sync-store";
import type { AuthenticatorSyncState } from "./authenticator-state";
import { createAuthenticatorSync } from "./authenticator-sync";
import { authenticatorDatabaseName, indexedDBAuthenticatorLocalCopy } from "./local-copy-db";
import {
  FakeAuthenticatorServer,
  fakeEntityCipher,
  ManualClock,
} from "./test-support/fake-authenticator-server";

const pool = inProcessCryptoPool();
const secretURI = "otpauth://totp/Bank:ana?secret=JBSWY3DPEHPK3PXPSECRETVALUE";

const state: AuthenticatorSyncState = {
  syncTimeUs: 1_800_000_000_000_123,
  entities: new Map([
    [
      "2b1f3c4d-0000-4000-8000-000000000001",
      { updatedAtUs: 1_800_000_000_000_100, plaintext: secretURI },
    ],
  ]),
  pending: [
    {
      kind: "create",
      id: "local-abc",
      plaintext: "otpauth://totp/Mail?secret=AAAA",
      editedAtMs: 5,
    },
    {
      kind: "update",
      id: "2b1f3c4d-0000-4000-8000-000000000001",
      plaintext: "x",
      editedAtMs: 6,
      baseUpdatedAtUs: undefined,
    },
    {
      kind: "remove",
      id: "2b1f3c4d-0000-4000-8000-000000000002",
      editedAtMs: 7,
      baseUpdatedAtUs: 42,
    },
  ],
  undecryptableIDs: new Set(["2b1f3c4d-0000-4000-8000-000000000009"]),
};

const latin1 = new TextDecoder("latin1");

/** Every stored value of the authenticator database, as text (bytes as Latin-1). */
const storedText = async (indexedDB: IDBFactory): Promise<string> => {
  const request = indexedDB.open(authenticatorDatabaseName);
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => {
      resolve(request.result);
    };
    request.onerror = () => {
      reject(request.error ?? new Error("open failed"));
    };
  });
  const parts: string[] = [];
  const walk = (value: unknown): void => {
    if (value instanceof Uint8Array) parts.push(latin1.decode(value));
    else if (typeof value === "string" || typeof value === "number") parts.push(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) Object.values(value).forEach(walk);
  };
  for (const name of db.objectStoreNames) {
    const all = db.transaction(name).objectStore(name).getAll();
    walk(
      await new Promise((resolve) => {
        all.onsuccess = () => {
          resolve(all.result);
        };
      }),
    );
  }
  db.close();
  return parts.join("\n");
};

describe("indexedDBAuthenticatorLocalCopy", () => {
  it("gives back the state it saved, under the same key", async () => {
    const indexedDB = new IDBFactory();
    const keyB64 = await generateKeyB64();
    const sealer = createLocalCipher(pool, keyB64);
    const copy = indexedDBAuthenticatorLocalCopy({ indexedDB, IDBKeyRange, sealer });
    expect(await copy.load()).toBeUndefined();
    await copy.save(state);
    await copy.close();

    const reopened = indexedDBAuthenticatorLocalCopy({ indexedDB, IDBKeyRange, sealer });
    expect(await reopened.load()).toEqual(state);
    await reopened.close();
  });

  it("stores nothing in clear: no plaintext, no entity ID", async () => {
    const indexedDB = new IDBFactory();
    const sealer = createLocalCipher(pool, await generateKeyB64());
    const copy = indexedDBAuthenticatorLocalCopy({ indexedDB, IDBKeyRange, sealer });
    await copy.save(state);
    await copy.close();

    const stored = await storedText(indexedDB);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored).not.toContain("JBSWY3DPEHPK3PXP");
    expect(stored).not.toContain("otpauth");
    expect(stored).not.toContain("2b1f3c4d");
    expect(stored).not.toContain("local-abc");
  });

  it("reads a copy sealed under another key as none", async () => {
    const indexedDB = new IDBFactory();
    const copy = indexedDBAuthenticatorLocalCopy({
      indexedDB,
      IDBKeyRange,
      sealer: createLocalCipher(pool, await generateKeyB64()),
    });
    await copy.save(state);
    await copy.close();

    const otherKey = indexedDBAuthenticatorLocalCopy({
      indexedDB,
      IDBKeyRange,
      sealer: createLocalCipher(pool, await generateKeyB64()),
    });
    expect(await otherKey.load()).toBeUndefined();
    await otherKey.close();
  });

  it("keeps an engine's offline edit sealed over a reload", async () => {
    const indexedDB = new IDBFactory();
    const sealer = createLocalCipher(pool, await generateKeyB64());
    const server = new FakeAuthenticatorServer(new ManualClock());
    const engineOverIndexedDB = () =>
      createAuthenticatorSync({
        remote: server.remote(),
        cipher: fakeEntityCipher(),
        localCopy: indexedDBAuthenticatorLocalCopy({ indexedDB, IDBKeyRange, sealer }),
        nowMs: () => server.clock.nowMs,
        isOnline: () => false,
      });
    const engine = engineOverIndexedDB();
    await engine.load();
    const id = await engine.create(secretURI);
    await engine.close();

    expect(await storedText(indexedDB)).not.toContain("JBSWY3DPEHPK3PXP");
    const reloaded = engineOverIndexedDB();
    await reloaded.load();
    expect(reloaded.entries()).toEqual([{ id, plaintext: secretURI, pending: true }]);
    await reloaded.close();
  });
});
