// A public link's album for a visitor without an account:
// opens the album's key from the link's fragment, asks `/info` for the
// album (and its link's settings), checks a password when the link has one,
// pulls `/public-collection/diff`, and serves the gallery's calls (views,
// windows, details, thumbnails, originals, downloads) through the same view
// engine and media service as the library, over an in-memory reader and the
// link's endpoints. While the page is open it pulls again when asked (the
// page asks now and then), takes a visitor's uploads when the link
// collects, and tells the page what changed.
//
// [Note: A public album is the gallery's engine over one collection]
//
// The grid and the viewer call a `GalleryClient`; the sync worker answers
// it with a gallery engine over the stored library and a media service over
// the user's endpoints. A visitor has no library and no token, but the same
// questions: so this service answers them with the same engine over a
// reader that holds one collection (`PublicAlbumReader`) and the same media
// service given the link's endpoints (`publicLinkMediaEndpoints`) and a
// client that sends the link's tokens. Nothing is written to disk but the
// link's device token; thumbnails' ciphertext goes to Cache Storage as in
// the gallery. See: [Note: Thumbnails are cached as ciphertext and decrypted per call]

import { verifyPublicLinkPassword } from "../../shared/api/endpoints/public-collection";
import type { FetchFunction } from "../../shared/api/client";
import { HttpError } from "../../shared/model/errors";
import type { CryptoPool } from "../crypto/pool";
import type { DecryptedCollection } from "../library/decrypted-records";
import type { ActionOutcome, GalleryCalls } from "../gallery/gallery-contract";
import type { UploadCalls } from "../upload/upload-contract";
import type { UploadMedia } from "../upload/upload-run";
import type { DayOf } from "../gallery/engine/days";
import { type GalleryEngine, createGalleryEngine } from "../gallery/engine/gallery-engine";
import type { MediaCacheStorage } from "../gallery/media/ciphertext-cache";
import {
  type GalleryMedia,
  type MediaClock,
  createGalleryMedia,
} from "../gallery/media/gallery-media";
import { publicLinkMediaEndpoints } from "../gallery/media/media-endpoints";
import { type PulledLink, albumFacts, fetchLinkAlbum, pullLinkFiles } from "./album-pull";
import { PublicAlbumReader } from "./album-reader";
import type { DeviceTokenStore } from "./device-tokens";
import { type LinkFailure, linkFailureOf } from "./link-failures";
import { type PublicLinkApi, createPublicLinkApi } from "./public-album-api";
import type {
  PasswordOutcome,
  PublicAlbumFacts,
  PublicAlbumListener,
  PublicAlbumState,
} from "./public-album-contract";
import { openableLink } from "./public-link";
import { type PublicUploads, createPublicUploads } from "./public-uploads";
import { type JoinOutcome, type JoiningAccount, joinAlbum } from "./join-album";

export interface PublicAlbumServiceDeps {
  apiOrigin: string;
  clientPackage: string;
  fetch: FetchFunction;
  pool: CryptoPool;
  deviceTokens: DeviceTokenStore;
  /** Starts the media worker a visitor's upload needs (once, on the first upload). */
  startUploadMedia: () => UploadMedia;
  /**
   * The viewer's JPEG of an image the browser cannot show (HEIC, TIFF, RAW,
   * PSD), made by the same media worker; without it such originals are
   * shown as they are. See: [Note: Which originals the viewer shows through a JPEG]
   */
  displayImage?: ((image: Blob, fileName: string) => Promise<Blob>) | undefined;
  caches: MediaCacheStorage | undefined;
  clock: MediaClock;
  dayOf?: DayOf;
  logWarning?: (message: string, cause: unknown) => void;
}

/** A gallery call made before the album was opened (or after it failed). */
export class PublicAlbumNotOpenError extends Error {
  override readonly name = "PublicAlbumNotOpenError";
}

/** A download asked of a link whose owner does not allow downloads. */
export class DownloadsNotAllowedError extends Error {
  override readonly name = "DownloadsNotAllowedError";
}

/** The public album worker's service. See: [Note: A worker's API is declared once] */
export interface PublicAlbumService extends GalleryCalls, UploadCalls {
  /** Opens the link of the address's query string and fragment. */
  open(search: string, fragment: string): Promise<PublicAlbumState>;
  /** Checks the link's password (hashed here) and, when right, opens the album. */
  verifyPassword(password: string): Promise<PasswordOutcome>;
  /** A visitor organizes nothing: every action is refused. */
  perform(): Promise<ActionOutcome>;
  /** A visitor sees no album's people or link. */
  albumSharing(): undefined;
  /** The page's one listener for changes while the album is open (replaces the last). */
  watch(listener: PublicAlbumListener): void;
  /** Pulls the album's settings and files again; changes reach the listener. */
  refresh(): Promise<void>;
  /** A logged-in visitor joins the album. See: [Note: Joining a link's album needs only the account's public key] */
  join(account: JoiningAccount): Promise<JoinOutcome>;
}

