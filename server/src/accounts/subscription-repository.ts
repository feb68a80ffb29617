import type { Selectable } from "kysely";
import type { DB } from "../db/db";
import type { SubscriptionsTable } from "../db/schema";

// The queries of the plans of accounts (`subscriptions`, one row per account:
// the free plan it starts with, or a plan the operator granted).
// See: [Note: One repository per table family]

export type SubscriptionRow = Selectable<SubscriptionsTable>;

export const insertSubscription = async (db: DB, row: SubscriptionRow): Promise<void> => {
  await db.insertInto("subscriptions").values(row).execute();
};

export const subscriptionRowOf = (db: DB, userID: number): Promise<SubscriptionRow | undefined> =>
  db.selectFrom("subscriptions").selectAll().where("user_id", "=", userID).executeTakeFirst();

/** What the upload quota reads of the account's plan: its storage, expiry and payment provider. */
export const subscriptionTermsOf = (db: DB, userID: number) =>
  db
    .selectFrom("subscriptions")
    .select(["storage", "expiry_time_us", "payment_provider"])
    .where("user_id", "=", userID)
    .executeTakeFirst();

/** The account's plan's product and expiry. */
export const subscriptionProductAndExpiryOf = (db: DB, userID: number) =>
  db
    .selectFrom("subscriptions")
    .select(["expiry_time_us", "product_id"])
    .where("user_id", "=", userID)
    .executeTakeFirst();

/** The product of the account's plan ("free" or a configured plan's ID), if it has one. */
export const subscriptionProductIDOf = async (
  db: DB,
  userID: number,
): Promise<string | undefined> =>
  (
    await db
      .selectFrom("subscriptions")
      .select("product_id")
      .where("user_id", "=", userID)
      .executeTakeFirst()
  )?.product_id;

/** A change of an account's plan: its product, storage in bytes, expiry in µs. */
export type SubscriptionChange = Partial<{
  product_id: string;
  storage: number;
  expiry_time_us: number;
}>;

export const updateSubscription = async (
  db: DB,
  userID: number,
  change: SubscriptionChange,
): Promise<void> => {
  await db.updateTable("subscriptions").set(change).where("user_id", "=", userID).execute();
};

/** Deletes the account's subscriptions (when the account is deleted). */
export const deleteSubscriptionsOf = async (db: DB, userID: number): Promise<void> => {
  await db.deleteFrom("subscriptions").where("user_id", "=", userID).execute();
};
