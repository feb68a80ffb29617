import type { z } from "zod";
import type { planSchema, Subscription } from "../../../shared/api/endpoints/account-schemas";
import type { billingEndpoints } from "../../../shared/api/endpoints/billing";
import type { ConfiguredPlan } from "../config/config";
import type { HandlerMap } from "../http/register-endpoints";
import { apiError } from "../http/api-errors";
import type { AccountsContext } from "./context";
import type { AccountsServices } from "./services";
import { subscriptionRowOf } from "./subscription-repository";

// Billing reads (wire-contract §11): a self-hosted server sells no plan; every
// account has the configured free plan until the operator grants it one of
// the configured plans (`npm run admin -- set-plan`).
// See: [Note: Plans are declared in a file]

/** The free plan's duration as the wire states it. */
const freePlanDuration = { duration: 100, period: "year" } as const;

type WirePlan = z.input<typeof planSchema>;

/**
 * The configured plans as the wire lists them; an empty list when there are
 * none. Ente's server answers `null` then, which its own apps cannot read
 * (the mobile app and the web app's schema both fail on it and the plans page
 * errors); a hosted Ente always has plans, a self-hosted Cairn often none.
 */
export const plansOnWire = (plans: readonly ConfiguredPlan[]): WirePlan[] =>
  plans.length === 0
    ? []
    : plans.map((plan) => ({
        id: plan.id,
        androidID: plan.androidID,
        iosID: plan.iosID,
        stripeID: plan.stripeID,
        storage: plan.storageBytes,
        price: plan.price,
        period: plan.period,
      }));

/** The account's subscription as the wire has it; 402 without one. */
export const subscriptionOf = async (
  context: AccountsContext,
  userID: number,
): Promise<Subscription> => {
  const row = await subscriptionRowOf(context.db, userID);
  if (row === undefined)
    throw apiError(402, "NO_ACTIVE_SUBSCRIPTION", "The account has no subscription");
  const attributes: unknown = JSON.parse(row.attributes);
  // A granted plan's price and period; the free plan (or a plan since removed
  // from the configuration) has no price and counts in years.
  const plan = context.plans?.find((configured) => configured.id === row.product_id);
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
    price: plan?.price ?? "",
    period: plan?.period ?? freePlanDuration.period,
  };
};

/** The answer of both plan listings (the public one and the signed-in one). */
const plansAnswer = (context: AccountsContext) => ({
  plans: plansOnWire(context.plans ?? []),
  freePlan: { storage: context.freeStorageBytes, ...freePlanDuration },
});

export const createBillingHandlers = ({
  context,
}: AccountsServices): HandlerMap<typeof billingEndpoints> => ({
  getUserPlans: () => plansAnswer(context),
  getPlansV2: () => plansAnswer(context),
  getSubscription: async ({ session }) => ({
    subscription: await subscriptionOf(context, session.userID),
  }),
});
