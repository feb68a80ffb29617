import { z } from "zod";
import { defineEndpoint } from "../endpoint";

// Storage bonuses and referrals (Ente's `/storage-bonus/*`, which its mobile
// app reads on the storage and referral screens). A Cairn server runs no
// referral program: storage comes from the plan its administrator grants.
// So the reads answer an account with no bonus and a disabled program, and
// the two writes are refused with the reference server's codes.
// See: [Note: A Cairn server runs no referral program]

/** A referral plan as the reference server describes it. */
const referralPlanInfoSchema = z.object({
  isEnabled: z.boolean(),
  planType: z.string(),
  storageInGB: z.number().int(),
  maxClaimableStorageInGB: z.number().int(),
});

/** `GET /storage-bonus/details`: the account's referral counts and bonuses. */
export const getStorageBonusDetails = defineEndpoint({
  method: "GET",
  path: "/storage-bonus/details",
  auth: "user",
  response: z.object({
    referralStats: z.array(
      z.object({ planType: z.string(), totalCount: z.number(), upgradedCount: z.number() }),
    ),
    bonuses: z.array(
      z.object({
        storage: z.number(),
        type: z.string(),
        createdAt: z.number(),
        validTill: z.number(),
        isRevoked: z.boolean(),
      }),
    ),
    refCount: z.number().int(),
    refUpgradeCount: z.number().int(),
    hasAppliedCode: z.boolean(),
  }),
});

/** `GET /storage-bonus/referral-view`: the account's referral plan and code, as the referral screen shows them. */
export const getReferralView = defineEndpoint({
  method: "GET",
  path: "/storage-bonus/referral-view",
  auth: "user",
  response: z.object({
    planInfo: referralPlanInfoSchema,
    code: z.string().nullable(),
    enableApplyCode: z.boolean(),
    hasAppliedCode: z.boolean(),
    claimedStorage: z.number().int(),
    isFamilyMember: z.boolean(),
  }),
});

const referralCodeQuery = z.object({ code: z.string().min(1).max(64) });

/** `POST /storage-bonus/referral-claim?code=`: refused, 400 `ACCOUNT_NOT_ELIGIBLE`. */
export const claimReferral = defineEndpoint({
  method: "POST",
  path: "/storage-bonus/referral-claim",
  auth: "user",
  query: referralCodeQuery,
  response: z.object({}),
});

/** `POST /storage-bonus/change-code?code=`: refused, 400 `ACCOUNT_NOT_ELIGIBLE`. */
export const changeReferralCode = defineEndpoint({
  method: "POST",
  path: "/storage-bonus/change-code",
  auth: "user",
  query: referralCodeQuery,
  response: z.object({}),
});

export const storageBonusEndpoints = {
  getStorageBonusDetails,
  getReferralView,
  claimReferral,
  changeReferralCode,
};
