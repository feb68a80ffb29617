// What crosses between the sync worker and the gallery's views:
// the albums bar's summaries, the open view's day groups and windows of its
// items, thumbnails, originals for the viewer and downloads, and the
// organizing actions. Types only: the worker implements them
// (`workers/gallery/engine`, `workers/gallery/media`, `workers/gallery/actions`) and
// the UI calls them through `web/common/library/gallery-client.ts`.
// See: [Note: A worker's API is declared once]
//
// Nothing here carries a key: items are what a view shows (names, times,
// captions are fine on the UI thread; keys and ciphertext are not).
// See: [Note: Library workers get keys through a keyring, never the master key]

import type { FileType, Visibility } from "../../shared/model/library/file-metadata";
import type { DecryptedCollection, DecryptedFile } from "../library/decrypted-records";
import type { LinkSettings } from "../library/sharing-operations";
import type { TrashEntry } from "../sync/library-store-records";
import type { LibrarySummary } from "../sync/library-summary";

// ---------------------------------------------------------------------------
// Summaries (spec §3 "Collection summary")

// ---------------------------------------------------------------------------
// Views and windows

/** A local calendar day of the view, in display order. */
export interface GalleryDay {
  /** The local calendar date, `YYYY-MM-DD` (the worker and the page share a time zone). */
  day: string;
  /** Index of the day's first item in the view. */
  firstIndex: number;
  count: number;
}

/** The shape of the open view: enough to lay out the whole grid without its items. */
export interface GalleryViewSnapshot {
  /** The summary ID the view shows (a collection or a pseudo-collection). */
  viewID: number;
  /** Grows whenever the view's content or order changes; windows answer with it. */
  version: number;
  totalCount: number;
  /** In display order (newest first, or oldest first for an ascending album). */
  days: GalleryDay[];
  /**
   * Width over height of each item by view index, 0 where unknown (shown
   * square); may be shorter than the view (a first screen's covers only its
   * first items). See: [Note: A view knows the shape of its photos]
   */
  aspectRatios?: ArrayLike<number> | undefined;
}

/** One file as a view shows it. */
export interface GalleryItem {
  id: number;
  /** The collection the item stands for in this view (for "all": one of the user's collections holding it). */
  collectionID: number;
  /** Owned by this user (organizing actions that need ownership check it). */
  isOwn: boolean;
  fileType: FileType;
  /** µs: the shown time (edited time if set, else creation time). */
  timeUs: number;
  /** The shown name (edited name if set, else the original title). */
  title: string;
  isFavorite: boolean;
  visibility: Visibility;
  /** Video length, when known. */
  durationSec?: number | undefined;
  /** Trash view only: µs when the server deletes it for good. */
  deleteByUs?: number | undefined;
  /**
   * Who added the file, when not the viewer: a public link's visitor's
   * name, or (in an album's view) the collaborator's email.
   * See: [Note: Who added someone else's file]
   */
  uploaderName?: string | undefined;
}

/** A window of the open view: items `[startIndex, startIndex + items.length)` at `version`. */
export interface GalleryWindow {
  viewID: number;
  version: number;
  startIndex: number;
  items: GalleryItem[];
}

/** Items of a view at scattered indexes, at `version`: `items[k]` is at `indexes[k]` (undefined past the view's end). */
export interface GalleryItemsAt {
  viewID: number;
  version: number;
  indexes: number[];
  items: (GalleryItem | undefined)[];
}

/**
 * The gallery's first screen, as the sync worker kept it from the last
 * session, answered before the stored library is loaded: the albums bar,
 * the shape of the view last opened, its first items, and the files whose
 * thumbnails can be had at once. The loaded library replaces all of it.
 * See: [Note: The gallery's first screen opens before the library]
 */
export interface GalleryFirstScreen {
  /** The view it shows (the view last opened). */
  viewID: number;
  /** The library's summary as it was (counts, collections, the albums bar's summaries). */
  summary: LibrarySummary;
  /** The view's snapshot; its `version` is below every version of the loaded library's views. */
  snapshot: GalleryViewSnapshot;
  /** The view's items `[0, items.length)`. */
  items: GalleryItem[];
  /** Files whose `thumbnails` the worker answers before the library is loaded. */
  thumbnailFileIDs: number[];
}

