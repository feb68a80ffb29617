// The sync worker's media service: thumbnails for the grid, originals for
// the viewer, downloads of a selection. Helper of `sync-service.ts`, which
// exposes it to the page (results with thumbnails are transferred there).
// Nothing it keeps outlives the session: `clear()` at logout.

import type { ApiClient } from "../../../shared/api/client";
import { TokenMissingError } from "../../../shared/model/errors";
import type { CryptoPool } from "../../crypto/pool";
import type { DecryptedFile } from "../../library/decrypted-records";
import type {
  DownloadProgressListener,
  DownloadedFile,
  OriginalMedia,
  PlayableVideo,
  ThumbnailResult,
} from "../gallery-contract";
import { ByteLRU } from "./byte-lru";
import { CiphertextCache, type MediaCacheStorage, mediaCacheNames } from "./ciphertext-cache";
import { type DownloadMode, downloadSelection, notifyProgress } from "./downloads";
import type { MediaEndpoints } from "./media-endpoints";
import { FileNotInLibraryError } from "./media-errors";
import { type DisplayImageConverter, displayVersionOf } from "./display-original";
import { type OpenedOriginal, openOriginal } from "./open-original";
import {
  type DownloadedOriginal,
  type MediaTimers,
  type PercentListener,
  downloadOriginal,
} from "./original-download";
import { ThumbnailLoader } from "./thumbnails";

/** Time for the media service: download deadlines and the zip's date. */
export interface MediaClock extends MediaTimers {
  nowMs: () => number;
}

export interface GalleryMediaDeps {
  /** A file of the library by ID (the library reader's), with its key; undefined when unknown. */
  fileByID: (fileID: number) => DecryptedFile | undefined;
  /**
   * The API client of the current session, undefined when there is none
   * (logged out): downloads then fail with 'token missing' (spec §5).
   */
  api: () => ApiClient | undefined;
  pool: Pick<CryptoPool, "decryptBlobs" | "openDecryptionStream">;
  /** The browser's `caches`; undefined where there is none (Node): nothing is kept across sessions. */
  caches: MediaCacheStorage | undefined;
  clock: MediaClock;
  /** The download stall timeout; defaults to the spec's 300,000 ms (tests shorten it). */
  downloadTimeoutMs?: number;
  /**
   * Turns an image the browser cannot show (HEIC, RAW, TIFF, PSD) into a
   * JPEG for the viewer: the media worker's. Without it the viewer gets
   * every original as it is. See: [Note: Which originals the viewer shows through a JPEG]
   */
  displayImage?: DisplayImageConverter | undefined;
  /**
   * Turns a video the browser cannot play into an MP4 it plays, or answers
   * undefined when this platform has no such conversion: the desktop app's
   * native one. Without it no video is converted (the web app).
   */
  playableVideo?: PlayableVideoConverter | undefined;
  /** Where objects are fetched: the user's files by default, a public link's for its album. */
  endpoints?: MediaEndpoints | undefined;
  /** Failures the viewer survives (a conversion that failed); `console.warn` by default. */
  logWarning?: (message: string, cause: unknown) => void;
}

export interface GalleryMedia {
  /** Decrypted thumbnails of many files, in order, each ok or failed. */
  thumbnails(fileIDs: readonly number[]): Promise<ThumbnailResult[]>;
  /** Starts reading the thumbnails of `fileIDs` into memory, for a `thumbnails` call soon. */
  readThumbnailsAhead(fileIDs: readonly number[]): void;
  /**
   * A file's original for the viewer (an image the browser cannot show as a
   * JPEG, the original itself when that conversion fails); percents while
   * it downloads.
   */
  original(fileID: number, onProgress?: DownloadProgressListener): Promise<OriginalMedia>;
  /**
   * The video of `fileID` converted to what the browser plays, kept beside
   * its original; one conversion per file at a time. See: [Note: A video is converted only after the browser failed to play it]
   */
  playableVideo(fileID: number): Promise<PlayableVideo>;
  /** Downloads originals as files (each to `onFile`) or as one zip (named `zipName`, else `Cairn-<date>.zip`). */
  download(
    fileIDs: readonly number[],
    mode: DownloadMode,
    onProgress: DownloadProgressListener,
    onFile: (file: DownloadedFile) => void,
    zipName?: string,
  ): Promise<void>;
  /**
   * The thumbnail ciphertexts of `fileIDs` this device holds, in order, never
   * fetched. See: [Note: The first screen carries its first thumbnails]
   */
  heldThumbnailCiphertexts(
    fileIDs: readonly number[],
  ): Promise<{ fileID: number; ciphertext: Uint8Array<ArrayBuffer> }[]>;
  /** Keeps thumbnail ciphertexts read elsewhere in memory, by file ID (unknown files are skipped). */
  rememberThumbnailCiphertexts(ciphertexts: ReadonlyMap<number, Uint8Array<ArrayBuffer>>): void;
  /** Keeps the thumbnail ciphertext an upload just sent. See: [Note: An uploaded file's thumbnail is not fetched back] */
  thumbnailUploaded(file: DecryptedFile, ciphertext: Uint8Array<ArrayBuffer>): void;
  /** Drops every cache: in memory and the `thumbs` cache of Cache Storage (logout). */
  clear(): Promise<void>;
}

