import type { storageBonusEndpoints } from "../../../shared/api/endpoints/storage-bonus";
import { activeMembershipOf } from "../families/family-repository";
import { apiError } from "../http/api-errors";
import type { HandlerMap } from "../http/register-endpoints";
import type { AccountsServices } from "./services";

// [Note: A Cairn server runs no referral program]
//
// Ente's hosted service gives storage for referrals (a code per account,
// claimed by the people it invites). A self-hosted Cairn has no such
// program: an account's storage is its plan's, which the server's
// administrator grants (`npm run admin -- set-plan`). The Ente mobile app
// still reads `/storage-bonus/*` on its storage and referral screens, so the
// reads answer the truth (no bonus, no referrals, the program disabled,
// which the app shows by hiding the referral offer) and the writes are
// refused as the reference refuses an ineligible account: 400
// `ACCOUNT_NOT_ELIGIBLE`.

const noReferralProgram = () =>
  apiError(400, "ACCOUNT_NOT_ELIGIBLE", "This server runs no referral program");

export const createStorageBonusHandlers = ({
  context,
}: AccountsServices): HandlerMap<typeof storageBonusEndpoints> => ({
  getStorageBonusDetails: () => ({
    referralStats: [],
    bonuses: [],
    refCount: 0,
    refUpgradeCount: 0,
    hasAppliedCode: false,
  }),
  getReferralView: async ({ session }) => {
    const membership = await activeMembershipOf(context.db, session.userID);
    return {
      planInfo: { isEnabled: false, planType: "", storageInGB: 0, maxClaimableStorageInGB: 0 },
      code: null,
      enableApplyCode: false,
      hasAppliedCode: false,
      claimedStorage: 0,
      isFamilyMember: membership !== undefined && membership.admin_id !== session.userID,
    };
  },
  claimReferral: () => {
    throw noReferralProgram();
  },
  changeReferralCode: () => {
    throw noReferralProgram();
  },
});