/** What the info panel shows of a file (spec §2 viewer: its details panel). */
export interface GalleryFileDetails {
  id: number;
  title: string;
  /** The original title, when an edited name replaces it. */
  originalTitle: string;
  caption?: string | undefined;
  /** µs; shown time (edited or creation). */
  timeUs: number;
  /** µs; set when the user edited the date. */
  editedTimeUs?: number | undefined;
  latitude?: number | undefined;
  longitude?: number | undefined;
  /** Where it was taken: the nearest city and the country (ISO 3166-1 alpha-2), when known. */
  place?: { cityName?: string | undefined; countryCode: string } | undefined;
  sizeBytes?: number | undefined;
  fileType: FileType;
  isOwn: boolean;
  isFavorite: boolean;
  visibility: Visibility;
  /** Names of the user's (non-hidden) albums holding the file. */
  albumNames: string[];
  uploaderName?: string | undefined;
  width?: number | undefined;
  height?: number | undefined;
}

// ---------------------------------------------------------------------------
// Thumbnails and originals

/** A decrypted thumbnail (JPEG bytes), or why there is none. */
export type ThumbnailResult =
  | { fileID: number; ok: true; bytes: Uint8Array }
  | { fileID: number; ok: false; errorName: string };

/**
 * A decrypted thumbnail as the page gets it: a data URL the worker made, or
 * why there is none. See: [Note: Thumbnails reach the page as data URLs]
 */
export type ThumbnailURLResult =
  { fileID: number; ok: true; url: string } | { fileID: number; ok: false; errorName: string };

/** A file's original as the viewer shows it (decrypted in the worker; Blobs are cheap to pass). */
export type OriginalMedia =
  | { fileID: number; kind: "image"; blob: Blob; exif?: CameraDetails | undefined }
  | { fileID: number; kind: "video"; blob: Blob }
  /** A live photo's zip, opened: its image and its video (spec §3, §5). */
  | {
      fileID: number;
      kind: "live-photo";
      image: Blob;
      video: Blob;
      exif?: CameraDetails | undefined;
    }
  | { fileID: number; kind: "other"; blob: Blob };

/**
 * A video the browser could not play, made playable: `converted` with an
 * MP4 (the desktop app's native video conversion, spec §6), or not, when
 * this app has no conversion for it (the web app, a desktop without
 * ffmpeg). A conversion that fails for this file rejects with 'file
 * conversion failed'.
 */
export type PlayableVideo =
  { fileID: number; converted: true; blob: Blob } | { fileID: number; converted: false };

/** What the info panel shows of a photo's EXIF, read in the worker from the original. */
export interface CameraDetails {
  make?: string | undefined;
  model?: string | undefined;
  fNumber?: number | undefined;
  exposureTimeSec?: number | undefined;
  iso?: number | undefined;
  focalLengthMm?: number | undefined;
  width?: number | undefined;
  height?: number | undefined;
}

/** Download progress of one file: a percentage, dropped when the file completes (spec §4). */
export type DownloadProgressListener = (fileID: number, percent: number) => void;

/** A finished download, to be saved by the page under `name`. */
export interface DownloadedFile {
  name: string;
  blob: Blob;
}

// ---------------------------------------------------------------------------
// Organizing actions (spec §4 "Collection operations", "File bulk actions")

