import { libraryLimits } from "../../../shared/api/endpoints/library-schemas";
import { apiError } from "../http/api-errors";
import { microsecondsPerDay } from "../time";
import type { DB } from "../db/db";
import { activeMembershipOf, familyUsageBytesOf } from "../families/family-repository";
import { subscriptionTermsOf } from "../accounts/subscription-repository";
import { storageConsumedOf } from "../accounts/usage-repository";

// The storage quota of uploads (wire-contract §10): who may upload, and how
// much. Usage is `usage.storage_consumed`: the bytes of every live file and
// thumbnail object of the user, changed in the same transaction as the files
// that cause it (create, update, permanent delete) by `adjustUsage`
// (`accounts/usage-repository.ts`).
//
// [Note: An upload is checked against the plan, with a little slack]
//
// A subscription counts until its expiry plus a grace period for the payment
// provider to renew it (Stripe 14 days, others 5). Past that, uploads are
// refused with 402. Otherwise an upload of unknown size (upload URLs without
// a length, the eligibility check) is refused with 426 once usage exceeds
// the plan's storage; an upload of known size is refused when usage plus its
// size exceeds the plan by more than 50 MiB, so that a client that checked
// its space just before does not fail on the last file because of a
// thumbnail's bytes.
//
// [Note: A family shares its admin's plan]
//
// In a family (wire-contract §10), the plan that counts is the admin's, and
// the usage set against it is the sum of the admin's and every accepted
// member's usage. A member the admin capped is also held to the cap with
// their own usage, by the same rule as the plan (426 past it). Pending
// invites and former members count for nothing. See:
// [Note: Family membership lives only in the families table]

/** Grace after a Stripe subscription's expiry: Stripe retries a failed renewal for two weeks. */
const stripeGraceUs = 14 * microsecondsPerDay;
/** Grace after any other provider's expiry (app stores renew within days). */
const otherGraceUs = 5 * microsecondsPerDay;
/** Slack above the plan for an upload of known size. See: [Note: An upload is checked against the plan, with a little slack] */
export const storageOverflowBytes = 50 * 1024 ** 2;

export interface QuotaSubscription {
  storageBytes: number;
  expiryTimeUs: number;
  paymentProvider: string;
}

export interface QuotaFacts {
  /** The user's subscription (in a family, the admin's), when there is one. */
  subscription: QuotaSubscription | undefined;
  /** The user's usage (in a family, the family's). See: [Note: A family shares its admin's plan] */
  usageBytes: number;
  /** A family member's cap and own usage, when the admin set a cap. */
  memberCap?: { storageLimitBytes: number; usageBytes: number } | undefined;
  /** The upload's size when known; it may be negative (an update that shrinks a file). */
  uploadBytes?: number | undefined;
  nowUs: number;
}

export type QuotaVerdict = "allowed" | "noActiveSubscription" | "storageLimitExceeded";

/** Whether an upload fits. See: [Note: An upload is checked against the plan, with a little slack] */
export const quotaVerdict = ({
  subscription,
  usageBytes,
  memberCap,
  uploadBytes,
  nowUs,
}: QuotaFacts): QuotaVerdict => {
  if (subscription === undefined || !isSubscriptionActive(subscription, nowUs)) {
    return "noActiveSubscription";
  }
  const exceeds = (usedBytes: number, storageBytes: number) =>
    usedBytes + (uploadBytes ?? 0) >
    (uploadBytes === undefined ? storageBytes : storageBytes + storageOverflowBytes);
  if (exceeds(usageBytes, subscription.storageBytes)) return "storageLimitExceeded";
  if (memberCap !== undefined && exceeds(memberCap.usageBytes, memberCap.storageLimitBytes)) {
    return "storageLimitExceeded";
  }
  return "allowed";
};

/** Whether a subscription still counts: until its expiry plus the provider's grace. See: [Note: An upload is checked against the plan, with a little slack] */
export const isSubscriptionActive = (
  subscription: Omit<QuotaSubscription, "storageBytes">,
  nowUs: number,
): boolean => {
  const graceUs = subscription.paymentProvider === "stripe" ? stripeGraceUs : otherGraceUs;
  return subscription.expiryTimeUs + graceUs >= nowUs;
};

/** Read the facts of a user's quota. See: [Note: A family shares its admin's plan] */
export const quotaFactsOf = async (
  db: DB,
  userID: number,
  nowUs: number,
  uploadBytes?: number,
): Promise<QuotaFacts> => {
  const family = await activeMembershipOf(db, userID);
  const payerID = family?.admin_id ?? userID;
  const [subscription, storageConsumedBytes, familyUsageBytes] = await Promise.all([
    subscriptionTermsOf(db, payerID),
    storageConsumedOf(db, userID),
    family === undefined ? undefined : familyUsageBytesOf(db, family.admin_id),
  ]);
  const ownUsageBytes = storageConsumedBytes ?? 0;
  return {
    subscription:
      subscription === undefined
        ? undefined
        : {
            storageBytes: subscription.storage,
            expiryTimeUs: subscription.expiry_time_us,
            paymentProvider: subscription.payment_provider,
          },
    usageBytes: familyUsageBytes ?? ownUsageBytes,
    memberCap:
      family?.storage_limit === null || family === undefined
        ? undefined
        : { storageLimitBytes: family.storage_limit, usageBytes: ownUsageBytes },
    uploadBytes,
    nowUs,
  };
};

/**
 * Refuse an upload that does not fit: 402 `NO_ACTIVE_SUBSCRIPTION` or 426
 * `STORAGE_LIMIT_EXCEEDED`. `uploadBytes` is the upload's size when known.
 * See: [Note: An upload is checked against the plan, with a little slack]
 */
export const ensureUploadFits = async (
  db: DB,
  userID: number,
  nowUs: number,
  uploadBytes?: number,
): Promise<void> => {
  const verdict = quotaVerdict(await quotaFactsOf(db, userID, nowUs, uploadBytes));
  if (verdict === "noActiveSubscription") {
    throw apiError(402, "NO_ACTIVE_SUBSCRIPTION", "The subscription has expired");
  }
  if (verdict === "storageLimitExceeded") {
    throw apiError(426, "STORAGE_LIMIT_EXCEEDED", "The storage limit is reached");
  }
};

/** Refuse a file object above 10 GiB with 413 `FILE_TOO_LARGE` (wire-contract §10). */
export const ensureFileObjectSize = (sizeBytes: number): void => {
  if (sizeBytes > libraryLimits.fileObjectBytes) {
    throw apiError(
      413,
      "FILE_TOO_LARGE",
      `A file may be at most ${String(libraryLimits.fileObjectBytes)} bytes, not ${String(sizeBytes)}`,
    );
  }
};
