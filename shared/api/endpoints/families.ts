import { z } from "zod";
import { defineEndpoint, emptyResponse } from "../endpoint";
import { emailField, familyMemberSchema, uuidField } from "./account-schemas";

// Family plans of wire-contract §11: an admin shares their subscription's
// storage with up to five invited accounts.
//
// The admin's calls (create, add-member, members, remove-member,
// revoke-invite, modify-storage) carry a FAMILIES-scoped JWT in
// `X-Auth-Token` (wire-contract §1.2, from `GET /users/families-token`), not
// a session token: their auth kind is `familiesToken`. The family page gets
// that JWT in its URL from the app that opened it.

/** A per-member storage cap in bytes; null for none. */
const storageLimitField = () => z.number().int().min(0).nullable();

/** `POST /family/create` (FAMILIES JWT): the caller becomes a family admin. */
export const createFamily = defineEndpoint({
  method: "POST",
  path: "/family/create",
  auth: "familiesToken",
  response: emptyResponse,
});

/** `POST /family/add-member` (FAMILIES JWT): invites an existing account by email. */
export const addFamilyMember = defineEndpoint({
  method: "POST",
  path: "/family/add-member",
  auth: "familiesToken",
  body: z.object({ email: emailField(), storageLimit: storageLimitField().optional() }),
  response: emptyResponse,
});

/** The members of a family with the admin's plan (also `familyData` of the user details). */
export const familyMembersSchema = z.object({
  members: z.array(familyMemberSchema),
  /** The admin's plan storage in bytes, shared by the family. */
  storage: z.number().int(),
  /** µs; when the admin's plan ends. */
  expiryTime: z.number().int(),
  /** The admin's usable storage bonus in bytes. */
  adminBonus: z.number().int(),
});

/** `GET /family/members` (FAMILIES JWT): the caller's family, for its admin and its members. */
export const getFamilyMembers = defineEndpoint({
  method: "GET",
  path: "/family/members",
  auth: "familiesToken",
  response: familyMembersSchema,
});

/** `DELETE /family/remove-member/:id` (FAMILIES JWT): the admin removes an accepted member. */
export const removeFamilyMember = defineEndpoint({
  method: "DELETE",
  path: "/family/remove-member/:id",
  auth: "familiesToken",
  params: z.object({ id: uuidField() }),
  response: emptyResponse,
});

/** `DELETE /family/revoke-invite/:id` (FAMILIES JWT): the admin revokes a pending invite. */
export const revokeFamilyInvite = defineEndpoint({
  method: "DELETE",
  path: "/family/revoke-invite/:id",
  auth: "familiesToken",
  params: z.object({ id: uuidField() }),
  response: emptyResponse,
});

/** `POST /family/modify-storage` (FAMILIES JWT): the admin caps (or uncaps) a member's storage. */
export const modifyFamilyStorage = defineEndpoint({
  method: "POST",
  path: "/family/modify-storage",
  auth: "familiesToken",
  body: z.object({
    id: uuidField(),
    /** Bytes; `null` or absent lifts the cap. See: [Note: A request's null is its absence] */
    storageLimit: storageLimitField().optional(),
  }),
  response: emptyResponse,
});

/** An invite token as mailed (32 random bytes, URL-safe base64). */
const inviteTokenField = () => z.string().min(1).max(128);

/** `GET /family/invite-info/:token` (public): who invites, for the invite page. */
export const getFamilyInviteInfo = defineEndpoint({
  method: "GET",
  path: "/family/invite-info/:token",
  auth: "none",
  params: z.object({ token: inviteTokenField() }),
  response: z.object({ id: z.string(), adminEmail: z.string() }),
});

/** `POST /family/accept-invite` (public): the invitee joins the family. */
export const acceptFamilyInvite = defineEndpoint({
  method: "POST",
  path: "/family/accept-invite",
  auth: "none",
  body: z.object({ token: inviteTokenField() }),
  response: z.object({
    adminEmail: z.string(),
    storage: z.number().int(),
    expiryTime: z.number().int(),
  }),
});

/** `DELETE /family/leave` (session token): a member leaves their family. */
export const leaveFamily = defineEndpoint({
  method: "DELETE",
  path: "/family/leave",
  auth: "user",
  response: emptyResponse,
});

export const familyEndpoints = {
  createFamily,
  addFamilyMember,
  getFamilyMembers,
  removeFamilyMember,
  revokeFamilyInvite,
  modifyFamilyStorage,
  getFamilyInviteInfo,
  acceptFamilyInvite,
  leaveFamily,
};
