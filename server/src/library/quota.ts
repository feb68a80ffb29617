import { libraryLimits } from "../../../shared/api/endpoints/library-schemas";
import { apiError, microsecondsPerDay } from "../accounts/context";
import type { DB } from "../accounts/users";

// The storage quota of uploads (wire-contract §10): who may upload, and how
// much. Usage is `usage.storage_consumed`: the bytes of every live file and
// thumbnail object of the user, changed in the same transaction as the files
// that cause it (create, update, permanent delete).
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
  /** The user's subscription, when there is one. */
  subscription: QuotaSubscription | undefined;
  usageBytes: number;
  /** The upload's size when known; it may be negative (an update that shrinks a file). */
  uploadBytes?: number | undefined;
  nowUs: number;
}

export type QuotaVerdict = "allowed" | "noActiveSubscription" | "storageLimitExceeded";

/** Whether an upload fits. See: [Note: An upload is checked against the plan, with a little slack] */
export const quotaVerdict = ({
  subscription,
  usageBytes,
  uploadBytes,
  nowUs,
}: QuotaFacts): QuotaVerdict => {
  if (subscription === undefined) return "noActiveSubscription";
  const graceUs = subscription.paymentProvider === "stripe" ? stripeGraceUs : otherGraceUs;
  if (subscription.expiryTimeUs + graceUs < nowUs) return "noActiveSubscription";
  const limitBytes =
    uploadBytes === undefined
      ? subscription.storageBytes
      : subscription.storageBytes + storageOverflowBytes;
  return usageBytes + (uploadBytes ?? 0) > limitBytes ? "storageLimitExceeded" : "allowed";
};

/** Read the facts of a user's quota. */
export const quotaFactsOf = async (
  db: DB,
  userID: number,
  nowUs: number,
  uploadBytes?: number,
): Promise<QuotaFacts> => {
  const [subscription, usage] = await Promise.all([
    db
      .selectFrom("subscriptions")
      .select(["storage", "expiry_time_us", "payment_provider"])
      .where("user_id", "=", userID)
      .executeTakeFirst(),
    db
      .selectFrom("usage")
      .select("storage_consumed")
      .where("user_id", "=", userID)
      .executeTakeFirst(),
  ]);
  return {
    subscription:
      subscription === undefined
        ? undefined
        : {
            storageBytes: subscription.storage,
            expiryTimeUs: subscription.expiry_time_us,
            paymentProvider: subscription.payment_provider,
          },
    usageBytes: usage?.storage_consumed ?? 0,
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

/** Add `deltaBytes` (negative to free space) to a user's usage, in the caller's transaction. */
export const adjustUsage = async (db: DB, userID: number, deltaBytes: number): Promise<void> => {
  if (deltaBytes === 0) return;
  await db
    .updateTable("usage")
    .set((eb) => ({ storage_consumed: eb("storage_consumed", "+", deltaBytes) }))
    .where("user_id", "=", userID)
    .execute();
};
