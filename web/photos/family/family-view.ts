// What the family page shows (wire-contract §11), from the family the
// server lists and who is looking. Pure: the page only renders it.
//
// [Note: The family page knows its caller by the session's email]
//
// The FAMILIES JWT in the page's URL names an account by its user ID, and
// `GET /family/members` lists rows by their UUIDs and emails, not user IDs.
// So the page tells the admin from a member by the email of the photos
// app's session (local storage), the one place the caller's email is known.
// Without a session (the page opened from elsewhere with a token only), the
// caller's role is unknown: the page shows the admin's controls and lets the
// server refuse a member (403, "only the family admin manages the family").

/** A row of the family as the page uses it. */
export interface FamilyMemberRow {
  id: string;
  email: string;
  status: string;
  usageBytes: number;
  /** A per-member storage cap; null for none. */
  storageLimitBytes: number | null;
  isAdmin: boolean;
}

/** The family as fetched: its rows and the admin's plan they share. */
export interface FamilyListing {
  members: FamilyMemberRow[];
  /** The admin's plan storage in bytes. */
  storageBytes: number;
}

/** What the caller may do to a row, from its status. */
export type FamilyRowAction = "remove" | "change-limit" | "revoke";

export type FamilyView =
  | { kind: "no-family" }
  | {
      kind: "admin";
      /** The caller's role is inferred, not known. See: [Note: The family page knows its caller by the session's email] */
      roleKnown: boolean;
      admin: FamilyMemberRow | undefined;
      /** Every row but the admin's: members and pending invites. */
      others: FamilyMemberRow[];
      storageBytes: number;
      usedBytes: number;
      /** Whether another invite fits (pending invites take a seat). */
      canInvite: boolean;
    }
  | {
      kind: "member";
      adminEmail: string;
      storageBytes: number;
      usedBytes: number;
    };

/**
 * The most accounts in a family, its admin included: the reference's limit,
 * also enforced by the server (`maxFamilyAccounts` of server/src/families).
 */
export const maxFamilyAccounts = 6;

/** The statuses whose usage counts against the family's storage. */
const activeStatuses = new Set(["SELF", "ACCEPTED"]);

/** The storage the family uses: the admin's and the accepted members' usage. */
export const familyUsedBytes = (members: readonly FamilyMemberRow[]): number =>
  members.filter((m) => activeStatuses.has(m.status)).reduce((sum, m) => sum + m.usageBytes, 0);

/** What the page shows for `listing` (undefined: the caller is in no family) to `callerEmail`. */
export function familyViewOf(
  listing: FamilyListing | undefined,
  callerEmail: string | undefined,
): FamilyView {
  if (listing === undefined) return { kind: "no-family" };
  const admin = listing.members.find((m) => m.isAdmin);
  const usedBytes = familyUsedBytes(listing.members);
  const sameEmail = (email: string | undefined) =>
    email !== undefined &&
    callerEmail !== undefined &&
    email.toLowerCase() === callerEmail.toLowerCase();
  if (callerEmail !== undefined && !sameEmail(admin?.email)) {
    return {
      kind: "member",
      adminEmail: admin?.email ?? "",
      storageBytes: listing.storageBytes,
      usedBytes,
    };
  }
  return {
    kind: "admin",
    roleKnown: callerEmail !== undefined,
    admin,
    others: listing.members.filter((m) => !m.isAdmin),
    storageBytes: listing.storageBytes,
    usedBytes,
    canInvite: listing.members.length < maxFamilyAccounts,
  };
}

/** The admin's actions on a row: accepted members are removed or capped, invites revoked. */
export function familyRowActions(
  row: Pick<FamilyMemberRow, "status" | "isAdmin">,
): FamilyRowAction[] {
  if (row.isAdmin) return [];
  switch (row.status) {
    case "ACCEPTED":
      return ["change-limit", "remove"];
    case "INVITED":
      return ["revoke"];
    default:
      return [];
  }
}

const bytesPerGiB = 1024 ** 3;

/**
 * A storage limit typed in GB (binary, as plans are sold) as bytes; null for
 * an empty field (no limit); "invalid" for anything else than a number ≥ 0.
 */
export function storageLimitBytesOf(text: string): number | null | "invalid" {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return "invalid";
  return Math.round(Number(trimmed) * bytesPerGiB);
}

/** A limit in bytes as the GB text of its field. */
export const storageLimitTextOf = (bytes: number | null): string =>
  bytes === null ? "" : String(Math.round((bytes / bytesPerGiB) * 100) / 100);
