import type { Subscription } from "../../../shared/api/endpoints/account-schemas";
import type { billingEndpoints } from "../../../shared/api/endpoints/billing";
import type { HandlerMap } from "../http/register-endpoints";
import { apiError, type AccountsContext } from "./context";
import type { AccountsServices } from "./services";

// Billing reads (wire-contract §11): a self-hosted server sells no plan; every
// account has the configured free plan.

/** The free plan's duration as the wire states it. */
const freePlanDuration = { duration: 100, period: "year" } as const;

export const subscriptionOf = async (
  context: AccountsContext,
  userID: number,
): Promise<Subscription> => {
  const row = await context.db
    .selectFrom("subscriptions")
    .selectAll()
    .where("user_id", "=", userID)
    .executeTakeFirst();
  if (row === undefined)
    throw apiError(402, "NO_ACTIVE_SUBSCRIPTION", "The account has no subscription");
  const attributes: unknown = JSON.parse(row.attributes);
  return {
    id: row.subscription_id,
    userID: row.user_id,
    productID: row.product_id,
    storage: row.storage,
    originalTransactionID: row.original_transaction_id,
    expiryTime: row.expiry_time_us,
    ...(row.upgraded_at_us === null ? {} : { upgradedAt: row.upgraded_at_us }),
    paymentProvider: row.payment_provider,
    attributes:
      typeof attributes === "object" && attributes !== null
        ? (attributes as Record<string, unknown>)
        : {},
    price: "",
    period: freePlanDuration.period,
  };
};

export const createBillingHandlers = ({
  context,
}: AccountsServices): HandlerMap<typeof billingEndpoints> => ({
  getUserPlans: () => ({
    plans: null,
    freePlan: { storage: context.freeStorageBytes, ...freePlanDuration },
  }),
  getSubscription: async ({ session }) => ({
    subscription: await subscriptionOf(context, session.userID),
  }),
});
