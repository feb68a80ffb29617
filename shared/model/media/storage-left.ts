// How many bytes the user may still upload, from their account details
// (spec §3 family data, §8 "larger than available storage"). Pure: the
// caller fetches `GET /users/details/v2` and hands its fields here.

/** The fields of the account details the rule reads (wire-contract §2.1). */
export interface StorageFacts {
  /** The user's own usage. */
  usage: number;
  storageBonus: number;
  subscription: { storage: number };
  familyData?:
    | {
        members:
          | readonly { usage: number; storageLimit?: number | null | undefined; email: string }[]
          | null;
        storage: number;
        adminBonus: number;
      }
    | undefined;
  email: string;
}

/**
 * [Note: Storage left is the plan's, or the family's]
 *
 * Outside a family, the user may fill their plan's storage plus any bonus,
 * less their usage. In a family (members listed), everyone shares the
 * admin's storage plus the admin's bonus, less the usage of every member;
 * a member with a per-member limit may also not pass that limit with their
 * own usage. The figure is a forecast to refuse a file that cannot fit
 * before it is read ("larger than available storage"); the server's
 * quota check (426) stays the authority, since other devices upload too.
 * Never below zero.
 */
export const storageLeftBytes = (facts: StorageFacts): number => {
  const members = facts.familyData?.members ?? [];
  if (facts.familyData === undefined || members.length === 0) {
    return Math.max(0, facts.subscription.storage + facts.storageBonus - facts.usage);
  }
  const familyUsage = members.reduce((total, member) => total + member.usage, 0);
  const familyLeft = facts.familyData.storage + facts.familyData.adminBonus - familyUsage;
  const self = members.find((member) => member.email === facts.email);
  const limit = self?.storageLimit;
  const memberLeft =
    limit === undefined || limit === null ? Number.POSITIVE_INFINITY : limit - facts.usage;
  return Math.max(0, Math.min(familyLeft, memberLeft));
};
