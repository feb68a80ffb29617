import type { familyEndpoints } from "../../../shared/api/endpoints/families";
import { apiError, badRequest, notFound } from "../http/api-errors";
import { emailHashOf, newUUID } from "../accounts/server-crypto";
import { freePlanProductID } from "../accounts/users";
import type { DB } from "../db/db";
import { isUniqueViolation } from "../db/unique-violation";
import type { HandlerMap } from "../http/register-endpoints";
import { userEmails } from "../library/collections/user-emails";
import { isSubscriptionActive } from "../library/quota";
import type { FamiliesContext } from "./context";
import { familyMembersOf } from "./family-members";
import { activeMembershipOf, familyRowByID, planOf, usagesOf, type FamilyRow } from "./family-rows";
import {
  alreadyInFamily,
  cannotInvitePaidUser,
  familyMemberNotFound,
  notFamilyAdmin,
  storageCapVerdict,
} from "./family-rules";
import { familyInviteMail, familyInviteURL } from "./invite-mail";
import { inviteTokenHashOf, newInviteToken } from "./invite-token";
import { sendFamilyNotice } from "./family-notices";
import { seatInvite } from "./family-seats";
import { memberRemovedMail } from "./notice-mails";

// The admin's side of a family (wire-contract §11), called with a FAMILIES
// JWT (the `familiesToken` auth kind: the HTTP layer resolves the caller).
//
// [Note: Other families' rows are not found]
//
// Managing calls name a row by its UUID. A caller who administers no family
// is refused with 403 whatever the UUID; an admin naming a row outside their
// own family gets the same 404 as for a UUID that does not exist. So no
// caller learns whether someone else's family, member or invite exists.

type AdminHandlers = Pick<
  HandlerMap<typeof familyEndpoints>,
  | "createFamily"
  | "addFamilyMember"
  | "getFamilyMembers"
  | "removeFamilyMember"
  | "revokeFamilyInvite"
  | "modifyFamilyStorage"
>;

/** The caller's SELF row, or 403. See: [Note: Other families' rows are not found] */
const ensureFamilyAdmin = async (db: DB, userID: number): Promise<FamilyRow> => {
  const membership = await activeMembershipOf(db, userID);
  if (membership?.status !== "SELF") throw notFamilyAdmin();
  return membership;
};

/** A row of the admin's own family, or 404. See: [Note: Other families' rows are not found] */
const ensureOwnFamilyRow = async (db: DB, adminID: number, id: string): Promise<FamilyRow> => {
  const row = await familyRowByID(db, id);
  if (row?.admin_id !== adminID) throw familyMemberNotFound();
  return row;
};

const ensureActivePlan = async (db: DB, userID: number, nowUs: number) => {
  const plan = await planOf(db, userID);
  if (plan === undefined || !isSubscriptionActive(plan, nowUs)) {
    throw apiError(402, "NO_ACTIVE_SUBSCRIPTION", "A family needs an active subscription");
  }
  return plan;
};

/** Refuses a cap the family's storage or the member's usage rules out. See: [Note: A member's cap fits within the family's storage] */
const ensureCapFits = (capBytes: number | null, familyStorageBytes: number, usageBytes: number) => {
  const verdict = storageCapVerdict({
    capBytes,
    familyStorageBytes,
    memberUsageBytes: usageBytes,
  });
  if (verdict === "aboveFamilyStorage") {
    throw apiError(426, "STORAGE_LIMIT_EXCEEDED", "The limit is above the family's storage");
  }
  if (verdict === "belowMemberUsage") {
    throw badRequest("The member already uses more than this limit");
  }
};

