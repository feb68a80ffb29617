// The account's user entities (wire-contract "/user-entity"): people
// ("cgroup"), location tags and the like, end-to-end encrypted. Each type
// has one key, wrapped under the master key by the keyring; each entity is
// a Blob of its JSON (gzipped for the newer types) under that key.
// See: [Note: Library workers get keys through a keyring, never the master key]
// See: [Note: Some user entity types are gzipped before encryption]

import type { ApiClient } from "../../shared/api/client";
import {
  type RemoteUserEntity,
  type UserEntityType,
  createUserEntity,
  createUserEntityKey,
  deleteUserEntity,
  getUserEntityDiff,
  getUserEntityKey,
  updateUserEntity,
} from "../../shared/api/endpoints/user-entity";
import { fromB64, toB64 } from "../../shared/crypto/base64";
import { HttpError, NotFoundError } from "../../shared/model/errors";
import type { CryptoPool } from "../crypto/pool";
import type { LibraryKeyring, WrappedUserEntityKey } from "../library/keyring";
import { decodeEntityData, encodeEntityData } from "./entity-encoding";

export interface UserEntitiesDeps {
  api: Pick<ApiClient, "call">;
  keyring: Pick<LibraryKeyring, "openUserEntityKey" | "wrapUserEntityKey">;
  pool: Pick<CryptoPool, "encryptBlobs" | "decryptBlobs" | "generateKeyB64">;
  /** Entries asked for per diff call; the reference web app's 500 by default. */
  pageSize?: number;
}

/** An entity as stored, decrypted. */
export interface UserEntity {
  id: string;
  /** The entity's JSON; its shape is the type's. */
  data: unknown;
  /** µs; the entity's version on the server. */
  updatedAt: number;
}

/** What changed in a type's entities since a time. */
export interface UserEntityChanges {
  /** Created or updated, each once with its newest data, oldest change first. */
  entities: UserEntity[];
  /** Deleted since (and not created again). */
  deletedIDs: string[];
  /** Entities whose data did not decrypt or decode (another client's bug): left out. */
  unreadableIDs: string[];
  /** Where the next pull starts. */
  sinceTime: number;
}

export interface UserEntities {
  /** The type's key (base64), fetched once, created when the account has none. */
  entityKey(type: UserEntityType): Promise<string>;
  /** The type's changes after `sinceTime` (0: everything), following the diff to its end. */
  pull(type: UserEntityType, sinceTime: number): Promise<UserEntityChanges>;
  /** A new entity; `id` only for a smart album, whose ID (`sa_<userID>_…`) the client picks. */
  create(type: UserEntityType, data: unknown, id?: string): Promise<UserEntity>;
  update(type: UserEntityType, id: string, data: unknown): Promise<UserEntity>;
  remove(id: string): Promise<void>;
}

/**
 * Entries per diff call: the reference web app's page. The server allows up
 * to 5000; 500 keeps a page of people (a few KB each) around a megabyte.
 */
const defaultPageSize = 500;

const isAlreadyExists = (error: unknown) =>
  error instanceof HttpError && error.status === 409 && error.code === "ALREADY_EXISTS";