/** Every organizing action the gallery, the viewer and selections offer. */
export type LibraryAction =
  | { kind: "favorite"; fileIDs: number[]; favorite: boolean }
  | { kind: "archive"; fileIDs: number[]; archived: boolean }
  | { kind: "hide"; fileIDs: number[] }
  | { kind: "unhide"; fileIDs: number[]; toCollectionID?: number | undefined }
  | { kind: "trash"; fileIDs: number[] }
  | {
      kind: "restore";
      fileIDs: number[];
      /** All into this collection (an undo); else each back where it was. */
      toCollectionID?: number | undefined;
      /**
       * Where files none of whose collections remain go (an album, or the
       * library); without it such files refuse the restore with
       * `restore-needs-album`. See: [Note: The trash remembers a file's albums]
       */
      homelessTo?: number | "library" | undefined;
    }
  | { kind: "delete-permanently"; fileIDs: number[] }
  | { kind: "empty-trash" }
  | {
      kind: "collection-operation";
      operation: number;
      fileIDs: number[];
      /** ADD, MOVE, RESTORE, UNHIDE: the target. */
      toCollectionID?: number | undefined;
      /** MOVE and REMOVE: the collection the files are taken from. */
      fromCollectionID?: number | undefined;
    }
  | { kind: "create-album"; name: string; fileIDs?: number[] | undefined }
  | { kind: "rename-album"; collectionID: number; name: string }
  | { kind: "delete-album"; collectionID: number; keepFiles: boolean }
  | { kind: "pin-album"; collectionID: number; pinned: boolean }
  | { kind: "set-album-cover"; collectionID: number; fileID: number }
  | { kind: "set-album-sort"; collectionID: number; ascending: boolean }
  | {
      kind: "fix-time";
      fileIDs: number[];
      /** `exif`: the original's EXIF date (spec §5 preference); `custom`: `timeUs` for all. */
      source: "exif" | "custom";
      timeUs?: number | undefined;
    }
  | { kind: "share-album"; collectionID: number; email: string; role: "VIEWER" | "COLLABORATOR" }
  | { kind: "unshare-album"; collectionID: number; email: string }
  | { kind: "leave-album"; collectionID: number }
  | { kind: "create-link"; collectionID: number; settings: AlbumLinkSettings }
  | { kind: "update-link"; collectionID: number; settings: AlbumLinkSettings }
  | { kind: "disable-link"; collectionID: number }
  | {
      kind: "edit-file";
      fileID: number;
      /** Each present key is changed; null clears it. */
      caption?: string | null | undefined;
      name?: string | null | undefined;
      timeUs?: number | null | undefined;
    };

/** What a person changes on an album's link (spec §5 choices): 0 devices is no limit, else 2, 5, 10, 25 or 50; the password is hashed in the worker. */
export type AlbumLinkSettings = LinkSettings;

/** An album's sharing as its dialog shows it. */
export interface AlbumSharing {
  collectionID: number;
  /** The user owns the album (only the owner manages people and the link). */
  owned: boolean;
  ownerEmail: string;
  sharees: { email: string; role: string }[];
  /** The album's link with its key in the fragment, when it has one. See: [Note: A link's key lives only in its fragment] */
  link?:
    | {
        url: string;
        deviceLimit: number;
        /** µs; 0: never. */
        validTillUs: number;
        enableDownload: boolean;
        enableCollect: boolean;
        enableJoin: boolean;
        passwordEnabled: boolean;
      }
    | undefined;
}

/**
 * Why an action was refused, each with a message of the spec's catalogue
 * (§8) in the UI: `not-file-owner`, `invalid-collection-operation`,
 * `session-expired` ('session expired'), `network` ('Network Error'),
 * `stale` (another device changed it first: 'Something went wrong, please
 * try again' after the refresh), `not-found` ('not found'),
 * `album-name-taken` (§5 new-album rule), `no-exif-date` ('no metadata'),
 * `storage-quota-exceeded`, `no-account-for-email` (sharing with an address
 * that has no account), `cannot-share-with-self`, `link-device-limit-fixed`
 * (the owner's plan sets links' device limit), `unknown` ('Something went wrong').
 */
export type ActionErrorCode =
  | "not-file-owner"
  | "invalid-collection-operation"
  | "session-expired"
  | "network"
  | "stale"
  | "not-found"
  | "album-name-taken"
  | "no-exif-date"
  | "storage-quota-exceeded"
  | "no-account-for-email"
  | "cannot-share-with-self"
  | "link-device-limit-fixed"
  /** Restored files whose albums are all gone need to be told where to go. */
  | "restore-needs-album"
  | "unknown";

