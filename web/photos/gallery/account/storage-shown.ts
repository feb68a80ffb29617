import type { UserDetailsView } from "../../../common/accounts/account-service";

/**
 * The storage the navigation and the settings show: the user's plan, or in a family the
 * family's (the admin's plan, shared; spec §3 family data), with the user's
 * own part beside it. See: [Note: Storage left is the plan's, or the family's]
 */
export interface StorageShown {
  scope: "own" | "family";
  usedBytes: number;
  totalBytes: number;
  /** In a family: the user's own usage. */
  ownUsageBytes: number;
}

export function storageShownOf(
  details: Pick<UserDetailsView, "usageBytes" | "storageBytes" | "familyData">,
): StorageShown {
  const family = details.familyData;
  if (family === undefined || family.members.length === 0) {
    return {
      scope: "own",
      usedBytes: details.usageBytes,
      totalBytes: details.storageBytes,
      ownUsageBytes: details.usageBytes,
    };
  }
  return {
    scope: "family",
    usedBytes: family.members.reduce((sum, member) => sum + member.usageBytes, 0),
    totalBytes: family.storageBytes,
    ownUsageBytes: details.usageBytes,
  };
}