/**
 * Opened originals (and the viewer's JPEGs of those the browser cannot
 * show) kept in memory, in bytes, so that going back and forth in the
 * viewer does not download or convert again: 256 MiB holds the last few dozen
 * phone photos (3–10 MB each) at a cost a laptop affords while the gallery
 * is open. They are decrypted, so they live in memory only (a browser keeps
 * Blob data outside the worker's heap), never in Cache Storage.
 * See: [Note: The local database holds only ciphertext]
 */
export const originalsMemoryCacheBytes = 256 * 1024 * 1024;

/** The largest original kept: one long video would otherwise push every photo out. */
export const originalsMemoryCacheEntryBytes = 64 * 1024 * 1024;

/** The same file with another file header (replaced contents) is another original. */
const originalKey = (file: DecryptedFile): string =>
  `${String(file.id)}:${file.fileDecryptionHeaderB64}`;

/**
 * The viewer's JPEG of an original is kept beside it, in the same cache and
 * under the same limits, under a key downloads never ask for.
 */
const displayKey = (file: DecryptedFile): string => `${originalKey(file)}:display`;

/** The playable version of a video, likewise. */
const playableKey = (file: DecryptedFile): string => `${originalKey(file)}:playable`;

/** Turns a video into one the browser plays; undefined when this platform cannot. */
export type PlayableVideoConverter = (video: Blob, fileName: string) => Promise<Blob | undefined>;

// [Note: A video is converted only after the browser failed to play it]
//
// Which videos a browser plays is known only by trying (HEVC plays on one
// machine and not on another, a codec may be missing from the build), so
// the viewer first plays the original and asks for a conversion only when
// its playability probe fails (spec §9: 1000 ms). The desktop app then
// converts it natively to an H.264 MP4 (spec §6; the web app has no video
// conversion and answers `converted: false` at once). A conversion takes
// seconds to minutes, so it is done once per file: a second ask while one
// runs joins it, and the MP4 is kept beside the original in memory (never
// on disk: it is plaintext) under the same limits, so going back to the
// video plays it at once. A conversion that fails is not kept: asking again
// tries again.

interface OriginalInFlight {
  promise: Promise<DownloadedOriginal>;
  listeners: Set<PercentListener>;
}

