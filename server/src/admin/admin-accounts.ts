import type { Kysely } from "kysely";
import { decryptWithServerKey, emailHashOf, normalizeEmail } from "../accounts/server-crypto";
import { updateSubscription, type SubscriptionChange } from "../accounts/subscription-repository";
import {
  accountSummaryRowOfEmailHash,
  accountSummaryRows,
  type AccountSummaryRow,
} from "../accounts/user-repository";
import type { ConfiguredPlan } from "../config/config";
import type { ServerSecrets } from "../config/secrets";
import type { Database } from "../db/schema";
import { onePeriodAfter } from "./admin-calendar";
import { AdminError } from "./admin-errors";

// What the admin commands read and change in the accounts. They write the
// same `subscriptions` rows the server reads on every request (billing,
// user details, upload quota) and the server caches none of them, so a
// running server answers with the change at once.

/** What the admin commands need: the server's database, its secrets and its plans. */
export interface AdminContext {
  db: Kysely<Database>;
  /** The server's secrets: emails are stored encrypted and found by a keyed hash. */
  secrets: ServerSecrets;
  plans: readonly ConfiguredPlan[];
  /** µs since the epoch. */
  nowUs: () => number;
}

/** An account as `users` lists it. */
export interface AccountSummary {
  userID: number;
  email: string;
  creationTimeUs: number;
  /** The subscription's product: "free" or a configured plan's id; undefined without a subscription. */
  productID: string | undefined;
  storageBytes: number | undefined;
  usageBytes: number;
  expiryTimeUs: number | undefined;
}

const summaryOf = async (
  secrets: ServerSecrets,
  row: AccountSummaryRow,
): Promise<AccountSummary> => {
  let email: string;
  try {
    email = await decryptWithServerKey(secrets, {
      encryptedB64: row.encrypted_email,
      nonceB64: row.email_decryption_nonce,
    });
  } catch {
    throw new AdminError(
      "setup",
      `Cannot decrypt the email of account ${String(row.user_id)}: secrets.json is not the one of the server that stored it (check CAIRN_DATA_DIR)`,
    );
  }
  return {
    userID: row.user_id,
    email,
    creationTimeUs: row.creation_time_us,
    productID: row.product_id ?? undefined,
    storageBytes: row.storage ?? undefined,
    usageBytes: row.storage_consumed ?? 0,
    expiryTimeUs: row.expiry_time_us ?? undefined,
  };
};

/** Every account, oldest first. */
export const listAccounts = async (context: AdminContext): Promise<AccountSummary[]> => {
  const rows = await accountSummaryRows(context.db);
  return Promise.all(rows.map((row) => summaryOf(context.secrets, row)));
};

/** The account of an email, or `unknown-email`. */
const accountOf = async (context: AdminContext, email: string): Promise<AccountSummary> => {
  const row = await accountSummaryRowOfEmailHash(
    context.db,
    await emailHashOf(context.secrets, normalizeEmail(email)),
  );
  if (row === undefined) {
    throw new AdminError("unknown-email", `No account has the email ${normalizeEmail(email)}`);
  }
  return summaryOf(context.secrets, row);
};

const changeSubscription = async (
  context: AdminContext,
  email: string,
  change: SubscriptionChange,
): Promise<AccountSummary> => {
  const account = await accountOf(context, email);
  if (account.productID === undefined) {
    throw new AdminError("no-subscription", `The account of ${account.email} has no subscription`);
  }
  await updateSubscription(context.db, account.userID, change);
  return accountOf(context, email);
};

/**
 * Give an account a configured plan: the plan becomes its product, with the
 * plan's storage, until `expiryTimeUs` or one plan period from now.
 * See: [Note: Plans are declared in a file]
 */
export const grantPlan = async (
  context: AdminContext,
  email: string,
  planID: string,
  expiryTimeUs?: number,
): Promise<AccountSummary> => {
  const plan = context.plans.find((configured) => configured.id === planID);
  if (plan === undefined) {
    const known = context.plans.map((configured) => configured.id);
    throw new AdminError(
      "unknown-plan",
      known.length === 0
        ? `No plan "${planID}": no plans are configured (set CAIRN_PLANS_FILE)`
        : `No plan "${planID}" in CAIRN_PLANS_FILE; the plans are ${known.join(", ")}`,
    );
  }
  return changeSubscription(context, email, {
    product_id: plan.id,
    storage: plan.storageBytes,
    expiry_time_us: expiryTimeUs ?? onePeriodAfter(context.nowUs(), plan.period),
  });
};

/** Set an account's storage, keeping its plan and expiry. */
export const setAccountStorage = (
  context: AdminContext,
  email: string,
  storageBytes: number,
): Promise<AccountSummary> => changeSubscription(context, email, { storage: storageBytes });

/** Set when an account's plan expires, keeping its plan and storage. */
export const setAccountExpiry = (
  context: AdminContext,
  email: string,
  expiryTimeUs: number,
): Promise<AccountSummary> => changeSubscription(context, email, { expiry_time_us: expiryTimeUs });
