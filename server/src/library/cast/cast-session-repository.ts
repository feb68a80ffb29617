import type { Selectable } from "kysely";
import type { DB } from "../../db/db";
import type { CastSessionsTable } from "../../db/schema";

// The queries of cast sessions (`cast_sessions`, one row per registered TV).
// See: [Note: One repository per table family]

export type CastSessionRow = Selectable<CastSessionsTable>;

export const insertCastSession = async (db: DB, row: CastSessionRow): Promise<void> => {
  await db.insertInto("cast_sessions").values(row).execute();
};

/** The TV registered with a (normalised) pairing code, whatever its state. */
export const castSessionOfCode = (
  db: DB,
  pairingCode: string,
): Promise<CastSessionRow | undefined> =>
  db
    .selectFrom("cast_sessions")
    .selectAll()
    .where("pairing_code", "=", pairingCode)
    .executeTakeFirst();

/** The paired TV holding a cast token, by the token's hash. */
export const castSessionOfTokenHash = (
  db: DB,
  tokenHash: string,
): Promise<CastSessionRow | undefined> =>
  db.selectFrom("cast_sessions").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();

export interface CastPairing {
  deviceID: string;
  collectionID: number;
  casterID: number;
  tokenHash: string;
  encryptedPayload: string;
  nowUs: number;
}

/**
 * Pairs a TV that is still unpaired; false when another sender paired it
 * first (the row is read before, so only a race gets here).
 */
export const pairCastSession = async (db: DB, pairing: CastPairing): Promise<boolean> => {
  const result = await db
    .updateTable("cast_sessions")
    .set({
      collection_id: pairing.collectionID,
      caster_id: pairing.casterID,
      token_hash: pairing.tokenHash,
      encrypted_payload: pairing.encryptedPayload,
      last_used_at_us: pairing.nowUs,
    })
    .where("device_id", "=", pairing.deviceID)
    .where("collection_id", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
};

/** A caster's paired sessions used since `usedSinceUs`, newest pairing first. */
export const castSessionsOfCaster = (
  db: DB,
  casterID: number,
  usedSinceUs: number,
): Promise<CastSessionRow[]> =>
  db
    .selectFrom("cast_sessions")
    .selectAll()
    .where("caster_id", "=", casterID)
    .where("last_used_at_us", ">", usedSinceUs)
    .orderBy("created_at_us", "desc")
    .orderBy("device_id")
    .execute();

export const touchCastSession = async (db: DB, deviceID: string, nowUs: number): Promise<void> => {
  await db
    .updateTable("cast_sessions")
    .set({ last_used_at_us: nowUs })
    .where("device_id", "=", deviceID)
    .execute();
};

/** Ends one of a caster's sessions; false when the caster has no such device. */
export const deleteCastSessionOfCaster = async (
  db: DB,
  casterID: number,
  deviceID: string,
): Promise<boolean> => {
  const result = await db
    .deleteFrom("cast_sessions")
    .where("device_id", "=", deviceID)
    .where("caster_id", "=", casterID)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
};

export const deleteCastSessionsOfCaster = async (db: DB, casterID: number): Promise<void> => {
  await db.deleteFrom("cast_sessions").where("caster_id", "=", casterID).execute();
};

/** Ends the sessions showing a collection: every one, or those one caster paired. */
export const deleteCastSessionsOfCollection = async (
  db: DB,
  collectionID: number,
  casterID?: number,
): Promise<void> => {
  let query = db.deleteFrom("cast_sessions").where("collection_id", "=", collectionID);
  if (casterID !== undefined) query = query.where("caster_id", "=", casterID);
  await query.execute();
};

/** For account deletion: the user's sessions, and every session showing one of its collections. */
export const deleteCastSessionsOfAccount = async (db: DB, userID: number): Promise<void> => {
  await db
    .deleteFrom("cast_sessions")
    .where((eb) =>
      eb.or([
        eb("caster_id", "=", userID),
        eb(
          "collection_id",
          "in",
          eb.selectFrom("collections").select("collection_id").where("owner_id", "=", userID),
        ),
      ]),
    )
    .execute();
};

/**
 * Deletes the rows that can no longer be used: codes never paired that were
 * registered at or before `registeredByUs`, sessions last used at or before
 * `lastUsedByUs` (the bounds `castSessionState` calls expired). Answers how
 * many went. See: [Note: A cast pairing lives an hour, a cast session a week of disuse]
 */
export const deleteStaleCastSessions = async (
  db: DB,
  { registeredByUs, lastUsedByUs }: { registeredByUs: number; lastUsedByUs: number },
): Promise<number> => {
  const result = await db
    .deleteFrom("cast_sessions")
    .where((eb) =>
      eb.or([
        eb.and([eb("collection_id", "is", null), eb("created_at_us", "<=", registeredByUs)]),
        eb.and([eb("collection_id", "is not", null), eb("last_used_at_us", "<=", lastUsedByUs)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};
