import type { familyEndpoints } from "../../../shared/api/endpoints/families";
import { badRequest, forbidden } from "../http/api-errors";
import { isUniqueViolation } from "../db/unique-violation";
import type { HandlerMap } from "../http/register-endpoints";
import { userEmails } from "../library/collections/user-emails";
import type { FamiliesContext } from "./context";
import {
  activeMembershipOf,
  changeFamilyRowStatus,
  familyRowByTokenHash,
  planOf,
  type FamilyRow,
} from "./family-repository";
import { alreadyInFamily, familyMemberNotFound } from "./family-rules";
import { sendFamilyNotice } from "./family-notices";
import { familyPageURL } from "./invite-mail";
import { inviteTokenHashOf } from "./invite-token";
import { memberJoinedMail, memberLeftMail } from "./notice-mails";

// The invitee's and member's side of a family (wire-contract §11): the
// public invite page's calls, by invite token, and leaving, by session.

type MemberHandlers = Pick<
  HandlerMap<typeof familyEndpoints>,
  "getFamilyInviteInfo" | "acceptFamilyInvite" | "leaveFamily"
>;

export const createMemberHandlers = (context: FamiliesContext): MemberHandlers => {
  const { db } = context;

  /**
   * The invite a token names, while its admin still heads the family; 404
   * for an unknown token. See: [Note: Invite tokens are kept as a keyed hash]
   */
  const inviteOf = async (token: string): Promise<FamilyRow> => {
    const row = await familyRowByTokenHash(db, await inviteTokenHashOf(context.secrets, token));
    const admin = row && (await activeMembershipOf(db, row.admin_id));
    if (row === undefined || admin?.status !== "SELF") throw familyMemberNotFound();
    return row;
  };

  const adminEmailOf = async (row: FamilyRow): Promise<string> =>
    (await userEmails(context, db, [row.admin_id])).get(row.admin_id) ?? "";

  /** Mails the admin of `row` a notice about its member. See: [Note: A family notice never fails its request] */
  const tellAdmin = async (
    row: FamilyRow,
    notice: string,
    mail: typeof memberJoinedMail,
  ): Promise<void> => {
    const emails = await userEmails(context, db, [row.admin_id, row.member_id]);
    const adminEmail = emails.get(row.admin_id);
    if (adminEmail === undefined) return;
    await sendFamilyNotice(
      context,
      notice,
      mail({
        to: adminEmail,
        memberEmail: emails.get(row.member_id) ?? "",
        familyURL: familyPageURL(context.photosURL()),
      }),
    );
  };

  return {
    getFamilyInviteInfo: async ({ params }) => {
      const invite = await inviteOf(params.token);
      if (invite.status !== "INVITED") throw badRequest("The invite is no longer valid");
      return { id: invite.id, adminEmail: await adminEmailOf(invite) };
    },

    acceptFamilyInvite: async ({ body }) => {
      const invite = await inviteOf(body.token);
      if (invite.status === "INVITED") {
        if ((await activeMembershipOf(db, invite.member_id)) !== undefined) {
          throw alreadyInFamily("The account is already in a family");
        }
        let accepted: boolean;
        try {
          accepted = await changeFamilyRowStatus(db, invite.id, {
            from: "INVITED",
            to: "ACCEPTED",
            nowUs: context.nowUs(),
          });
        } catch (error) {
          // Another family's invite was accepted at the same moment.
          // See: [Note: Family membership lives only in the families table]
          if (isUniqueViolation(error)) throw alreadyInFamily("The account is already in a family");
          throw error;
        }
        // Only the call that accepted tells the admin.
        if (accepted) {
          await tellAdmin(invite, "member joined", memberJoinedMail);
        }
      } else if (invite.status !== "ACCEPTED") {
        throw badRequest("The invite is no longer valid");
      }
      const plan = await planOf(db, invite.admin_id);
      return {
        adminEmail: await adminEmailOf(invite),
        storage: plan?.storageBytes ?? 0,
        expiryTime: plan?.expiryTimeUs ?? 0,
      };
    },

    leaveFamily: async ({ session }) => {
      const membership = await activeMembershipOf(db, session.userID);
      // Leaving no family is done already (as the reference answers).
      if (membership === undefined) return undefined;
      if (membership.status === "SELF") throw forbidden("The admin cannot leave the family");
      const left = await changeFamilyRowStatus(db, membership.id, {
        from: "ACCEPTED",
        to: "LEFT",
        nowUs: context.nowUs(),
      });
      if (left) await tellAdmin(membership, "member left", memberLeftMail);
      return undefined;
    },
  };
};
