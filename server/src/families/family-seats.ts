import type { Kysely } from "kysely";
import type { DB } from "../db/db";
import type { Database } from "../db/schema";
import {
  insertFamilyRow,
  listedFamilyRowsOf,
  renewFamilyInvite,
  touchFamilyAdminRow,
} from "./family-repository";
import { familyFull, hasFreeSeat, notFamilyAdmin } from "./family-rules";

// Handing out a family's seats to invites. See: [Note: A family has at most six accounts]

/**
 * [Note: A family's seats are counted under a lock of its admin's row]
 *
 * Accepted memberships are held to one family by a unique index, but the
 * seat count (admin, members and pending invites) is a read then a write:
 * two invites sent at the same instant for the last seat would both see it
 * free. So an invite first writes the admin's SELF row (its
 * `updated_at_us`), in the same transaction as the count and the insert.
 * The write locks that row until the transaction ends on PostgreSQL, and
 * SQLite runs one write transaction at a time, so the second invite counts
 * the first. It is the same idea as a link's device count (see: [Note: A
 * link's new devices are admitted one at a time]), done with an UPDATE
 * rather than `SELECT … FOR UPDATE` because that is the same statement on
 * both databases. Writing the SELF row also checks, inside the transaction,
 * that the caller still heads the family.
 */
const lockFamilyOf = async (trx: DB, adminID: number, nowUs: number): Promise<void> => {
  if (!(await touchFamilyAdminRow(trx, adminID, nowUs))) throw notFamilyAdmin();
};

export interface SeatedInvite {
  adminID: number;
  inviteeID: number;
  /** See: [Note: Invite tokens are kept as a keyed hash] */
  tokenHash: string;
  storageLimitBytes: number | null;
  nowUs: number;
}

/**
 * Records an invite from `adminID` to `inviteeID`: a new row in a free seat
 * (412 when the family is full), or, when one is pending already, that
 * invite with the new token and limit, taking no new seat.
 * See: [Note: A family's seats are counted under a lock of its admin's row]
 */
export const seatInvite = (db: Kysely<Database>, invite: SeatedInvite): Promise<void> =>
  db.transaction().execute(async (trx) => {
    const { adminID, inviteeID, tokenHash, storageLimitBytes, nowUs } = invite;
    await lockFamilyOf(trx, adminID, nowUs);
    const rows = await listedFamilyRowsOf(trx, adminID);
    const pending = rows.find((row) => row.status === "INVITED" && row.member_id === inviteeID);
    if (pending !== undefined) {
      await renewFamilyInvite(trx, pending.id, { tokenHash, storageLimitBytes, nowUs });
      return;
    }
    if (!hasFreeSeat(rows.length)) throw familyFull();
    await insertFamilyRow(trx, {
      adminID,
      memberID: inviteeID,
      status: "INVITED",
      tokenHash,
      storageLimitBytes,
      nowUs,
    });
  });
