import type { z } from "zod";
import type { familyMembersSchema } from "../../../shared/api/endpoints/families";
import type { DB } from "../db/db";
import { userEmails } from "../library/collections/user-emails";
import type { FamiliesContext } from "./context";
import { isActiveFamilyStatus } from "./family-rules";
import { activeMembershipOf, listedFamilyRowsOf, planOf, usagesOf } from "./family-repository";

// A family as its admin and members see it: `GET /family/members` and the
// `familyData` of `GET /users/details/v2` (wire-contract §2.1, §11).

export type FamilyMembers = z.input<typeof familyMembersSchema>;

/**
 * The family of `adminID`: its admin, members and pending invites, each with
 * their email and (for the admin and accepted members) usage, and the
 * admin's plan that they share. There is no storage bonus yet, so
 * `adminBonus` is 0. See: [Note: A family shares its admin's plan]
 */
export const familyMembersOf = async (
  context: Pick<FamiliesContext, "secrets">,
  db: DB,
  adminID: number,
): Promise<FamilyMembers> => {
  const rows = await listedFamilyRowsOf(db, adminID);
  const memberIDs = rows.map((row) => row.member_id);
  const [emails, usages, plan] = await Promise.all([
    userEmails(context, db, memberIDs),
    usagesOf(db, memberIDs),
    planOf(db, adminID),
  ]);
  const admin = rows.filter((row) => row.status === "SELF");
  const others = rows.filter((row) => row.status !== "SELF");
  return {
    members: [...admin, ...others].map((row) => ({
      id: row.id,
      email: emails.get(row.member_id) ?? "",
      status: row.status,
      storageLimit: row.storage_limit,
      usage: isActiveFamilyStatus(row.status) ? (usages.get(row.member_id) ?? 0) : 0,
      isAdmin: row.status === "SELF",
    })),
    storage: plan?.storageBytes ?? 0,
    expiryTime: plan?.expiryTimeUs ?? 0,
    adminBonus: 0,
  };
};

/** The `familyData` of a user's details: their family, or undefined outside one. */
export const familyDataOf = async (
  context: Pick<FamiliesContext, "secrets">,
  db: DB,
  userID: number,
): Promise<FamilyMembers | undefined> => {
  const membership = await activeMembershipOf(db, userID);
  return membership === undefined ? undefined : familyMembersOf(context, db, membership.admin_id);
};
