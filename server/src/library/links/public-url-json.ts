import type { Selectable } from "kysely";
import type { PublicURLJSON } from "../../../../shared/api/endpoints/library-schemas";
import type { PublicCollectionTokensTable } from "../../db/schema";
import { type ParticipantRole, roleReaches } from "../access";

// The PublicURL object of wire-contract §3.3 and who among a collection's
// participants sees it.

export type LinkRow = Selectable<PublicCollectionTokensTable>;

/** The public albums page of the photos app (wire-contract "Public link key"). */
export const publicAlbumsPath = "/shared-albums";

/** The link's URL: the photos app's public albums page with its token; the client adds `#<key>`. */
export const linkURL = (photosURL: string, accessToken: string): string =>
  `${photosURL.replace(/\/+$/, "")}${publicAlbumsPath}?t=${accessToken}`;

export const publicURLJSON = (row: LinkRow, photosURL: string): PublicURLJSON => ({
  url: linkURL(photosURL, row.access_token),
  deviceLimit: row.device_limit,
  validTill: row.valid_till_us,
  enableDownload: row.enable_download === 1,
  enableCollect: row.enable_collect === 1,
  enableComment: row.enable_comment === 1,
  passwordEnabled: row.pw_hash !== null,
  ...(row.pw_hash === null
    ? {}
    : {
        nonce: row.pw_nonce ?? "",
        memLimit: row.mem_limit ?? 0,
        opsLimit: row.ops_limit ?? 0,
      }),
  enableJoin: row.enable_join === 1,
  ...(row.min_role === null ? {} : { minRole: row.min_role }),
});

const isParticipantRole = (role: string): role is ParticipantRole =>
  ["VIEWER", "COLLABORATOR", "ADMIN", "OWNER"].includes(role);

/**
 * [Note: Who sees a collection's links]
 *
 * The owner sees every enabled link of its collection; a sharee sees those
 * whose `minRole` its role reaches (wire-contract §3.3), every link when no
 * `minRole` is set: a sharee holds the collection key, so the link gives it
 * nothing it could not already show. A link's password hash never leaves
 * the server; its nonce and limits are what a visitor needs to derive it.
 */
export const linkVisibleTo = (row: LinkRow, role: ParticipantRole): boolean => {
  if (role === "OWNER" || row.min_role === null) return true;
  return isParticipantRole(row.min_role) && roleReaches(role, row.min_role);
};
