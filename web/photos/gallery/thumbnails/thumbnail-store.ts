// Thumbnails for every view of the gallery (grid tiles, album covers, the
// viewer's placeholder): one store per page gathers the requests of all
// visible consumers during a frame into batched `client.thumbnails` calls,
// and keeps the most recently used data URLs (made by the worker).

import type { GalleryClient } from "../../../common/library/gallery-client";
import type { ThumbnailURLResult } from "../../../../workers/gallery/gallery-contract";

/**
 * [Note: A screen of thumbnails comes in small calls]
 *
 * Files per `thumbnails` call: as many as the worker fetches at once (See:
 * [Note: Thumbnails fill the connections at low priority]). The worker
 * answers a call when all of its thumbnails are fetched and decrypted, so a
 * call of a whole screen (40–60 tiles) showed nothing until its last fetch,
 * then decrypted and decoded all of it at the end. Calls of a round's worth
 * answer as each round of fetches ends: the top of the screen appears
 * first, and the decrypting and decoding of one round overlap the fetches
 * of the next, so the screen is also whole sooner.
 */
export const maxThumbnailsPerCall = 6;

/**
 * Calls in flight at once: five rounds of the worker's fetches queued, a
 * screen of the desktop grid. More would only queue inside the worker,
 * holding tiles the user has already scrolled past ahead of the ones now
 * visible; requests wait here instead, where unwanted ones are dropped.
 */
export const maxCallsInFlight = 5;

/**
 * Thumbnails kept. About three screens of the densest layout (a 4K screen
 * shows ~450 tiles of 100 px), so scrolling back a little never asks the
 * worker again. Entries in use are never evicted.
 */
export const defaultMaxEntries = 1500;

/**
 * Characters of the kept URLs at most, besides their number: a data URL
 * holds its JPEG as base64 on the page's heap (See: [Note: Thumbnails reach
 * the page as data URLs]), one byte a character. 48 Mi characters keep ~2,000
 * thumbnails of 18 KB but ~350 of the 100 KB the apps make, whose URLs would
 * otherwise hold 200 MB at 1,500 entries.
 */
export const defaultMaxURLChars = 48 * 1024 * 1024;

/**
 * [Note: Thumbnails are shown a few per frame]
 *
 * Answers can bring a screen of thumbnails within a frame or two (from the
 * worker's memory cache, or calls ending together), and showing one costs
 * the page the tile's render, its image element and the image's load and
 * decode. Shown all in the task that received them, a screen after a jump
 * took 30–120 ms, several frames lost at the moment the user looks
 * (measured, with the URLs then still made on the page). So
 * answers wait in arrival order (the screen's tiles were asked for first)
 * and each frame shows at most this many: a screen appears over a few
 * frames, top to bottom, and no frame is late for it. Answers for tiles
 * that are gone by then (the user jumped on) are dropped, never shown ahead
 * of the screen now in view.
 */
export const thumbnailsShownPerFrame = 12;

/**
 * [Note: A thumbnail is decoded before it is shown]
 *
 * Showing a thumbnail the moment its URL arrives left its JPEG decode to
 * the frames that reveal it: the raster threads decoded a dozen images
 * while the page rendered their tiles, on the same two cores, and the
 * image's load event then rendered each tile a second time to fade it in.
 * A trace of the date jumps put their late frames there. So an answer
 * waits for its image to be decoded (`HTMLImageElement.decode`, off the
 * main thread, while the rest of the screen is still on its way) and its
 * tile shows it loaded from its first render, in a single commit and
 * without a fade. An image that cannot be decoded is still shown: its tile
 * waits for the element's own load event as before.
 */
export type DecodeThumbnail = (url: string) => Promise<void>;

/** Decodes `url` with a detached image element; resolves when the decoded image is cached. */
export const decodeWithImageElement: DecodeThumbnail = async (url) => {
  if (typeof Image !== "function") throw new Error("No image elements here");
  const image = new Image();
  if (typeof image.decode !== "function") throw new Error("No image decoding here");
  image.src = url;
  await image.decode();
};

type Entry =
  { state: "ready"; url: string; decoded: boolean } | { state: "failed"; errorName: string };

