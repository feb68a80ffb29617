import type { familyEndpoints } from "../../../shared/api/endpoints/families";
import { apiError, badRequest, notFound } from "../http/api-errors";
import { emailHashOf } from "../accounts/server-crypto";
import { userIDOfEmailHash } from "../accounts/user-repository";
import { freePlanProductID } from "../accounts/users";
import type { DB } from "../db/db";
import { isUniqueViolation } from "../db/unique-violation";
import type { HandlerMap } from "../http/register-endpoints";
import { userEmails } from "../library/collections/user-emails";
import { isSubscriptionActive } from "../library/quota";
import type { FamiliesContext } from "./context";
import { familyMembersOf } from "./family-members";
import {
  activeMembershipOf,
  changeFamilyRowStatus,
  familyRowByID,
  insertFamilyRow,
  planOf,
  setFamilyStorageLimit,
  usagesOf,
  type FamilyRow,
} from "./family-repository";
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
        await insertFamilyRow(db, {
          adminID: userID,
          memberID: userID,
          status: "SELF",
          tokenHash: null,
          storageLimitBytes: null,
          nowUs: now,
        });
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
      const inviteeID = await userIDOfEmailHash(db, await emailHashOf(context.secrets, body.email));
      if (inviteeID === undefined) throw notFound("No account has this email");
      if (inviteeID === adminID) throw alreadyInFamily("An admin cannot invite themselves");
      if ((await activeMembershipOf(db, inviteeID)) !== undefined) {
        throw alreadyInFamily("The account is already in a family");
      }
      const inviteePlan = await planOf(db, inviteeID);
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
        inviteeID,
        tokenHash: await inviteTokenHashOf(context.secrets, token),
        storageLimitBytes: storageLimit,
        nowUs: context.nowUs(),
      });
      const emails = await userEmails(context, db, [adminID, inviteeID]);
      await context.mailer.send(
        familyInviteMail({
          to: emails.get(inviteeID) ?? body.email,
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
      const removed = await changeFamilyRowStatus(db, row.id, {
        from: "ACCEPTED",
        to: "REMOVED",
        nowUs: context.nowUs(),
      });
      // Only the call that removed the member tells them.
      if (removed) {
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
      await changeFamilyRowStatus(db, row.id, {
        from: "INVITED",
        to: "REVOKED",
        nowUs: context.nowUs(),
      });
      return undefined;
    },

    modifyFamilyStorage: async ({ session, body }) => {
      const admin = await ensureFamilyAdmin(db, session.userID);
      const row = await ensureOwnFamilyRow(db, admin.admin_id, body.id);
      if (row.status === "SELF") throw badRequest("The admin's storage cannot be limited");
      if (row.status !== "ACCEPTED") throw badRequest("The account is not a member of the family");
      const plan = await planOf(db, admin.admin_id);
      const usage = (await usagesOf(db, [row.member_id])).get(row.member_id) ?? 0;
      const storageLimit = body.storageLimit ?? null;
      ensureCapFits(storageLimit, plan?.storageBytes ?? 0, usage);
      await setFamilyStorageLimit(db, row.id, storageLimit, context.nowUs());
      return undefined;
    },
  };
};
