import { randomUUID } from "node:crypto";
import type {
  authenticatorEndpoints,
  RemoteAuthenticatorEntityJSON,
} from "../../../shared/api/endpoints/authenticator";
import type { AccountsServices } from "../accounts/services";
import type { DB } from "../db/db";
import { apiError, notFound } from "../http/api-errors";
import type { HandlerMap } from "../http/register-endpoints";
import {
  authenticatorEntitiesChangedAfter,
  authenticatorEntityOf,
  insertAuthenticatorEntity,
  liveAuthenticatorEntityCount,
  markAuthenticatorEntityDeleted,
  updateAuthenticatorEntityData,
  type AuthenticatorEntityRow,
} from "./authenticator-entity-repository";
import { authenticatorKeyOf, insertAuthenticatorKey } from "./authenticator-key-repository";
import {
  ensureAuthenticatorDataSize,
  ensureRoomForAuthenticatorEntity,
} from "./authenticator-limits";
import { lockAuthenticatorForWrite } from "./authenticator-version";

// `/authenticator/*` (wire-contract "Authenticator entities"): the auth
// app's key and 2FA codes. Every query is scoped to the caller, so another
// account's code answers exactly as one that does not exist (404). Shapes,
// sizes of keys and headers, and IDs are checked by the endpoints' schemas
// (400); the upper size and the count by `authenticator-limits`.
//
// [Note: Authenticator codes do not wait for the key]
//
// A code is stored whether or not the account has posted its authenticator
// key yet, as the reference does. The server never opens the ciphertext, so
// it could not check that a code is sealed under the stored key anyway, and
// the clients create (or fetch) the key before sealing their first code.
// Requiring it would only add an ordering between two calls that a client
// on a flaky network may retry in any order.

const entityJSON = (row: AuthenticatorEntityRow): RemoteAuthenticatorEntityJSON => ({
  id: row.id,
  userID: row.user_id,
  encryptedData: row.encrypted_data,
  header: row.header,
  isDeleted: row.is_deleted !== 0,
  createdAt: row.created_at_us,
  updatedAt: row.updated_at_us,
});

const entityNotFound = (id: string) => notFound(`No authenticator code ${id}`);

export const createAuthenticatorHandlers = ({
  context,
}: AccountsServices): HandlerMap<typeof authenticatorEndpoints> => {
  /** The caller's code as stored now (inside the write's transaction). */
  const storedEntity = async (db: DB, userID: number, id: string) => {
    const row = await authenticatorEntityOf(db, userID, id);
    if (row === undefined) throw entityNotFound(id);
    return entityJSON(row);
  };

  return {
    createAuthenticatorKey: async ({ session, body }) => {
      const row = {
        user_id: session.userID,
        encrypted_key: body.encryptedKey,
        header: body.header,
        created_at_us: context.nowUs(),
      };
      if (await insertAuthenticatorKey(context.db, row)) return undefined;
      // As for a user-entity type's key (see [Note: An entity key is set
      // once]): every code is sealed under the one key, so it is never
      // replaced; a retry of the same key succeeds, another is refused.
      const stored = await authenticatorKeyOf(context.db, session.userID);
      if (stored?.encrypted_key === body.encryptedKey && stored.header === body.header) {
        return undefined;
      }
      throw apiError(409, "ALREADY_EXISTS", "The authenticator key exists already");
    },

    getAuthenticatorKey: async ({ session }) => {
      const row = await authenticatorKeyOf(context.db, session.userID);
      if (row === undefined) throw notFound("No authenticator key");
      return {
        userID: row.user_id,
        encryptedKey: row.encrypted_key,
        header: row.header,
        createdAt: row.created_at_us,
      };
    },

    createAuthenticatorEntity: async ({ session, body }) => {
      const { userID } = session;
      // See: [Note: Authenticator codes do not wait for the key]
      ensureAuthenticatorDataSize(body.encryptedData);
      const id = randomUUID();
      return context.db.transaction().execute(async (trx) => {
        // See: [Note: Authenticator versions only grow, per user, in commit order]
        const versionUs = await lockAuthenticatorForWrite(context, trx, userID);
        ensureRoomForAuthenticatorEntity(await liveAuthenticatorEntityCount(trx, userID));
        await insertAuthenticatorEntity(trx, {
          id,
          user_id: userID,
          encrypted_data: body.encryptedData,
          header: body.header,
          created_at_us: versionUs,
          updated_at_us: versionUs,
        });
        return storedEntity(trx, userID, id);
      });
    },

    updateAuthenticatorEntity: async ({ session, body }) => {
      const { userID } = session;
      ensureAuthenticatorDataSize(body.encryptedData);
      await context.db.transaction().execute(async (trx) => {
        const versionUs = await lockAuthenticatorForWrite(context, trx, userID);
        const updated = await updateAuthenticatorEntityData(
          trx,
          { userID, id: body.id },
          { encrypted_data: body.encryptedData, header: body.header, updated_at_us: versionUs },
        );
        if (!updated) throw entityNotFound(body.id);
      });
      return undefined;
    },

    deleteAuthenticatorEntity: async ({ session, query }) => {
      const { userID } = session;
      await context.db.transaction().execute(async (trx) => {
        const versionUs = await lockAuthenticatorForWrite(context, trx, userID);
        const existing = await authenticatorEntityOf(trx, userID, query.id);
        if (existing === undefined) throw entityNotFound(query.id);
        if (existing.is_deleted !== 0) return;
        await markAuthenticatorEntityDeleted(trx, userID, query.id, versionUs);
      });
      return undefined;
    },

    getAuthenticatorDiff: async ({ session, query }) => {
      // Versions are unique per user, so a full page never splits one.
      // See: [Note: Authenticator versions only grow, per user, in commit order]
      const rows = await authenticatorEntitiesChangedAfter(
        context.db,
        session.userID,
        query.sinceTime,
        query.limit,
      );
      return { diff: rows.map(entityJSON) };
    },
  };
};
