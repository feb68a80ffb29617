// What the page asks of an upload and what it is told back. The
// page hands over `File` objects (structured-cloned handles: the UI thread
// never reads their bytes) with where they sat in a picked folder; the sync
// worker runs the upload and pushes progress snapshots.

import type { UploadProgressSnapshot } from "../../shared/model/media/upload-progress";
import { type WithRemoteCallbacks, pageCallback } from "../worker-boundary";

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
   * names the picks behind it. The page counts from 1 up; the sync worker's
   * own picks (an edited copy) are numbered below zero, so that both can be
   * in one run. See: [Note: Retrying exactly the files that failed]
   */
  pickID?: number | undefined;
  /**
   * Set for an edited copy of a file already in the library: what the copy
   * carries over from its original. See: [Note: An edited copy keeps its original's moment]
   */
  copyOf?: CopiedFileMetadata | undefined;
}

/** What an edited copy carries over from its original. */
export interface CopiedFileMetadata {
  /** The original's creation time (µs). */
  creationTimeUs: number;
  /** Both or neither: the original's place. */
  latitude?: number | undefined;
  longitude?: number | undefined;
  caption?: string | undefined;
  /** The original's shown time (µs: its edited time, else its creation time). */
  editedTimeUs: number;
}

/** Where the files go. */
export type UploadTarget =
  /**
   * An album the user owns, or one shared with them as a collaborator (the
   * open album, or one picked). See: [Note: A collaborator's upload is registered in their own library]
   */
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
  | { kind: "album-per-folder" }
  /**
   * No album: the user's uncategorized collection (made when they have none),
   * so the files join the timeline and nothing else.
   * See: [Note: Uploading from the timeline needs no album]
   */
  | { kind: "library" };

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

/**
 * The upload calls, declared once: the sync service and the public album
 * service implement them, a worker entry exposes them with
 * `uploadWorkerCalls`, and the page's `UploadClient` is derived from them.
 * See: [Note: A worker's API is declared once]
 */
export interface UploadCalls {
  /**
   * Uploads the files and answers the run's last snapshot (phase `finish`).
   * Requests made while a run is on its way join it: their files are added
   * to the run and its listeners, so one panel shows everything in flight.
   */
  upload(
    request: UploadRequest,
    onProgress: UploadProgressListener,
  ): Promise<UploadProgressSnapshot>;
  /** Cancels the run on its way: files not yet registered are dropped, nothing half-made stays. */
  cancelUpload(): void;
}

/** The upload calls as a worker entry exports them: the page's listener arrives as a Comlink proxy. */
export type UploadWorkerExports = {
  [Name in keyof UploadCalls]: WithRemoteCallbacks<UploadCalls[Name]>;
};

/**
 * A worker entry's upload exports over its service: `ensure` answers the
 * open service or throws, `current` the service if there is one (cancelling
 * without one is nothing to do).
 */
export const uploadWorkerCalls = (service: {
  ensure: () => UploadCalls;
  current: () => UploadCalls | undefined;
}): UploadWorkerExports => ({
  upload: (request, onProgress) => service.ensure().upload(request, pageCallback(onProgress)),
  cancelUpload: () => {
    service.current()?.cancelUpload();
  },
});

/**
 * The shortest gap between two progress snapshots sent to the page. A run of
 * thousands of files changes many times a millisecond; a person reads a bar
 * a few times a second, and each snapshot crosses to the UI thread and
 * renders.
 */
export const uploadProgressIntervalMs = 200;