/** An answer of the worker, and whether its image is decoded. See: [Note: A thumbnail is decoded before it is shown] */
type Arrived = ThumbnailURLResult & { decoded?: boolean };

/** What the store calls: the gallery client's thumbnails, and whether it already asked for a file's. */
export type ThumbnailStoreClient = Pick<GalleryClient, "thumbnails" | "isThumbnailAskedAhead">;

export interface ThumbnailStoreOptions {
  maxEntries?: number;
  maxURLChars?: number;
  /** Runs `callback` before the next frame (default: requestAnimationFrame). */
  schedule?: (callback: () => void) => void;
  /** The clock of request holds (default: performance.now). */
  nowMs?: () => number;
  /** Runs `callback` after `delayMs` (default: setTimeout). */
  delay?: (callback: () => void, delayMs: number) => void;
  /** Decodes a thumbnail before it is shown (default: an image element's `decode`). */
  decode?: DecodeThumbnail;
}

const defaultSchedule = (callback: () => void) => {
  if (typeof requestAnimationFrame === "function") requestAnimationFrame(callback);
  else setTimeout(callback, 16);
};

export class ThumbnailStore {
  readonly #client: ThumbnailStoreClient;
  readonly #maxEntries: number;
  readonly #maxURLChars: number;
  /** Characters of the ready entries' URLs. */
  #urlChars = 0;
  readonly #schedule: (callback: () => void) => void;
  readonly #nowMs: () => number;
  readonly #delay: (callback: () => void, delayMs: number) => void;
  readonly #decode: DecodeThumbnail;
  /** Insertion order is recency: the first key is the least recently used. */
  readonly #entries = new Map<number, Entry>();
  readonly #listeners = new Map<number, Set<() => void>>();
  /** Requested and not yet sent, in request order. */
  readonly #queue = new Set<number>();
  /** Explicit requests without a listener (prefetch) that must still be fetched. */
  readonly #wanted = new Set<number>();
  /** Sent and not yet shown: answered ones wait in `#arrived`. */
  readonly #inFlight = new Set<number>();
  /** Answers not shown yet, oldest first. See: [Note: Thumbnails are shown a few per frame] */
  #arrived: Arrived[] = [];
  #showScheduled = false;
  #callsInFlight = 0;
  #flushScheduled = false;
  #disposed = false;
  /** No call is sent before this time (see `holdRequests`). */
  #heldUntilMs = Number.NEGATIVE_INFINITY;
  #holdTimerSet = false;

  constructor(client: ThumbnailStoreClient, options: ThumbnailStoreOptions = {}) {
    this.#client = client;
    this.#maxEntries = options.maxEntries ?? defaultMaxEntries;
    this.#maxURLChars = options.maxURLChars ?? defaultMaxURLChars;
    this.#schedule = options.schedule ?? defaultSchedule;
    this.#nowMs = options.nowMs ?? (() => performance.now());
    this.#delay =
      options.delay ??
      ((callback, delayMs) => {
        setTimeout(callback, delayMs);
      });
    this.#decode = options.decode ?? decodeWithImageElement;
  }

  /** The URL of a file's thumbnail, once it has arrived. */
  url(fileID: number): string | undefined {
    const entry = this.#entries.get(fileID);
    return entry?.state === "ready" ? entry.url : undefined;
  }

  /** The thumbnail as shown (the same object until it changes), once it has arrived. */
  shown(fileID: number): ShownThumbnail | undefined {
    const entry = this.#entries.get(fileID);
    return entry?.state === "ready" ? entry : undefined;
  }

  /** The error name when the thumbnail could not be had (no thumbnail, decryption failed). */
  failure(fileID: number): string | undefined {
    const entry = this.#entries.get(fileID);
    return entry?.state === "failed" ? entry.errorName : undefined;
  }

