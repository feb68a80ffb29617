import { z } from "zod";
import { defineEndpoint } from "../endpoint";
import { freePlanSchema, planSchema, subscriptionSchema } from "./account-schemas";

// Billing reads of wire-contract §11. A self-hosted server sells nothing: the
// plans its operator grants (none by default), the configured free plan, and
// the user's subscription.

/** `GET /billing/user-plans`: purchasable plans (an empty list when none; the reference may answer null) and the free plan. */
export const getUserPlans = defineEndpoint({
  method: "GET",
  path: "/billing/user-plans",
  auth: "user",
  response: z.object({ plans: z.array(planSchema).nullable(), freePlan: freePlanSchema }),
});

/** `GET /billing/plans/v2` (public): the same answer as `GET /billing/user-plans`. */
export const getPlansV2 = defineEndpoint({
  method: "GET",
  path: "/billing/plans/v2",
  auth: "none",
  response: z.object({ plans: z.array(planSchema).nullable(), freePlan: freePlanSchema }),
});

/** `GET /billing/subscription`. */
export const getSubscription = defineEndpoint({
  method: "GET",
  path: "/billing/subscription",
  auth: "user",
  response: z.object({ subscription: subscriptionSchema }),
});

export const billingEndpoints = { getUserPlans, getPlansV2, getSubscription };
