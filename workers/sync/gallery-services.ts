// What the sync service builds over an opened library for the gallery: the
// organizing actions (optimistic patches), the view engine reading the
// library through them, and the media service (thumbnails, originals,
// downloads) finding files through the engine.
// See: [Note: Views cache on versions]

import type { ViewChoices } from "../../shared/model/library/view-choices";
import type { ApiClient } from "../../shared/api/client";
import type { CryptoPool } from "../crypto/pool";
import type { DecryptedFile } from "../library/decrypted-records";
import type { LibraryKeyring } from "../library/keyring";
import { type LibraryActions, createLibraryActions } from "../gallery/actions/library-actions";
import type { LibraryReader } from "../gallery/gallery-contract";
import type { LibraryStore } from "./library-store";
import type { MediaCacheStorage } from "../gallery/media/ciphertext-cache";
import {
  type GalleryMedia,
  type MediaClock,
  createGalleryMedia,
} from "../gallery/media/gallery-media";
import type { DayOf } from "../gallery/engine/days";
import { type GalleryEngine, createGalleryEngine } from "../gallery/engine/gallery-engine";
import { libraryStoreReader } from "./store-reader";
import { localDayOf } from "../gallery/engine/days";
import {
  type LibrarySearch,
  type LocationTagsSearch,
  type PeopleSearch,
  createLibrarySearch,
} from "../search/library-search";
import type { Places } from "../places/places-loader";
import type { LibraryML } from "../ml/indexing/library-ml";

export interface GalleryServicesDeps {
  store: LibraryStore;
  userID: number;
  pool: CryptoPool;
  keyring: LibraryKeyring;
  /** The API client with the current token; undefined when the session has none. */
  api: () => ApiClient | undefined;
  /** A pull after an accepted action, settling when its changes are stored. */
  sync: () => Promise<unknown>;
  /** The library as views read it changed: push summaries and the open view. */
  notify: () => void;
  /** The EXIF creation time of a file's original (fix time from EXIF). */
  exifCreationTimeUs: (file: DecryptedFile) => Promise<number | undefined>;
  caches: MediaCacheStorage | undefined;
  clock: MediaClock;
  dayOf?: DayOf;
  /** The user's choices of what views show (read on every call). */
  choices?: () => ViewChoices;
  /**
   * A media service made before the library was loaded (it answered the
   * first screen's thumbnails); its owner makes it find files through the
   * engine from now on. By default one is made over the engine.
   */
  media?: GalleryMedia | undefined;
  logUnexpected?: (message: string, cause: unknown) => void;
  /** The places data for place searches and the info panel. See: [Note: Places load with the first search] */
  places?: (() => Promise<Places>) | undefined;
  /** On-device ML (things, CLIP matches) for the search, once it runs. */
  ml?: (() => LibraryML | undefined) | undefined;
  /** Settles once on-device ML's code has loaded (or failed to). See: [Note: The suggestions know whether CLIP is on] */
  mlHosted?: (() => Promise<void>) | undefined;
  /** The people for face search, once on-device ML runs. */
  people?: (() => PeopleSearch | undefined) | undefined;
  /** The account's location tags for place search. */
  locationTags?: (() => LocationTagsSearch | undefined) | undefined;
}

export interface GalleryServices {
  engine: GalleryEngine;
  media: GalleryMedia;
  actions: LibraryActions;
  /** The search over the engine's searchable view. */
  search: LibrarySearch;
  /** The library as views show it now. */
  reader: () => LibraryReader;
}

export class NoSessionError extends Error {
  override readonly name = "NoSessionError";
}

export const createGalleryServices = (deps: GalleryServicesDeps): GalleryServices => {
  const base = libraryStoreReader(deps.store, deps.userID);
  const actions = createLibraryActions({
    base,
    userID: deps.userID,
    pool: deps.pool,
    keyring: deps.keyring,
    api: () => {
      const api = deps.api();
      if (api === undefined) throw new NoSessionError("The library has no session");
      return api;
    },
    sync: deps.sync,
    notify: deps.notify,
    exifCreationTimeUs: deps.exifCreationTimeUs,
    ...(deps.logUnexpected === undefined ? {} : { logUnexpected: deps.logUnexpected }),
  });
  const patched = actions.reader(base);
  // Without pending actions the views read the store directly, whose
  // per-collection versions let a sync page re-sort one collection only;
  // a pending action's patches are read through the overlay.
  const reader = () => (actions.pendingCount > 0 ? patched : base);
  const engine = createGalleryEngine({
    reader,
    ...(deps.dayOf === undefined ? {} : { dayOf: deps.dayOf }),
    ...(deps.choices === undefined ? {} : { choices: deps.choices }),
  });
  const media =
    deps.media ??
    createGalleryMedia({
      fileByID: (fileID) => engine.fileByID(fileID),
      api: deps.api,
      pool: deps.pool,
      caches: deps.caches,
      clock: deps.clock,
    });
  const search = createLibrarySearch({
    engine,
    dayOf: deps.dayOf ?? localDayOf,
    places: deps.places,
    ml: deps.ml,
    mlHosted: deps.mlHosted,
    people: deps.people,
    locationTags: deps.locationTags,
  });
  return { engine, media, actions, search, reader };
};
