import type { Selectable } from "kysely";
import { newUUID } from "../accounts/server-crypto";
import type { DB } from "../db/db";
import type { FamiliesTable, FamilyStatus } from "../db/schema";
import { activeFamilyStatuses, listedFamilyStatuses } from "./family-rules";

// The queries of the `families` table (and the usage and plans the families
// read), for the families handlers, the upload quota and the user details.
// See: [Note: One repository per table family]
//
// [Note: Family membership lives only in the families table]
//
// The reference keeps `users.family_admin_id` beside the `families` rows,
// two records of one fact that must be updated together. Here an account's
// family is its one SELF (admin) or ACCEPTED (member) row, and a partial
// unique index (migration 0006) lets the database itself refuse a second
// one, even to two concurrent accepts; the admin is that row's `admin_id`.
// So `users` has no `family_admin_id`.

export type FamilyRow = Selectable<FamiliesTable>;

/** The account's SELF or ACCEPTED row: the family it belongs to, if any. */
export const activeMembershipOf = (db: DB, userID: number): Promise<FamilyRow | undefined> =>
  db
    .selectFrom("families")
    .selectAll()
    .where("member_id", "=", userID)
    .where("status", "in", activeFamilyStatuses)
    .executeTakeFirst();

/** An admin's listed rows (admin, members, pending invites), admin first, then oldest first. */
export const listedFamilyRowsOf = (db: DB, adminID: number): Promise<FamilyRow[]> =>
  db
    .selectFrom("families")
    .selectAll()
    .where("admin_id", "=", adminID)
    .where("status", "in", listedFamilyStatuses)
    .orderBy("created_at_us")
    .orderBy("id")
    .execute();

export const familyRowByID = (db: DB, id: string): Promise<FamilyRow | undefined> =>
  db.selectFrom("families").selectAll().where("id", "=", id).executeTakeFirst();

/** The row whose invite token has this keyed hash. See: [Note: Invite tokens are kept as a keyed hash] */
export const familyRowByTokenHash = (db: DB, tokenHash: string): Promise<FamilyRow | undefined> =>
  db.selectFrom("families").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();

/** The ACCEPTED rows naming `userID` as admin or member. */
export const acceptedFamilyRowsNaming = (db: DB, userID: number) =>
  db
    .selectFrom("families")
    .select(["admin_id", "member_id"])
    .where("status", "=", "ACCEPTED")
    .where((eb) => eb.or([eb("admin_id", "=", userID), eb("member_id", "=", userID)]))
    .execute();

/** Deletes every row naming `userID` as admin or member. */
export const deleteFamilyRowsNaming = async (db: DB, userID: number): Promise<void> => {
  await db
    .deleteFrom("families")
    .where((eb) => eb.or([eb("admin_id", "=", userID), eb("member_id", "=", userID)]))
    .execute();
};

export interface NewFamilyRow {
  adminID: number;
  memberID: number;
  status: Extract<FamilyStatus, "SELF" | "INVITED">;
  /** See: [Note: Invite tokens are kept as a keyed hash] */
  tokenHash: string | null;
  storageLimitBytes: number | null;
  nowUs: number;
}

/** Inserts a family row under a new ID; a second active row of one account violates a unique index. */
export const insertFamilyRow = async (db: DB, row: NewFamilyRow): Promise<void> => {
  await db
    .insertInto("families")
    .values({
      id: newUUID(),
      admin_id: row.adminID,
      member_id: row.memberID,
      status: row.status,
      token_hash: row.tokenHash,
      storage_limit: row.storageLimitBytes,
      created_at_us: row.nowUs,
      updated_at_us: row.nowUs,
    })
    .execute();
};

/**
 * Moves a row from one status to another; answers whether it did (false
 * when the row had left `from` meanwhile).
 */
export const changeFamilyRowStatus = async (
  db: DB,
  id: string,
  change: { from: FamilyStatus; to: FamilyStatus; nowUs: number },
): Promise<boolean> => {
  const { numUpdatedRows } = await db
    .updateTable("families")
    .set({ status: change.to, updated_at_us: change.nowUs })
    .where("id", "=", id)
    .where("status", "=", change.from)
    .executeTakeFirst();
  return numUpdatedRows > 0n;
};

export const setFamilyStorageLimit = async (
  db: DB,
  id: string,
  storageLimitBytes: number | null,
  nowUs: number,
): Promise<void> => {
  await db
    .updateTable("families")
    .set({ storage_limit: storageLimitBytes, updated_at_us: nowUs })
    .where("id", "=", id)
    .execute();
};

/** Gives a pending invite a new token and storage limit. */
export const renewFamilyInvite = async (
  db: DB,
  id: string,
  invite: { tokenHash: string; storageLimitBytes: number | null; nowUs: number },
): Promise<void> => {
  await db
    .updateTable("families")
    .set({
      token_hash: invite.tokenHash,
      storage_limit: invite.storageLimitBytes,
      updated_at_us: invite.nowUs,
    })
    .where("id", "=", id)
    .execute();
};

/**
 * Writes the admin's SELF row (its `updated_at_us`); answers whether the
 * account heads a family. See: [Note: A family's seats are counted under a lock of its admin's row]
 */
export const touchFamilyAdminRow = async (
  db: DB,
  adminID: number,
  nowUs: number,
): Promise<boolean> => {
  const { numUpdatedRows } = await db
    .updateTable("families")
    .set({ updated_at_us: nowUs })
    .where("admin_id", "=", adminID)
    .where("member_id", "=", adminID)
    .where("status", "=", "SELF")
    .executeTakeFirst();
  return numUpdatedRows > 0n;
};

/** The usage in bytes of each of `userIDs` (0 for a user without a usage row). */
export const usagesOf = async (
  db: DB,
  userIDs: readonly number[],
): Promise<Map<number, number>> => {
  const usages = new Map<number, number>(userIDs.map((id) => [id, 0]));
  if (userIDs.length === 0) return usages;
  const rows = await db
    .selectFrom("usage")
    .select(["user_id", "storage_consumed"])
    .where("user_id", "in", userIDs)
    .execute();
  for (const row of rows) usages.set(row.user_id, row.storage_consumed);
  return usages;
};

/** The summed usage in bytes of a family's admin and accepted members. */
export const familyUsageBytesOf = async (db: DB, adminID: number): Promise<number> => {
  const row = await db
    .selectFrom("usage")
    .innerJoin("families", "families.member_id", "usage.user_id")
    .select((eb) => eb.fn.sum<number | string | null>("usage.storage_consumed").as("total"))
    .where("families.admin_id", "=", adminID)
    .where("families.status", "in", activeFamilyStatuses)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
};

/** The plan of an account as the family uses it: storage in bytes, expiry in µs. */
export interface FamilyPlan {
  storageBytes: number;
  expiryTimeUs: number;
  productID: string;
  paymentProvider: string;
}

export const planOf = async (db: DB, userID: number): Promise<FamilyPlan | undefined> => {
  const row = await db
    .selectFrom("subscriptions")
    .select(["storage", "expiry_time_us", "product_id", "payment_provider"])
    .where("user_id", "=", userID)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : {
        storageBytes: row.storage,
        expiryTimeUs: row.expiry_time_us,
        productID: row.product_id,
        paymentProvider: row.payment_provider,
      };
};
