// What the page asks of an upload and what it is told back (issue #6). The
// page hands over `File` objects (structured-cloned handles: the UI thread
// never reads their bytes) with where they sat in a picked folder; the sync
// worker runs the upload and pushes progress snapshots.

import type { UploadProgressSnapshot } from "../../shared/model/media/upload-progress";

export type { UploadProgressSnapshot } from "../../shared/model/media/upload-progress";

/** A picked or dropped file. */
export interface PickedFile {
  file: File;
  /**
   * The folders between the picked (or dropped) folder's parent and the
   * file, "/"-separated, the picked folder first (`Holiday 2024/Day 1`);
   * "" for a file picked or dropped on its own.
   */
  folderPath: string;
  /**
   * The page's own number for this pick, unique in its session; each result
   * names the picks behind it. See: [Note: Retrying exactly the files that failed]
   */
  pickID?: number | undefined;
}

/** Where the files go. */
export type UploadTarget =
  /** An album the user owns (the open album, or one picked). */
  | { kind: "album"; collectionID: number }
  /**
   * An album of this name: the user's existing album of that name (spec §5
   * new-album rule), else a new one.
   */
  | { kind: "new-album"; name: string }
  /**
   * One album per folder, named after the folder the files sit in (the last
   * part of `folderPath`); loose files cannot go this way.
   * See: [Note: Loose files and folders are not uploaded together]
   */
  | { kind: "album-per-folder" };

export interface UploadRequest {
  files: readonly PickedFile[];
  target: UploadTarget;
  /**
   * The name a public link's visitor gave, kept in each file's public magic
   * metadata (encrypted like the rest) and shown as "Added by …".
   * See: [Note: A visitor's uploads carry the name they gave]
   */
  uploaderName?: string | undefined;
}

/** Told after every change, at most every `uploadProgressIntervalMs`, and once at the end. */
export type UploadProgressListener = (snapshot: UploadProgressSnapshot) => void;

/** A page's upload listener behind a Comlink proxy: calling it answers a promise. */
export type RemoteUploadListener = (snapshot: UploadProgressSnapshot) => Promise<void>;

/**
 * A worker entry's listener over the page's proxy, fire-and-forget (the
 * proxy's promise rejects once the page has gone away).
 */
export const pageUploadListener =
  (remote: RemoteUploadListener): UploadProgressListener =>
  (snapshot) => {
    remote(snapshot).catch(() => undefined);
  };

/**
 * The shortest gap between two progress snapshots sent to the page. A run of
 * thousands of files changes many times a millisecond; a person reads a bar
 * a few times a second, and each snapshot crosses to the UI thread and
 * renders.
 */
export const uploadProgressIntervalMs = 200;
