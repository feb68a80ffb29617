// What crosses between the public album worker and the `/shared-albums`
// page: the state of opening a link, and the album's facts the page shows.
// Types only; nothing here carries a key. The gallery calls (windows,
// thumbnails, originals, downloads) are the gallery's own, from
// `workers/gallery/gallery-contract.ts`.

import type { GalleryViewSnapshot } from "../gallery/gallery-contract";
import type { LinkFailure } from "./link-failures";

/** The album a link opened, as the page shows it. */
export interface PublicAlbumFacts {
  collectionID: number;
  name: string;
  fileCount: number;
  /** The owner lets visitors download originals (spec §6, the link's 'Allow downloads'). */
  enableDownload: boolean;
  /** The owner lets visitors add photos (a collecting link, spec §6 'Allow uploads'). */
  enableCollect: boolean;
  /**
   * A logged-in visitor may join the album (wire-contract §3.2: the link
   * allows joining and downloads).
   */
  enableJoin: boolean;
  /**
   * The name this browser's visitor gave the last time they added photos
   * through this link, offered again. See: [Note: A visitor's uploads carry the name they gave]
   */
  uploaderName?: string | undefined;
}

export type PublicAlbumState =
  | { kind: "failed"; failure: LinkFailure }
  /** The link has a password the visitor has not given yet. */
  | { kind: "password-required" }
  | { kind: "ready"; album: PublicAlbumFacts };

/** The answer to a password: the album opened, or the spec's 'incorrect password' (§8). */
export type PasswordOutcome = PublicAlbumState | { kind: "incorrect-password" };

/**
 * What the worker tells the page while the album is open: its files or
 * settings changed (a refresh found something, a visitor's upload was
 * registered), with the album view's new snapshot; or the link stopped
 * working (disabled, expired, its password changed).
 */
export type PublicAlbumUpdate =
  | { kind: "ready"; album: PublicAlbumFacts; snapshot: GalleryViewSnapshot }
  | { kind: "failed"; failure: LinkFailure }
  | { kind: "password-required" };

export type PublicAlbumListener = (update: PublicAlbumUpdate) => void;
