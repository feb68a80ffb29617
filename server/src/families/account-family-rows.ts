import type { AccountsContext } from "../accounts/context";
import type { DB } from "../db/db";
import { userEmails } from "../library/collections/user-emails";
import type { MailMessage } from "../mail/mailer";
import { acceptedFamilyRowsNaming, deleteFamilyRowsNaming } from "./family-repository";
import { familyEndedMail, memberLeftMail } from "./notice-mails";

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
 * deletion promises not to. Those it concerns are told, as for any change
 * of a family (see: [Note: A family notice never fails its request]): an
 * admin's members that their family ended, a member's admin that they left.
 */
export const deleteFamilyRowsOf = async (trx: DB, userID: number): Promise<void> => {
  await deleteFamilyRowsNaming(trx, userID);
};

/**
 * The notices `userID`'s deletion mails, read before the rows go (in the
 * deletion's transaction); mailed once it has committed.
 * See: [Note: Deleting an account ends its family]
 */
export const familyNoticesOfDeletion = async (
  context: Pick<AccountsContext, "secrets" | "familiesURL">,
  trx: DB,
  userID: number,
): Promise<MailMessage[]> => {
  const accepted = await acceptedFamilyRowsNaming(trx, userID);
  if (accepted.length === 0) return [];
  const emails = await userEmails(
    context,
    trx,
    accepted.flatMap((row) => [row.admin_id, row.member_id]),
  );
  const deletedEmail = emails.get(userID) ?? "";
  return accepted.flatMap((row): MailMessage[] => {
    if (row.admin_id === userID) {
      const to = emails.get(row.member_id);
      return to === undefined ? [] : [familyEndedMail({ to, adminEmail: deletedEmail })];
    }
    const to = emails.get(row.admin_id);
    return to === undefined
      ? []
      : [memberLeftMail({ to, memberEmail: deletedEmail, familyURL: context.familiesURL() })];
  });
};