  /** Asks for a thumbnail without showing it yet (e.g. the next photo of the viewer). */
  request(fileID: number): void {
    if (this.#disposed) return;
    const entry = this.#entries.get(fileID);
    if (entry !== undefined) {
      this.#touch(fileID, entry);
      return;
    }
    this.#wanted.add(fileID);
    this.#enqueue(fileID);
  }

  /**
   * Listens for a file's thumbnail and asks for it. While a listener is
   * subscribed the entry is never evicted; unsubscribing before the request
   * was sent drops the request (a tile scrolled past).
   */
  subscribe(fileID: number, listener: () => void): () => void {
    let listeners = this.#listeners.get(fileID);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(fileID, listeners);
    }
    listeners.add(listener);
    const entry = this.#entries.get(fileID);
    if (entry !== undefined) this.#touch(fileID, entry);
    else if (!this.#disposed) this.#enqueue(fileID);
    return () => {
      const current = this.#listeners.get(fileID);
      current?.delete(listener);
      if (current?.size === 0) this.#listeners.delete(fileID);
    };
  }

  /**
   * Sends no call for `durationMs` from now (a running hold is extended, never
   * shortened); requests made meanwhile wait, and those whose tile is gone by
   * then are dropped. See: [Note: A fling fetches no thumbnails]
   */
  holdRequests(durationMs: number): void {
    const untilMs = this.#nowMs() + durationMs;
    if (untilMs <= this.#heldUntilMs) return;
    this.#heldUntilMs = untilMs;
    this.#armHoldTimer();
  }

  #armHoldTimer() {
    if (this.#holdTimerSet || this.#disposed) return;
    this.#holdTimerSet = true;
    this.#delay(
      () => {
        this.#holdTimerSet = false;
        if (this.#nowMs() < this.#heldUntilMs) this.#armHoldTimer();
        else this.#scheduleFlush();
      },
      Math.max(0, this.#heldUntilMs - this.#nowMs()),
    );
  }

  /** Drops every thumbnail and ignores answers still on their way. */
  dispose(): void {
    this.#disposed = true;
    this.#entries.clear();
    this.#urlChars = 0;
    this.#queue.clear();
    this.#wanted.clear();
    this.#arrived = [];
  }

  #touch(fileID: number, entry: Entry) {
    this.#entries.delete(fileID);
    this.#entries.set(fileID, entry);
  }

  #enqueue(fileID: number) {
    if (this.#inFlight.has(fileID)) return;
    this.#queue.add(fileID);
    this.#scheduleFlush();
  }

  #scheduleFlush() {
    if (this.#flushScheduled || this.#disposed) return;
    this.#flushScheduled = true;
    this.#schedule(() => {
      this.#flushScheduled = false;
      this.#flush();
    });
  }

  #flush() {
    if (this.#disposed) return;
    // The hold's timer flushes when it ends.
    if (this.#nowMs() < this.#heldUntilMs) return;
    this.#sendAskedAhead();
    while (this.#callsInFlight < maxCallsInFlight && this.#queue.size > 0) {
      const batch: number[] = [];
      for (const fileID of this.#queue) {
        this.#queue.delete(fileID);
        if (!this.#isSendable(fileID)) continue;
        batch.push(fileID);
        if (batch.length === maxThumbnailsPerCall) break;
      }
      if (batch.length === 0) return;
      this.#send(batch);
    }
  }

  /**
   * [Note: Thumbnails asked ahead are sent in a call of their own]
   *
   * The client may already have asked for some thumbnails before any tile
   * wanted them (the first screen's, at a reload. See: [Note: The page asks
   * for the first screen's thumbnails as it arrives]). Such a call costs the
   * worker nothing more, but a call answers only once all of its files are
   * in, so sharing one with files read from Cache Storage (the albums bar's
   * covers, queued first since the bar renders above the grid) held the
   * first tiles back 50 ms after their answer was on the page. They are
   * sent first, together, and without counting against the calls in flight.
   */
  #sendAskedAhead() {
    const isAskedAhead = this.#client.isThumbnailAskedAhead;
    if (isAskedAhead === undefined) return;
    const askedAhead = [...this.#queue].filter(
      (fileID) => isAskedAhead(fileID) && this.#isSendable(fileID),
    );
    if (askedAhead.length === 0) return;
    for (const fileID of askedAhead) this.#queue.delete(fileID);
    this.#send(askedAhead, { counted: false });
  }

  /** Someone still waits for it (the tile did not scroll away), and it is neither shown nor asked. */
  #isSendable(fileID: number): boolean {
    return this.#isWaitedFor(fileID) && !this.#entries.has(fileID) && !this.#inFlight.has(fileID);
  }

