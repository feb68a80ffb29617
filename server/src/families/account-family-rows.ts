import type { DB } from "../accounts/users";

// The families' part of account deletion. See: [Note: Deleting an account removes its rows]

/**
 * [Note: Deleting an account ends its family]
 *
 * The contract and the reference notes say nothing of a family whose admin
 * or member deletes their account; the reference server closes an admin's
 * family by deleting its rows and makes a member leave. Here every family
 * row that names the account goes, in the deletion's transaction:
 *
 * - an admin's whole family: their own row, their members' memberships and
 *   their pending invites. The members are then in no family, so their own
 *   plan applies again and their `familyData` is empty; an invite link
 *   answers 404 like an unknown one.
 * - a member's membership (and invites to them, and past rows): the admin's
 *   family no longer lists them and their seat is free at once.
 *
 * Marking the rows CLOSED, LEFT or REVOKED instead would keep a record of
 * who was in whose family after the account is gone, which account
 * deletion promises not to.
 */
export const deleteFamilyRowsOf = async (trx: DB, userID: number): Promise<void> => {
  await trx
    .deleteFrom("families")
    .where((eb) => eb.or([eb("admin_id", "=", userID), eb("member_id", "=", userID)]))
    .execute();
};