export const createUserEntities = ({
  api,
  keyring,
  pool,
  pageSize = defaultPageSize,
}: UserEntitiesDeps): UserEntities => {
  const keys = new Map<UserEntityType, Promise<string>>();

  const fetchWrappedKey = async (
    type: UserEntityType,
  ): Promise<WrappedUserEntityKey | undefined> => {
    try {
      return await api.call(getUserEntityKey, { query: { type } });
    } catch (error) {
      if (error instanceof NotFoundError) return undefined;
      throw error;
    }
  };

  // [Note: A user entity key is created by the first device, and only once]
  //
  // A type's key is fetched; when the account has none, this device makes
  // one, wraps it and posts it. Two devices may do so at once: the server
  // keeps the first key and refuses the second with 409 ALREADY_EXISTS (see
  // [Note: An entity key is set once]), and the refused device fetches and
  // uses the stored one, so every entity of the type is under one key.
  const ensureEntityKey = async (type: UserEntityType): Promise<string> => {
    const stored = await fetchWrappedKey(type);
    if (stored !== undefined) return keyring.openUserEntityKey(stored);
    const keyB64 = await pool.generateKeyB64();
    const wrapped = await keyring.wrapUserEntityKey(keyB64);
    try {
      await api.call(createUserEntityKey, { body: { type, ...wrapped } });
      return keyB64;
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
    }
    const winner = await fetchWrappedKey(type);
    if (winner === undefined) throw new Error(`The ${type} key was refused yet is absent`);
    return keyring.openUserEntityKey(winner);
  };

  const entityKey = (type: UserEntityType): Promise<string> => {
    let key = keys.get(type);
    if (key === undefined) {
      key = ensureEntityKey(type);
      keys.set(type, key);
      // A failure (offline, locked) is not kept: the next call tries again.
      key.catch(() => keys.delete(type));
    }
    return key;
  };

  const seal = async (type: UserEntityType, data: unknown) => {
    const keyB64 = await entityKey(type);
    const [sealed] = await pool.encryptBlobs([
      { data: await encodeEntityData(type, data), keyB64 },
    ]);
    if (sealed === undefined) throw new Error("The crypto pool encrypted nothing");
    return { encryptedData: toB64(sealed.encryptedData), header: sealed.decryptionHeaderB64 };
  };

  /** The live entities of a page, decrypted; those that do not open are answered apart. */
  const openPage = async (type: UserEntityType, live: readonly RemoteUserEntity[]) => {
    // Nothing to open: an account that never used the type gets no key for
    // it from merely reading it (a search reads the location tags of every account).
    if (live.length === 0) return [];
    const keyB64 = await entityKey(type);
    const opened = await pool.decryptBlobs(
      live.map((entity) => ({
        encryptedData: fromB64(entity.encryptedData ?? ""),
        decryptionHeaderB64: entity.header ?? "",
        keyB64,
      })),
    );
    return Promise.all(
      live.map(async (entity, index) => {
        const result = opened[index];
        if (result?.ok !== true) return { entity, data: undefined, readable: false };
        try {
          return { entity, data: await decodeEntityData(type, result.value), readable: true };
        } catch {
          return { entity, data: undefined, readable: false };
        }
      }),
    );
  };

  return {
    entityKey,

    pull: async (type, sinceTime) => {
      // An entity's newest change wins; a Map keeps the order of the last one.
      const changes = new Map<string, { entity?: UserEntity; deleted?: true; unreadable?: true }>();
      const record = (
        id: string,
        change: { entity?: UserEntity; deleted?: true; unreadable?: true },
      ) => {
        changes.delete(id);
        changes.set(id, change);
      };
      let since = sinceTime;
      for (;;) {
        const { diff } = await api.call(getUserEntityDiff, {
          query: { type, sinceTime: since, limit: pageSize },
        });
        const page = diff ?? [];
        const opened = await openPage(
          type,
          page.filter((entity) => !entity.isDeleted),
        );
        const openedByID = new Map(opened.map((item) => [item.entity.id, item]));
        for (const entity of page) {
          since = Math.max(since, entity.updatedAt);
          const item = openedByID.get(entity.id);
          if (entity.isDeleted) record(entity.id, { deleted: true });
          else if (item?.readable !== true) record(entity.id, { unreadable: true });
          else
            record(entity.id, {
              entity: { id: entity.id, data: item.data, updatedAt: entity.updatedAt },
            });
        }
        // See: [Note: User-entity versions only grow, per user, in commit order]
        if (page.length < pageSize) break;
      }
      const result: UserEntityChanges = {
        entities: [],
        deletedIDs: [],
        unreadableIDs: [],
        sinceTime: since,
      };
      for (const [id, change] of changes) {
        if (change.entity !== undefined) result.entities.push(change.entity);
        else if (change.deleted === true) result.deletedIDs.push(id);
        else result.unreadableIDs.push(id);
      }
      return result;
    },

    create: async (type, data, id) => {
      const created = await api.call(createUserEntity, {
        body: { type, ...(await seal(type, data)), ...(id === undefined ? {} : { id }) },
      });
      return { id: created.id, data, updatedAt: created.updatedAt };
    },

    update: async (type, id, data) => {
      const updated = await api.call(updateUserEntity, {
        body: { id, type, ...(await seal(type, data)) },
      });
      return { id: updated.id, data, updatedAt: updated.updatedAt };
    },

    remove: async (id) => {
      await api.call(deleteUserEntity, { query: { id } });
    },
  };
};