export type ActionOutcome =
  | {
      ok: true;
      /** For `create-album`. */ collectionID?: number | undefined;
      /** Files changed. */ changedCount: number;
      /**
       * The actions that put the files back, for a reversible action that
       * changed something. See: [Note: An undo puts files back where they were]
       */
      undo?: LibraryAction[] | undefined;
    }
  | {
      ok: false;
      code: ActionErrorCode;
      /** Files that could not be changed (e.g. others' files). */ refusedFileIDs?:
        number[] | undefined;
    };

// ---------------------------------------------------------------------------
// The gallery's calls

/**
 * The gallery's calls, declared once: what a library (the sync worker's, or
 * a public link's album) answers the grid, the viewer and the organizing
 * actions. Every call is one round trip whatever the number of files it
 * covers (windows, thumbnails, downloads and actions are batched). The view
 * engine answers the view reads, the sync and public album services
 * implement all of it, a worker entry exports it with `galleryWorkerCalls`,
 * and the views call it through the derived `GalleryClient`.
 * See: [Note: A worker's API is declared once]
 */
export interface GalleryCalls {
  /**
   * Makes `viewID` the open view (a collection or pseudo-collection ID) and
   * answers its snapshot; later library notifications carry the open view's
   * snapshot as it changes.
   */
  openView(viewID: number): GalleryViewSnapshot;
  /** Items `[startIndex, startIndex + count)` of the view (fewer at its end). */
  viewWindow(viewID: number, startIndex: number, count: number): GalleryWindow;
  /** The items at `indexes` of the view, in one round trip (the month overview's covers). */
  viewItemsAt(viewID: number, indexes: readonly number[]): GalleryItemsAt;
  /** The index of a file in the view, or -1 (the viewer opened from a link, a selection kept across changes). */
  indexOfFile(viewID: number, fileID: number): number;
  /** The info panel's details of a file. */
  fileDetails(fileID: number): GalleryFileDetails | Promise<GalleryFileDetails>;
  /** An album's people and link, its key in the link's fragment (undefined for no live album). */
  albumSharing(collectionID: number): AlbumSharing | undefined;
  /**
   * Decrypted thumbnails of many files in one call (cached as ciphertext in
   * Cache Storage `thumbs`); a worker entry hands them to the page as data
   * URLs. See: [Note: Thumbnails reach the page as data URLs]
   */
  thumbnails(fileIDs: readonly number[]): Promise<ThumbnailResult[]>;
  /** The decrypted original for the viewer; progress in percent while it downloads. */
  original(fileID: number, onProgress?: DownloadProgressListener): Promise<OriginalMedia>;
  /** The video of `fileID` converted to what the browser plays (after its playback failed). */
  playableVideo(fileID: number): Promise<PlayableVideo>;
  /**
   * Downloads originals: `files` hands each finished file to `onFile`;
   * `zip` hands one zip of them all, named `zipName` (an album's name) or
   * after the date. Progress per file in percent.
   */
  download(
    fileIDs: readonly number[],
    mode: "files" | "zip",
    onProgress: DownloadProgressListener,
    onFile: (file: DownloadedFile) => void,
    zipName?: string,
  ): Promise<void>;
  /** Performs an organizing action; the views show it at once and roll back if refused. */
  perform(action: LibraryAction): Promise<ActionOutcome>;
}

// ---------------------------------------------------------------------------
// Inside the worker: what the view engine reads, and the optimistic patches

/** The library as the view engine reads it (the stored library, or it with pending changes applied). */
export interface LibraryReader {
  readonly userID: number;
  collections(): Iterable<DecryptedCollection>;
  collection(collectionID: number): DecryptedCollection | undefined;
  hiddenIDs(): ReadonlySet<number>;
  filesOf(collectionID: number): Iterable<DecryptedFile>;
  fileCountOf(collectionID: number): number;
  trashEntries(): Iterable<TrashEntry>;
  /** Grows with every change of what the reader answers (views cache on it). */
  readonly version: number;
  /**
   * Optional: a number that changes whenever the files `filesOf(collectionID)`
   * answers change, and never repeats an earlier value for that collection
   * (the stored library gives the version of its last change). Views then
   * re-sort only the collections that changed; without it every change of
   * `version` re-reads every collection. See: [Note: Views cache on versions]
   */
  collectionVersion?(collectionID: number): number;
}
