import type { FamilyStatus } from "../db/schema";
import { apiError } from "../http/api-errors";

// The rules of family plans (wire-contract §11), apart from the database.

/**
 * [Note: A family has at most six accounts]
 *
 * A family is its admin and up to five members: the reference's
 * `maxFamilyMemberLimit` of 6 counts the admin's own row. Pending invites
 * count too, so an admin cannot hand out more invites than there are seats;
 * re-inviting someone already invited takes no new seat. Invites are
 * counted one at a time: see [Note: A family's seats are counted under a
 * lock of its admin's row].
 */
export const maxFamilyAccounts = 6;

/** The statuses of an account that belongs to a family: its admin (SELF) or a member (ACCEPTED). */
export const activeFamilyStatuses = ["SELF", "ACCEPTED"] as const satisfies readonly FamilyStatus[];

/** The rows a family lists and counts against its seats: the active ones and pending invites. */
export const listedFamilyStatuses = [
  ...activeFamilyStatuses,
  "INVITED",
] as const satisfies readonly FamilyStatus[];

export const isActiveFamilyStatus = (status: FamilyStatus): boolean =>
  (activeFamilyStatuses as readonly FamilyStatus[]).includes(status);

/** Whether a family with `listedCount` listed rows has a seat for one more invite. See: [Note: A family has at most six accounts] */
export const hasFreeSeat = (listedCount: number): boolean => listedCount < maxFamilyAccounts;

/**
 * [Note: A member's cap fits within the family's storage]
 *
 * An admin may cap a member's share of the family storage (or lift the cap
 * with null). A cap above the admin's plan storage (plus bonus) could never
 * bind and is refused with 426, as the reference does; lowering a cap below
 * what the member already uses is refused with 400, so that nobody is put
 * over their limit by someone else's action.
 */
export type StorageCapVerdict = "allowed" | "aboveFamilyStorage" | "belowMemberUsage";

export const storageCapVerdict = ({
  capBytes,
  familyStorageBytes,
  memberUsageBytes,
}: {
  capBytes: number | null;
  familyStorageBytes: number;
  memberUsageBytes: number;
}): StorageCapVerdict => {
  if (capBytes === null) return "allowed";
  if (capBytes > familyStorageBytes) return "aboveFamilyStorage";
  if (capBytes < memberUsageBytes) return "belowMemberUsage";
  return "allowed";
};

// Errors of the contract's catalogue (wire-contract §0.2).

export const alreadyInFamily = (message: string) => apiError(406, "ALREADY_IN_FAMILY", message);
export const familyFull = () =>
  apiError(
    412,
    "FAMILY_SIZE_LIMIT_REACHED",
    `A family has at most ${String(maxFamilyAccounts)} accounts, pending invites included`,
  );
export const notFamilyAdmin = () =>
  apiError(403, "PERMISSION_DENIED", "Only a family admin may manage a family");
export const familyMemberNotFound = () => apiError(404, "NOT_FOUND", "No such family member");
export const cannotInvitePaidUser = () =>
  apiError(409, "CANNOT_INVITE_PAID_USER", "The account has its own paid plan");
