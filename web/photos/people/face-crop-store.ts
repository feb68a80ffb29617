// The faces' crops for every face shown on the page (people cards, the
// albums bar's people, a person's header, the viewer's faces): one store per
// people client gathers the requests made in the same task into a few
// `faceCrops` calls, and keeps the most recently used crops as object URLs.
// See: [Note: Face crops are cached sealed]

import type { FaceRef } from "../../../workers/people/people-contract";
import type { PeopleClient } from "../../common/library/people-client";
import { RecencyMap } from "../../common/state/recency-map";

/**
 * Faces per `faceCrops` call: a people page's first screen (five rows of
 * cards) in one call, and no more, so a long list's first crops are not
 * held back by the cutting of its last.
 */
export const maxFacesPerCall = 30;

/**
 * Crops kept as object URLs: a few people pages' worth. A crop is a few KB,
 * so even all of them are small; the bound is for a library of thousands
 * of people scrolled through. Entries in use are never dropped.
 */
export const defaultMaxCrops = 500;

type Entry = { state: "ready"; url: string } | { state: "failed" };

/** How the store turns bytes into an image's URL and frees it (object URLs in a browser). */
export interface CropURLs {
  create(jpegBytes: Uint8Array): string;
  revoke(url: string): void;
}

const objectURLs: CropURLs = {
  create: (jpegBytes) =>
    URL.createObjectURL(new Blob([jpegBytes as Uint8Array<ArrayBuffer>], { type: "image/jpeg" })),
  revoke: (url) => {
    URL.revokeObjectURL(url);
  },
};

export interface FaceCropStoreOptions {
  maxCrops?: number;
  /** Runs `callback` once the task's requests are in (default: a zero timeout). */
  schedule?: (callback: () => void) => void;
  urls?: CropURLs;
}

export class FaceCropStore {
  readonly #client: Pick<PeopleClient, "faceCrops">;
  readonly #maxCrops: number;
  readonly #schedule: (callback: () => void) => void;
  readonly #urls: CropURLs;
  readonly #entries = new RecencyMap<string, Entry>();
  readonly #listeners = new Map<string, Set<() => void>>();
  /** Asked and not yet sent, by face ID. */
  readonly #queue = new Map<string, FaceRef>();
  readonly #inFlight = new Set<string>();
  #flushScheduled = false;

  constructor(client: Pick<PeopleClient, "faceCrops">, options: FaceCropStoreOptions = {}) {
    this.#client = client;
    this.#maxCrops = options.maxCrops ?? defaultMaxCrops;
    this.#schedule =
      options.schedule ??
      ((callback) => {
        setTimeout(callback, 0);
      });
    this.#urls = options.urls ?? objectURLs;
  }

  /** The URL of a face's crop, once it has arrived. */
  url(faceID: string): string | undefined {
    const entry = this.#entries.peek(faceID);
    return entry?.state === "ready" ? entry.url : undefined;
  }

  /** Listens for a face's crop and asks for it; while listened to, it is kept. */
  subscribe(face: FaceRef, listener: () => void): () => void {
    const { faceID } = face;
    let listeners = this.#listeners.get(faceID);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(faceID, listeners);
    }
    listeners.add(listener);
    if (this.#entries.use(faceID) === undefined && !this.#inFlight.has(faceID)) {
      this.#queue.set(faceID, face);
      this.#scheduleFlush();
    }
    return () => {
      const current = this.#listeners.get(faceID);
      current?.delete(listener);
      if (current?.size === 0) this.#listeners.delete(faceID);
    };
  }

  #scheduleFlush() {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    this.#schedule(() => {
      this.#flushScheduled = false;
      this.#flush();
    });
  }

  #flush() {
    // Faces whose component is gone before the call are not asked for.
    const faces = [...this.#queue.values()].filter(({ faceID }) => this.#listeners.has(faceID));
    this.#queue.clear();
    for (let start = 0; start < faces.length; start += maxFacesPerCall) {
      this.#send(faces.slice(start, start + maxFacesPerCall));
    }
  }

  #send(faces: FaceRef[]) {
    for (const { faceID } of faces) this.#inFlight.add(faceID);
    this.#client.faceCrops(faces).then(
      (crops) => {
        this.#receive(faces, crops);
      },
      () => {
        this.#receive(faces, []);
      },
    );
  }

  #receive(faces: readonly FaceRef[], crops: readonly (Uint8Array | undefined)[]) {
    faces.forEach(({ faceID }, index) => {
      this.#inFlight.delete(faceID);
      const crop = crops[index];
      this.#entries.set(
        faceID,
        crop === undefined ? { state: "failed" } : { state: "ready", url: this.#urls.create(crop) },
      );
      for (const listener of [...(this.#listeners.get(faceID) ?? [])]) listener();
    });
    this.#evict();
  }

  /** Frees the least recently used crops nobody shows while there are too many. */
  #evict() {
    if (this.#entries.size <= this.#maxCrops) return;
    for (const [faceID, entry] of [...this.#entries.entries()]) {
      if (this.#entries.size <= this.#maxCrops) return;
      if (this.#listeners.has(faceID)) continue;
      this.#entries.delete(faceID);
      if (entry.state === "ready") this.#urls.revoke(entry.url);
    }
  }
}

const stores = new WeakMap<Pick<PeopleClient, "faceCrops">, FaceCropStore>();

/** The page's store of `client` (one per client: every face of the page shares its calls). */
export const faceCropStoreOf = (client: Pick<PeopleClient, "faceCrops">): FaceCropStore => {
  let store = stores.get(client);
  if (store === undefined) {
    store = new FaceCropStore(client);
    stores.set(client, store);
  }
  return store;
};