export const createAdminHandlers = (context: FamiliesContext): AdminHandlers => {
  const { db } = context;
  return {
    createFamily: async ({ session }) => {
      const { userID } = session;
      const membership = await activeMembershipOf(db, userID);
      if (membership?.status === "SELF") return undefined;
      if (membership !== undefined) throw alreadyInFamily("The account is in another family");
      await ensureActivePlan(db, userID, context.nowUs());
      const now = context.nowUs();
      try {
        await db
          .insertInto("families")
          .values({
            id: newUUID(),
            admin_id: userID,
            member_id: userID,
            status: "SELF",
            token_hash: null,
            storage_limit: null,
            created_at_us: now,
            updated_at_us: now,
          })
          .execute();
      } catch (error) {
        // A concurrent create or accept won. See: [Note: Family membership lives only in the families table]
        if (isUniqueViolation(error)) throw alreadyInFamily("The account is already in a family");
        throw error;
      }
      return undefined;
    },

    addFamilyMember: async ({ session, body }) => {
      const adminID = session.userID;
      await ensureFamilyAdmin(db, adminID);
      const plan = await ensureActivePlan(db, adminID, context.nowUs());
      const invitee = await db
        .selectFrom("users")
        .select("user_id")
        .where("email_hash", "=", await emailHashOf(context.secrets, body.email))
        .executeTakeFirst();
      if (invitee === undefined) throw notFound("No account has this email");
      if (invitee.user_id === adminID) throw alreadyInFamily("An admin cannot invite themselves");
      if ((await activeMembershipOf(db, invitee.user_id)) !== undefined) {
        throw alreadyInFamily("The account is already in a family");
      }
      const inviteePlan = await planOf(db, invitee.user_id);
      if (
        inviteePlan !== undefined &&
        inviteePlan.productID !== freePlanProductID &&
        isSubscriptionActive(inviteePlan, context.nowUs())
      ) {
        throw cannotInvitePaidUser();
      }
      const storageLimit = body.storageLimit ?? null;
      ensureCapFits(storageLimit, plan.storageBytes, 0);

      const token = newInviteToken();
      // See: [Note: Invite tokens are kept as a keyed hash]
      await seatInvite(db, {
        adminID,
        inviteeID: invitee.user_id,
        tokenHash: await inviteTokenHashOf(context.secrets, token),
        storageLimitBytes: storageLimit,
        nowUs: context.nowUs(),
      });
      const emails = await userEmails(context, db, [adminID, invitee.user_id]);
      await context.mailer.send(
        familyInviteMail({
          to: emails.get(invitee.user_id) ?? body.email,
          adminEmail: emails.get(adminID) ?? "",
          inviteURL: familyInviteURL(context.photosURL(), token),
        }),
      );
      return undefined;
    },

    getFamilyMembers: async ({ session }) => {
      const membership = await activeMembershipOf(db, session.userID);
      if (membership === undefined) throw notFound("The account is in no family");
      return familyMembersOf(context, db, membership.admin_id);
    },

    removeFamilyMember: async ({ session, params }) => {
      const admin = await ensureFamilyAdmin(db, session.userID);
      const row = await ensureOwnFamilyRow(db, admin.admin_id, params.id);
      if (row.status === "REMOVED") return undefined;
      if (row.status !== "ACCEPTED") {
        throw badRequest(`A member cannot be removed from status ${row.status}`);
      }
      const { numUpdatedRows } = await db
        .updateTable("families")
        .set({ status: "REMOVED", updated_at_us: context.nowUs() })
        .where("id", "=", row.id)
        .where("status", "=", "ACCEPTED")
        .executeTakeFirst();
      // Only the call that removed the member tells them.
      if (numUpdatedRows > 0n) {
        const emails = await userEmails(context, db, [row.admin_id, row.member_id]);
        const memberEmail = emails.get(row.member_id);
        if (memberEmail !== undefined) {
          await sendFamilyNotice(
            context,
            "member removed",
            memberRemovedMail({ to: memberEmail, adminEmail: emails.get(row.admin_id) ?? "" }),
          );
        }
      }
      return undefined;
    },

    revokeFamilyInvite: async ({ session, params }) => {
      const admin = await ensureFamilyAdmin(db, session.userID);
      const row = await ensureOwnFamilyRow(db, admin.admin_id, params.id);
      if (row.status === "REVOKED") return undefined;
      if (row.status !== "INVITED") {
        throw badRequest(`An invite cannot be revoked from status ${row.status}`);
      }
      await db
        .updateTable("families")
        .set({ status: "REVOKED", updated_at_us: context.nowUs() })
        .where("id", "=", row.id)
        .where("status", "=", "INVITED")
        .execute();
      return undefined;
    },

    modifyFamilyStorage: async ({ session, body }) => {
      const admin = await ensureFamilyAdmin(db, session.userID);
      const row = await ensureOwnFamilyRow(db, admin.admin_id, body.id);
      if (row.status === "SELF") throw badRequest("The admin's storage cannot be limited");
      if (row.status !== "ACCEPTED") throw badRequest("The account is not a member of the family");
      const plan = await planOf(db, admin.admin_id);
      const usage = (await usagesOf(db, [row.member_id])).get(row.member_id) ?? 0;
      ensureCapFits(body.storageLimit, plan?.storageBytes ?? 0, usage);
      await db
        .updateTable("families")
        .set({ storage_limit: body.storageLimit, updated_at_us: context.nowUs() })
        .where("id", "=", row.id)
        .execute();
      return undefined;
    },
  };
};
