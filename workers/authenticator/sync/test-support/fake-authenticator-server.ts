// A tiny in-memory authenticator server for the sync engine's tests: a µs
// clock, UUIDs, tombstones, diff pages that never split a version, and
// switches for the failures a real one has (offline, 5xx, a size limit).

import {
  ClientError,
  NetworkError,
  NotFoundError,
  ServerError,
} from "../../../../shared/model/errors";
import type {
  AuthenticatorRemote,
  EntityCipher,
  RemoteAuthenticatorEntity,
  SealedEntityData,
} from "../authenticator-remote";
import type { AuthenticatorSyncState } from "../authenticator-state";
import type { AuthenticatorLocalCopy } from "../local-copy";
import { stateFromStored, storedStateOf } from "../local-copy";

/** The device clocks and the server's, moved by hand. */
export class ManualClock {
  nowMs = 1_800_000_000_000;

  advance(ms: number) {
    this.nowMs += ms;
  }
}

export type ServerCall = "entityDiff" | "createEntity" | "updateEntity" | "deleteEntity";

export class FakeAuthenticatorServer {
  readonly entities = new Map<string, RemoteAuthenticatorEntity>();
  readonly calls: { call: ServerCall; args: unknown[] }[] = [];
  /** Every call fails as if the network were down. */
  offline = false;
  /** Every call answers 500. */
  failing = false;
  /** Larger ciphertexts are refused with 413. */
  maxEncryptedDataChars = Number.MAX_SAFE_INTEGER;
  /** The server's clock minus the devices'. */
  clockOffsetMs = 0;
  #lastUs = 0;
  #nextID = 1;

  constructor(readonly clock: ManualClock) {}

  /** A version: the server clock in µs, always later than the last. */
  #stampUs(): number {
    this.#lastUs = Math.max(this.#lastUs + 1, (this.clock.nowMs + this.clockOffsetMs) * 1000);
    return this.#lastUs;
  }

  #check(call: ServerCall, args: unknown[]) {
    this.calls.push({ call, args });
    if (this.offline) throw new NetworkError({ cause: new TypeError("Failed to fetch") });
    if (this.failing) throw new ServerError({ status: 500 });
  }

  /** Stores an entity as another client would (e.g. one sealed under another key). */
  put(sealed: SealedEntityData): RemoteAuthenticatorEntity {
    const nowUs = this.#stampUs();
    const entity: RemoteAuthenticatorEntity = {
      id: `00000000-0000-4000-8000-${String(this.#nextID++).padStart(12, "0")}`,
      userID: 1,
      ...sealed,
      isDeleted: false,
      createdAt: nowUs,
      updatedAt: nowUs,
    };
    this.entities.set(entity.id, entity);
    return { ...entity };
  }

  /** The live entities' IDs. */
  liveIDs(): string[] {
    return [...this.entities.values()].filter((e) => !e.isDeleted).map((e) => e.id);
  }

  remote(): AuthenticatorRemote {
    return {
      entityDiff: (sinceTimeUs, limit) => {
        this.#check("entityDiff", [sinceTimeUs, limit]);
        const changed = [...this.entities.values()]
          .filter((e) => e.updatedAt > sinceTimeUs)
          .sort((a, b) => a.updatedAt - b.updatedAt);
        let end = Math.min(limit, changed.length);
        // Never split a version: the page takes every entity of its last one.
        while (end < changed.length && changed[end]?.updatedAt === changed[end - 1]?.updatedAt) {
          end += 1;
        }
        return Promise.resolve(changed.slice(0, end).map((e) => ({ ...e })));
      },
      createEntity: (sealed) => {
        this.#check("createEntity", [sealed]);
        if (sealed.encryptedData.length > this.maxEncryptedDataChars) {
          throw new ClientError({ status: 413, code: "REQUEST_TOO_LARGE" });
        }
        return Promise.resolve(this.put(sealed));
      },
      updateEntity: (id, sealed) => {
        this.#check("updateEntity", [id, sealed]);
        const entity = this.entities.get(id);
        if (entity === undefined || entity.isDeleted) throw new NotFoundError({ status: 404 });
        if (sealed.encryptedData.length > this.maxEncryptedDataChars) {
          throw new ClientError({ status: 413, code: "REQUEST_TOO_LARGE" });
        }
        this.entities.set(id, { ...entity, ...sealed, updatedAt: this.#stampUs() });
        return Promise.resolve();
      },
      deleteEntity: (id) => {
        this.#check("deleteEntity", [id]);
        const entity = this.entities.get(id);
        if (entity === undefined) throw new NotFoundError({ status: 404 });
        if (!entity.isDeleted) {
          this.entities.set(id, {
            ...entity,
            encryptedData: null,
            header: null,
            isDeleted: true,
            updatedAt: this.#stampUs(),
          });
        }
        return Promise.resolve();
      },
    };
  }

  callsOf(call: ServerCall) {
    return this.calls.filter((c) => c.call === call);
  }
}

/**
 * A reversible stand-in for the authenticator key: "sealing" is base64 of
 * the key's name and the plaintext, and only the same name opens it.
 */
export const fakeEntityCipher = (keyName = "key-1"): EntityCipher => ({
  seal: (plaintexts) =>
    Promise.resolve(
      plaintexts.map((plaintext) => ({
        encryptedData: Buffer.from(`${keyName}:${plaintext}`).toString("base64"),
        header: Buffer.from(keyName).toString("base64"),
      })),
    ),
  open: (sealed) =>
    Promise.resolve(
      sealed.map(({ encryptedData }) => {
        const text = Buffer.from(encryptedData, "base64").toString();
        return text.startsWith(`${keyName}:`)
          ? { ok: true as const, plaintext: text.slice(keyName.length + 1) }
          : { ok: false as const };
      }),
    ),
});

/** A local copy in memory, through the same JSON as the IndexedDB one (one per "browser profile"). */
export class MemoryLocalCopy implements AuthenticatorLocalCopy {
  savedJSON: string | undefined;
  saves = 0;

  load() {
    return Promise.resolve(
      this.savedJSON === undefined ? undefined : stateFromStored(JSON.parse(this.savedJSON)),
    );
  }

  save(state: AuthenticatorSyncState) {
    this.savedJSON = JSON.stringify(storedStateOf(state));
    this.saves += 1;
    return Promise.resolve();
  }

  close() {
    return Promise.resolve();
  }
}
