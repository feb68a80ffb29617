import type { Selectable } from "kysely";
import type { DB } from "../db/db";
import type { FamiliesTable } from "../db/schema";
import { activeFamilyStatuses, listedFamilyStatuses } from "./family-rules";

// Family rows in the database, read by the families handlers, the upload
// quota and the user details.
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
