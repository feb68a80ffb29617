import type {
  RemoteUserEntityJSON,
  userEntityEndpoints,
} from "../../../shared/api/endpoints/user-entity";
import type { AccountsServices } from "../accounts/services";
import type { DB } from "../db/db";
import { apiError, badRequest, notFound } from "../http/api-errors";
import type { HandlerMap } from "../http/register-endpoints";
import {
  entitiesChangedAfter,
  entityIDTaken,
  entityOf,
  insertEntity,
  markEntityDeleted,
  updateEntityData,
  type EntityDataRow,
} from "./entity-data-repository";
import { clientEntityIDProblem, isClientNamedEntityType, newEntityID } from "./entity-ids";
import { entityKeyOf, insertEntityKey } from "./entity-key-repository";
import { lockEntitiesForWrite } from "./entity-version";

// `/user-entity/*` (wire-contract "/user-entity"): an account's entity keys
// and entities. Every query is scoped to the caller, so another account's
// entity answers exactly as one that does not exist (404). Types, sizes and
// IDs are checked by the endpoints' schemas (400).

const entityJSON = (row: EntityDataRow): RemoteUserEntityJSON => ({
  id: row.id,
  userID: row.user_id,
  type: row.type,
  encryptedData: row.encrypted_data,
  header: row.header,
  isDeleted: row.is_deleted !== 0,
  createdAt: row.created_at_us,
  updatedAt: row.updated_at_us,
});

// [Note: A library share is updated only over the version its writer read]
//
// A library share (the Ente apps' record of sharing a whole library with
// another account) is edited by the owner's devices, and two devices
// writing at once must not lose one's change. So, as Ente's server does, its
// update must carry `expectedUpdatedAt`, the version the writer read, and is
// refused with 409 `INVALID_VERSION` when the stored version differs; the
// client then reads the diff again and reapplies its change. Other types may
// send it too and get the same check; without it the last write wins.

const alreadyExists = (message: string) => apiError(409, "ALREADY_EXISTS", message);

const entityNotFound = (id: string) => notFound(`No entity ${id}`);

export const createUserEntityHandlers = ({
  context,
}: AccountsServices): HandlerMap<typeof userEntityEndpoints> => {
  /** The caller's entity as stored now (inside the write's transaction). */
  const storedEntity = async (db: DB, userID: number, id: string) => {
    const row = await entityOf(db, userID, id);
    if (row === undefined) throw entityNotFound(id);
    return entityJSON(row);
  };

  return {
    createUserEntityKey: async ({ session, body }) => {
      const row = {
        user_id: session.userID,
        type: body.type,
        encrypted_key: body.encryptedKey,
        header: body.header,
        created_at_us: context.nowUs(),
      };
      if (await insertEntityKey(context.db, row)) return undefined;
      // [Note: An entity key is set once]
      // Another device may have created the type's key first; every entity
      // of the type is encrypted under that one, so it is never replaced. A
      // retry of the same key is answered as a success (as the reference
      // does); another key is refused, and the client fetches the stored one.
      const stored = await entityKeyOf(context.db, session.userID, body.type);
      if (stored?.encrypted_key === body.encryptedKey && stored.header === body.header) {
        return undefined;
      }
      throw alreadyExists(`The ${body.type} entity key exists already`);
    },

    getUserEntityKey: async ({ session, query }) => {
      const row = await entityKeyOf(context.db, session.userID, query.type);
      if (row === undefined) throw notFound(`No ${query.type} entity key`);
      return {
        userID: row.user_id,
        type: row.type,
        encryptedKey: row.encrypted_key,
        header: row.header,
        createdAt: row.created_at_us,
      };
    },

    createUserEntity: async ({ session, body }) => {
      const { userID } = session;
      // See: [Note: Entity IDs are prefixed random strings]
      const clientNamed = isClientNamedEntityType(body.type);
      const givenID = body.id;
      const idProblem = clientNamed ? clientEntityIDProblem(body.type, givenID, userID) : undefined;
      if (idProblem !== undefined) throw badRequest(idProblem);
      const id = clientNamed && givenID !== undefined ? givenID : newEntityID(body.type);
      return context.db.transaction().execute(async (trx) => {
        // See: [Note: User-entity versions only grow, per user, in commit order]
        const versionUs = await lockEntitiesForWrite(context, trx, userID);
        const data = { encrypted_data: body.encryptedData, header: body.header };
        const existing = clientNamed ? await entityOf(trx, userID, id) : undefined;
        if (existing !== undefined) {
          // A deleted smart album or library share comes back under its ID; a live one stays.
          if (existing.is_deleted === 0 || existing.type !== body.type) {
            throw alreadyExists(`Entity ${id} exists already`);
          }
          await updateEntityData(
            trx,
            { userID, id, type: body.type, revive: true },
            { ...data, updated_at_us: versionUs },
          );
        } else {
          if (clientNamed && (await entityIDTaken(trx, id))) {
            throw alreadyExists(`Entity ${id} exists already`);
          }
          await insertEntity(trx, {
            id,
            user_id: userID,
            type: body.type,
            ...data,
            created_at_us: versionUs,
            updated_at_us: versionUs,
          });
        }
        return storedEntity(trx, userID, id);
      });
    },

    updateUserEntity: async ({ session, body }) => {
      const { userID } = session;
      const { expectedUpdatedAt } = body;
      // See: [Note: A library share is updated only over the version its writer read]
      if (body.type === "library_share" && (expectedUpdatedAt ?? 0) <= 0) {
        throw badRequest("expectedUpdatedAt: a library_share is updated over the version read");
      }
      return context.db.transaction().execute(async (trx) => {
        const versionUs = await lockEntitiesForWrite(context, trx, userID);
        if (expectedUpdatedAt !== undefined) {
          const stored = await entityOf(trx, userID, body.id);
          if (stored === undefined || stored.is_deleted !== 0) throw entityNotFound(body.id);
          if (stored.updated_at_us !== expectedUpdatedAt) {
            throw apiError(409, "INVALID_VERSION", `Entity ${body.id} changed since that version`);
          }
        }
        const updated = await updateEntityData(
          trx,
          { userID, id: body.id, type: body.type, revive: false },
          { encrypted_data: body.encryptedData, header: body.header, updated_at_us: versionUs },
        );
        if (!updated) throw entityNotFound(body.id);
        return storedEntity(trx, userID, body.id);
      });
    },

    deleteUserEntity: async ({ session, query }) => {
      const { userID } = session;
      await context.db.transaction().execute(async (trx) => {
        const versionUs = await lockEntitiesForWrite(context, trx, userID);
        const existing = await entityOf(trx, userID, query.id);
        if (existing === undefined) throw entityNotFound(query.id);
        if (existing.is_deleted !== 0) return;
        await markEntityDeleted(trx, userID, query.id, versionUs);
      });
      return undefined;
    },

    getUserEntityDiff: async ({ session, query }) => {
      // Versions are unique per user, so a full page never splits one.
      // See: [Note: User-entity versions only grow, per user, in commit order]
      const rows = await entitiesChangedAfter(
        context.db,
        session.userID,
        query.type,
        query.sinceTime,
        query.limit,
      );
      return { diff: rows.map(entityJSON) };
    },
  };
};
