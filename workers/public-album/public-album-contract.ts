// What crosses between the public album worker and the `/shared-albums`
// page: the state of opening a link, and the album's facts the page shows.
// Types only; nothing here carries a key. The gallery calls (windows,
// thumbnails, originals, downloads) are the gallery's own, from
// `workers/sync/gallery-contract.ts`.

import type { LinkFailure } from "./link-failures";

/** The album a link opened, as the page shows it. */
export interface PublicAlbumFacts {
  collectionID: number;
  name: string;
  fileCount: number;
  /** The owner lets visitors download originals (spec §6, the link's 'Allow downloads'). */
  enableDownload: boolean;
  /** The owner lets visitors add photos (a collecting link); not offered by the page yet. */
  enableCollect: boolean;
}

export type PublicAlbumState =
  | { kind: "failed"; failure: LinkFailure }
  /** The link has a password the visitor has not given yet. */
  | { kind: "password-required" }
  | { kind: "ready"; album: PublicAlbumFacts };

/** The answer to a password: the album opened, or the spec's 'incorrect password' (§8). */
export type PasswordOutcome = PublicAlbumState | { kind: "incorrect-password" };
