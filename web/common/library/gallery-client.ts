// The gallery's calls into the sync worker, as the views use them. Every
// call is one round trip whatever the number of files it covers (windows,
// thumbnails, downloads and actions are batched). Implemented over Comlink
// by `library-sync.ts`; view tests use a double of it.
// See: [Note: Library workers get keys through a keyring, never the master key]

import type {
  ActionOutcome,
  AlbumSharing,
  DownloadProgressListener,
  DownloadedFile,
  GalleryFileDetails,
  GalleryViewSnapshot,
  GalleryWindow,
  LibraryAction,
  OriginalMedia,
  ThumbnailURLResult,
} from "../../../workers/sync/gallery-contract";

export interface GalleryClient {
  /**
   * Makes `viewID` the open view (a collection or pseudo-collection ID) and
   * answers its snapshot; later library notifications carry the open view's
   * snapshot as it changes.
   */
  openView(viewID: number): Promise<GalleryViewSnapshot>;
  /** Items `[startIndex, startIndex + count)` of the view (fewer at its end). */
  viewWindow(viewID: number, startIndex: number, count: number): Promise<GalleryWindow>;
  /** The index of a file in the view, or -1 (the viewer opened from a link, a selection kept across changes). */
  indexOfFile(viewID: number, fileID: number): Promise<number>;
  /** The info panel's details of a file. */
  fileDetails(fileID: number): Promise<GalleryFileDetails>;
  /** An album's people and link, its key in the link's fragment (undefined for no live album). */
  albumSharing(collectionID: number): Promise<AlbumSharing | undefined>;
  /**
   * Decrypted thumbnails of many files in one call (cached as ciphertext in
   * Cache Storage `thumbs`), as object URLs the worker made.
   * See: [Note: Thumbnail URLs are made in the worker]
   */
  thumbnails(fileIDs: readonly number[]): Promise<ThumbnailURLResult[]>;
  /** Hands back thumbnail URLs no longer shown, for the worker to revoke. */
  releaseThumbnails(urls: readonly string[]): void;
  /** The decrypted original for the viewer; progress in percent while it downloads. */
  original(fileID: number, onProgress?: DownloadProgressListener): Promise<OriginalMedia>;
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