  #send(batch: number[], { counted }: { counted: boolean } = { counted: true }) {
    for (const fileID of batch) this.#inFlight.add(fileID);
    if (counted) this.#callsInFlight += 1;
    this.#client.thumbnails(batch).then(
      (results) => {
        this.#receive(batch, results, counted);
      },
      (e: unknown) => {
        const errorName = e instanceof Error ? e.name : "Error";
        this.#receive(
          batch,
          batch.map((fileID) => ({ fileID, ok: false, errorName })),
          counted,
        );
      },
    );
  }

  #receive(batch: readonly number[], results: readonly ThumbnailURLResult[], counted: boolean) {
    if (counted) this.#callsInFlight -= 1;
    if (this.#disposed) return;
    const answered = new Set<number>();
    const arrived: Arrived[] = [];
    for (const result of results) {
      answered.add(result.fileID);
      arrived.push(result);
    }
    for (const fileID of batch) {
      if (!answered.has(fileID)) arrived.push({ fileID, ok: false, errorName: "NotAnswered" });
    }
    if (this.#queue.size > 0) this.#scheduleFlush();
    // See: [Note: A thumbnail is decoded before it is shown]
    void Promise.all(
      arrived.map(async (result) => {
        if (!result.ok || !this.#isWaitedFor(result.fileID)) return result;
        const decoded = await this.#decode(result.url).then(
          () => true,
          () => false,
        );
        return { ...result, decoded };
      }),
    ).then((decodedResults) => {
      if (this.#disposed) return;
      this.#arrived.push(...decodedResults);
      this.#scheduleShow();
    });
  }

  #isWaitedFor(fileID: number): boolean {
    return this.#listeners.has(fileID) || this.#wanted.has(fileID);
  }

  #scheduleShow() {
    if (this.#showScheduled || this.#disposed || this.#arrived.length === 0) return;
    this.#showScheduled = true;
    this.#schedule(() => {
      this.#showScheduled = false;
      this.#showArrived();
    });
  }

  /**
   * Turns the next few answers that someone waits for into entries and tells
   * their listeners; answers nobody waits for any more (a tile jumped or
   * scrolled past) are dropped unshown.
   * See: [Note: Thumbnails are shown a few per frame]
   */
  #showArrived() {
    if (this.#disposed) return;
    const waiting: Arrived[] = [];
    let shown = 0;
    for (const result of this.#arrived) {
      const { fileID } = result;
      if (!this.#isWaitedFor(fileID)) {
        this.#inFlight.delete(fileID);
        continue;
      }
      if (shown === thumbnailsShownPerFrame) {
        waiting.push(result);
        continue;
      }
      shown += 1;
      this.#inFlight.delete(fileID);
      this.#wanted.delete(fileID);
      if (this.#entries.get(fileID)?.state === "ready") continue;
      const entry: Entry = result.ok
        ? { state: "ready", url: result.url, decoded: result.decoded === true }
        : { state: "failed", errorName: result.errorName };
      this.#entries.set(fileID, entry);
      if (entry.state === "ready") this.#urlChars += entry.url.length;
      this.#notify(fileID);
    }
    this.#arrived = waiting;
    this.#evict();
    this.#scheduleShow();
  }

  #notify(fileID: number) {
    const listeners = this.#listeners.get(fileID);
    if (listeners === undefined) return;
    for (const listener of [...listeners]) listener();
  }

  /** Drops the least recently used entries not in use while there are too many, or their URLs are too long. */
  #evict() {
    for (const [fileID, entry] of this.#entries) {
      if (this.#entries.size <= this.#maxEntries && this.#urlChars <= this.#maxURLChars) break;
      if (this.#listeners.has(fileID)) continue;
      this.#entries.delete(fileID);
      if (entry.state === "ready") this.#urlChars -= entry.url.length;
    }
  }
}

/** A thumbnail as a tile shows it. */
export interface ShownThumbnail {
  url: string;
  /** Decoded before it was shown. See: [Note: A thumbnail is decoded before it is shown] */
  decoded: boolean;
}