export const createGalleryMedia = (deps: GalleryMediaDeps): GalleryMedia => {
  const logWarning =
    deps.logWarning ??
    ((message: string, cause: unknown) => {
      console.warn(message, cause);
    });
  const requireApi = (): ApiClient => {
    const api = deps.api();
    if (api === undefined) throw new TokenMissingError();
    return api;
  };
  const thumbnailCache = new CiphertextCache(deps.caches, mediaCacheNames.thumbnails);
  const thumbnails = new ThumbnailLoader({
    fileByID: deps.fileByID,
    api: requireApi,
    pool: deps.pool,
    cache: thumbnailCache,
    clock: deps.clock,
    ...(deps.endpoints === undefined ? {} : { endpoints: deps.endpoints }),
  });
  const opened = new ByteLRU<string, OpenedOriginal>({
    maxBytes: originalsMemoryCacheBytes,
    maxEntryBytes: originalsMemoryCacheEntryBytes,
  });
  const inFlight = new Map<string, OriginalInFlight>();
  const conversionsInFlight = new Map<string, Promise<PlayableVideo>>();
  /** Grows at `clear()`: what was in flight then is not cached afterwards. */
  let generation = 0;

  const ensureFile = (fileID: number): DecryptedFile => {
    const file = deps.fileByID(fileID);
    if (file === undefined) throw new FileNotInLibraryError(fileID);
    return file;
  };

  /** Downloads the original of `file`, sharing a download already in flight (prefetch and view). */
  const decrypted = async (
    file: DecryptedFile,
    onPercent: PercentListener,
  ): Promise<DownloadedOriginal> => {
    const key = originalKey(file);
    let entry = inFlight.get(key);
    if (entry === undefined) {
      // The listener is in before the download starts: it hears the first 0.
      const listeners = new Set<PercentListener>([onPercent]);
      const started: OriginalInFlight = {
        listeners,
        promise: downloadOriginal(
          {
            api: requireApi,
            pool: deps.pool,
            timers: deps.clock,
            ...(deps.downloadTimeoutMs === undefined ? {} : { timeoutMs: deps.downloadTimeoutMs }),
            ...(deps.endpoints === undefined ? {} : { endpoint: deps.endpoints.download }),
          },
          file,
          (percent) => {
            for (const listener of listeners) listener(percent);
          },
        ),
      };
      entry = started;
      inFlight.set(key, started);
      const settle = () => {
        if (inFlight.get(key) === started) inFlight.delete(key);
      };
      started.promise.then(settle, settle);
    } else {
      entry.listeners.add(onPercent);
    }
    try {
      return await entry.promise;
    } finally {
      entry.listeners.delete(onPercent);
    }
  };

  /**
   * The viewer's JPEG version of `original`, or undefined when it is shown
   * as it is. A failed conversion is logged and not kept: the viewer gets
   * the original, and says it could not be converted when the browser
   * cannot show it either. See: [Note: Which originals the viewer shows through a JPEG]
   */
  const displayed = async (
    file: DecryptedFile,
    original: OpenedOriginal,
  ): Promise<OpenedOriginal | undefined> => {
    const convert = deps.displayImage;
    if (convert === undefined) return undefined;
    try {
      return await displayVersionOf(original, file.metadata.title, convert);
    } catch (error) {
      logWarning(`Could not convert file ${String(file.id)} for the viewer`, error);
      return undefined;
    }
  };

  /** Converts the video of `file`. See: [Note: A video is converted only after the browser failed to play it] */
  const convertVideo = async (
    file: DecryptedFile,
    convert: PlayableVideoConverter,
  ): Promise<PlayableVideo> => {
    const atStart = generation;
    const original = await media.original(file.id);
    if (original.kind !== "video") return { fileID: file.id, converted: false };
    const playable = await convert(original.blob, file.metadata.title);
    if (playable === undefined) return { fileID: file.id, converted: false };
    const converted: PlayableVideo = { fileID: file.id, converted: true, blob: playable };
    if (atStart === generation) {
      opened.set(
        playableKey(file),
        { media: { fileID: file.id, kind: "video", blob: playable }, sizeBytes: playable.size },
        playable.size,
      );
    }
    return converted;
  };

  const media: GalleryMedia = {
    thumbnails: (fileIDs) => thumbnails.thumbnails(fileIDs),
    readThumbnailsAhead: (fileIDs) => {
      thumbnails.readAhead(fileIDs);
    },
    heldThumbnailCiphertexts: (fileIDs) => thumbnails.heldCiphertexts(fileIDs),
    rememberThumbnailCiphertexts: (ciphertexts) => {
      for (const [fileID, ciphertext] of ciphertexts) {
        const file = deps.fileByID(fileID);
        if (file !== undefined) thumbnails.remember(file, ciphertext);
      }
    },
    thumbnailUploaded: (file, ciphertext) => {
      thumbnails.seed(file, ciphertext);
    },

    async original(fileID, onProgress) {
      const file = ensureFile(fileID);
      const converted = opened.get(displayKey(file));
      if (converted !== undefined) return converted.media;
      const key = originalKey(file);
      const atStart = generation;
      let original = opened.get(key);
      if (original === undefined) {
        original = await openOriginal(
          file,
          await decrypted(file, (percent) => {
            if (onProgress !== undefined) notifyProgress(onProgress, fileID, percent);
          }),
          { readCamera: true },
        );
        if (atStart === generation) opened.set(key, original, original.sizeBytes);
      }
      const shown = await displayed(file, original);
      if (shown === undefined) return original.media;
      if (atStart === generation) opened.set(displayKey(file), shown, shown.sizeBytes);
      return shown.media;
    },

    async playableVideo(fileID) {
      const file = ensureFile(fileID);
      const convert = deps.playableVideo;
      if (convert === undefined) return { fileID, converted: false };
      const key = playableKey(file);
      const kept = opened.get(key);
      if (kept?.media.kind === "video") return { fileID, converted: true, blob: kept.media.blob };
      let conversion = conversionsInFlight.get(key);
      if (conversion === undefined) {
        conversion = convertVideo(file, convert);
        conversionsInFlight.set(key, conversion);
        const settle = () => {
          if (conversionsInFlight.get(key) === conversion) conversionsInFlight.delete(key);
        };
        conversion.then(settle, settle);
      }
      return conversion;
    },

    async download(fileIDs, mode, onProgress, onFile, zipName) {
      requireApi();
      await downloadSelection(
        {
          fileByID: deps.fileByID,
          nowMs: deps.clock.nowMs,
          openForDownload: async (file, onPercent) => {
            const cached = opened.get(originalKey(file));
            if (cached !== undefined) {
              onPercent(100);
              return cached;
            }
            return openOriginal(file, await decrypted(file, onPercent), { readCamera: false });
          },
        },
        { fileIDs, mode, onProgress, onFile, zipName },
      );
    },

    async clear() {
      generation += 1;
      opened.clear();
      inFlight.clear();
      conversionsInFlight.clear();
      thumbnails.clear();
      await thumbnailCache.drop();
    },
  };
  return media;
};