/**
 * The shortest gap between two updates told to the page: an upload
 * registers files one after another, and each update re-renders the grid.
 */
export const albumUpdateIntervalMs = 300;

interface OpenedLink extends PulledLink {
  /** From `/info`, before the password (settings) and the files. */
  collection?: DecryptedCollection | undefined;
  reader?: PublicAlbumReader | undefined;
  engine?: GalleryEngine | undefined;
  media?: GalleryMedia | undefined;
  /** The name this browser gave last when adding photos through the link. */
  uploaderName?: string | undefined;
}

const failed = (failure: LinkFailure): PublicAlbumState => ({ kind: "failed", failure });

export const createPublicAlbumService = (deps: PublicAlbumServiceDeps): PublicAlbumService => {
  let opened: OpenedLink | undefined;

  const fetchAlbum = (current: OpenedLink) => fetchLinkAlbum(deps.pool, current);
  const pullFiles = (current: OpenedLink, reader: PublicAlbumReader) =>
    pullLinkFiles(deps, current, reader);
  const factsOf = (reader: PublicAlbumReader): PublicAlbumFacts =>
    albumFacts(reader, opened?.uploaderName);

  let listener: PublicAlbumListener | undefined;
  let updateScheduled = false;
  /** Tells the page the album as it is now (at most every `albumUpdateIntervalMs`). */
  const tellSoon = () => {
    if (updateScheduled) return;
    updateScheduled = true;
    deps.clock.setTimeout(() => {
      updateScheduled = false;
      const { engine, reader } = opened ?? {};
      if (engine === undefined || reader === undefined) return;
      listener?.({
        kind: "ready",
        album: factsOf(reader),
        snapshot: engine.openView(reader.album.id),
      });
    }, albumUpdateIntervalMs);
  };

  /**
   * A refusal of a pull while the album is open: a password token the server
   * no longer takes asks the password again; anything that ends the link says so.
   */
  const refused = async (current: OpenedLink, error: unknown): Promise<boolean> => {
    if (error instanceof HttpError && error.status === 401 && current.client.hasPasswordToken) {
      await current.client.forgetPasswordToken();
      listener?.({ kind: "password-required" });
      return true;
    }
    const failure = linkFailureOf(error);
    if (failure === "network" || failure === "unknown") return false;
    listener?.({ kind: "failed", failure });
    return true;
  };

  /** With the password settled: the album's files, and the engine and media over them. */
  const openFiles = async (
    current: OpenedLink,
    collection: DecryptedCollection,
  ): Promise<PublicAlbumState> => {
    const reader = current.reader ?? new PublicAlbumReader(collection);
    current.reader = reader;
    await pullFiles(current, reader);
    current.engine ??= createGalleryEngine({
      reader: () => reader,
      ...(deps.dayOf === undefined ? {} : { dayOf: deps.dayOf }),
    });
    const engine = current.engine;
    current.media ??= createGalleryMedia({
      fileByID: (fileID) => engine.fileByID(fileID),
      api: () => current.client.api,
      pool: deps.pool,
      caches: deps.caches,
      clock: deps.clock,
      endpoints: publicLinkMediaEndpoints,
      displayImage: deps.displayImage,
      ...(deps.logWarning === undefined ? {} : { logWarning: deps.logWarning }),
    });
    return { kind: "ready", album: factsOf(reader) };
  };

  let uploadsOf: PublicUploads | undefined;
  const uploads = (): PublicUploads =>
    (uploadsOf ??= createPublicUploads({
      api: () => ensureOpen().client.api,
      pool: deps.pool,
      fetch: deps.fetch,
      startMedia: deps.startUploadMedia,
      album: () => {
        const { reader } = opened ?? {};
        if (reader === undefined) return undefined;
        return {
          album: { id: reader.album.id, keyB64: reader.album.keyB64 },
          files: () => reader.filesOf(reader.album.id),
          collects: () => factsOf(reader).enableCollect,
          uploaded: (file, thumbnailCiphertext) => {
            opened?.media?.thumbnailUploaded(file, thumbnailCiphertext);
            reader.applyDiff([{ kind: "file", file }]);
            tellSoon();
          },
        };
      },
      afterRun: () => {
        void service.refresh();
      },
      nowMs: deps.clock.nowMs,
    }));

  const ensureOpen = (): {
    engine: GalleryEngine;
    media: GalleryMedia;
    reader: PublicAlbumReader;
    client: PublicLinkApi;
  } => {
    const { engine, media, reader, client } = opened ?? {};
    if (
      engine === undefined ||
      media === undefined ||
      reader === undefined ||
      client === undefined
    ) {
      throw new PublicAlbumNotOpenError("The public album is not open");
    }
    return { engine, media, reader, client };
  };

  const service: PublicAlbumService = {
    async open(search, fragment) {
      const link = openableLink(search, fragment);
      if (link === undefined) return failed("incomplete-link");
      const current: OpenedLink = {
        link,
        client: createPublicLinkApi(deps, link.accessToken),
        sinceTimeUs: 0,
      };
      opened = current;
      try {
        await current.client.loadTokens();
        current.uploaderName = await deps.deviceTokens.getUploaderName(link.accessToken);
        const collection = await fetchAlbum(current);
        // A key that does not open the album's name is not this album's key.
        if (collection === undefined) return failed("incomplete-link");
        current.collection = collection;
        if (
          collection.publicURLs[0]?.passwordEnabled === true &&
          !current.client.hasPasswordToken
        ) {
          return { kind: "password-required" };
        }
        return await openFiles(current, collection);
      } catch (error) {
        // See: [Note: A link's password is asked once per browser]
        if (error instanceof HttpError && error.status === 401 && current.client.hasPasswordToken) {
          await current.client.forgetPasswordToken();
          return { kind: "password-required" };
        }
        return failed(linkFailureOf(error));
      }
    },

    async verifyPassword(password) {
      const current = opened;
      const collection = current?.collection;
      const url = collection?.publicURLs[0];
      if (current === undefined || collection === undefined || url === undefined) {
        return failed("unknown");
      }
      try {
        const passHash = await deps.pool.deriveKeyB64(
          password,
          url.nonce ?? "",
          url.opsLimit ?? 0,
          url.memLimit ?? 0,
        );
        const { jwtToken } = await current.client.api.call(verifyPublicLinkPassword, {
          body: { passHash },
        });
        await current.client.setPasswordToken(jwtToken);
      } catch (error) {
        // A wrong password is a 401 of `verify-password` itself (wire-contract §9).
        if (error instanceof HttpError && error.status === 401)
          return { kind: "incorrect-password" };
        return failed(linkFailureOf(error));
      }
      try {
        return await openFiles(current, collection);
      } catch (error) {
        return failed(linkFailureOf(error));
      }
    },

    openView: (viewID) => ensureOpen().engine.openView(viewID),
    viewWindow: (viewID, startIndex, count) =>
      ensureOpen().engine.viewWindow(viewID, startIndex, count),
    viewItemsAt: (viewID, indexes) => ensureOpen().engine.viewItemsAt(viewID, indexes),
    indexOfFile: (viewID, fileID) => ensureOpen().engine.indexOfFile(viewID, fileID),
    fileDetails: (fileID) => ensureOpen().engine.fileDetails(fileID),
    thumbnails: (fileIDs) => ensureOpen().media.thumbnails(fileIDs),
    original: (fileID, onProgress) => ensureOpen().media.original(fileID, onProgress),
    playableVideo: (fileID) => ensureOpen().media.playableVideo(fileID),

    async download(fileIDs, mode, onProgress, onFile, zipName) {
      const { media, reader } = ensureOpen();
      if (!factsOf(reader).enableDownload) {
        throw new DownloadsNotAllowedError("The link's owner does not allow downloads");
      }
      await media.download(fileIDs, mode, onProgress, onFile, zipName);
    },

    perform: () => Promise.resolve({ ok: false, code: "unknown" }),
    albumSharing: () => undefined,

    watch(next) {
      listener = next;
    },

    async refresh() {
      const current = opened;
      const reader = current?.reader;
      if (current === undefined || reader === undefined) return;
      try {
        const collection = await fetchAlbum(current);
        if (collection === undefined) {
          listener?.({ kind: "failed", failure: "incomplete-link" });
          return;
        }
        const before = reader.version;
        reader.replaceAlbum(collection);
        await pullFiles(current, reader);
        if (reader.version !== before) tellSoon();
      } catch (error) {
        if (!(await refused(current, error))) {
          deps.logWarning?.("Could not refresh the public album", error);
        }
      }
    },

    join: (account) => {
      const { reader, client } = ensureOpen();
      if (!factsOf(reader).enableJoin) return Promise.resolve({ kind: "not-allowed" });
      return joinAlbum(deps.pool, client, reader.album, account);
    },

    upload: async (request, onProgress) => {
      const current = opened;
      const name = request.uploaderName;
      if (current !== undefined && name !== undefined && name !== current.uploaderName) {
        current.uploaderName = name;
        await deps.deviceTokens.setUploaderName(current.link.accessToken, name);
      }
      return uploads().upload(request, onProgress);
    },
    cancelUpload: () => {
      uploadsOf?.cancel();
    },
  };
  return service;
};
