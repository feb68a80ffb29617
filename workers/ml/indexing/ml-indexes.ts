// The library's ML indexes in memory (CLIP's embeddings for search, the
// things seen in each file, each photo's perceptual hash, how far the two diffs are read), loaded from the
// local database at the first run and saved back after each run that changed
// them, when a store is given. See: [Note: The ML indexes are kept as sealed chunks]

import { eventLoopPacer } from "../../sync/event-loop-yield";
import { openingSliceMs } from "../../sync/local-cipher";
import { type ClipMatch, ClipEmbeddingIndex } from "../clip/embedding-index";
import { normalizedEmbedding } from "../clip/clip-embedding";
import type { MLIndexEntry } from "./ml-index-chunks";
import type { PerceptualHash } from "../../dedupe/perceptual-hash";
import type { MLIndexStore, MLSyncTimes } from "./ml-index-store";
import type { IndexedFace } from "./indexed-faces";

export interface LibraryMLIndexesOptions {
  /** Where the indexes are kept; without one they live in memory only. */
  store?: MLIndexStore | undefined;
  /**
   * Whether a file is in the library: the entries of others are not loaded,
   * and the store drops them when it compacts. Asked when the library is
   * loaded (the first run comes after a sync).
   */
  inLibrary: (fileID: number) => boolean;
  logError: (message: string, cause: unknown) => void;
}

export class LibraryMLIndexes {
  readonly #clip = new ClipEmbeddingIndex();
  readonly #things = new Map<number, readonly string[]>();
  readonly #phash = new Map<number, PerceptualHash>();
  readonly #faces = new Map<number, readonly IndexedFace[]>();
  /** Grows with every change of the faces alone: the people are clustered again. */
  #facesVersion = 0;
  #times: MLSyncTimes = { clipUs: 0, mlDataUs: 0 };
  #savedTimes: MLSyncTimes = { clipUs: 0, mlDataUs: 0 };
  /** Files whose entry changed since the last save. */
  #changed = new Set<number>();
  #store: MLIndexStore | undefined;
  #loading: Promise<void> | undefined;
  /** Saves wait for the load: a save planned without the stored chunks could lose to them. */
  #loaded = false;
  #version = 0;
  readonly #inLibrary: (fileID: number) => boolean;
  readonly #logError: (message: string, cause: unknown) => void;

  constructor({ store, inLibrary, logError }: LibraryMLIndexesOptions) {
    this.#store = store;
    this.#inLibrary = inLibrary;
    this.#logError = logError;
  }

  // -------------------------------------------------------------------------
  // Reads

  /** Grows with every change (matches computed before are stale). */
  get version(): number {
    return this.#version;
  }

  get times(): Readonly<MLSyncTimes> {
    return this.#times;
  }

  /** Files changed since the last save. */
  get unsavedCount(): number {
    return this.#changed.size;
  }

  hasClip(fileID: number): boolean {
    return this.#clip.has(fileID);
  }

  thingsOf(fileID: number): readonly string[] | undefined {
    return this.#things.get(fileID);
  }

  perceptualHashOf(fileID: number): PerceptualHash | undefined {
    return this.#phash.get(fileID);
  }

  /** How many files have a perceptual hash. */
  get perceptualHashCount(): number {
    return this.#phash.size;
  }

  /** A file's faces once face-indexed (empty: it shows none); undefined before. */
  facesOf(fileID: number): readonly IndexedFace[] | undefined {
    return this.#faces.get(fileID);
  }

  /** Every face-indexed file's faces. */
  allFaces(): ReadonlyMap<number, readonly IndexedFace[]> {
    return this.#faces;
  }

  /** Grows with every change of the faces. */
  get facesVersion(): number {
    return this.#facesVersion;
  }

  /** A file's CLIP embedding as the index keeps it (8-bit codes), back to floats; undefined without one. */
  clipEmbeddingOf(fileID: number): Float32Array | undefined {
    const row = this.#clip.rowOf(fileID);
    if (row === undefined) return undefined;
    return normalizedEmbedding(Float32Array.from(row.codes, (code) => code * row.scale));
  }

  thingLabels(): string[] {
    return [...new Set([...this.#things.values()].flat())].sort();
  }

  clipMatches(textEmbedding: Float32Array, threshold: number): ClipMatch[] {
    return this.#clip.matches(textEmbedding, threshold);
  }

  // -------------------------------------------------------------------------
  // Changes

  setClip(fileID: number, embedding: ArrayLike<number>): void {
    this.#clip.add(fileID, embedding);
    this.#touch(fileID);
  }

  setThings(fileID: number, labels: readonly string[]): void {
    this.#things.set(fileID, labels);
    this.#touch(fileID);
  }

  setPerceptualHash(fileID: number, hash: PerceptualHash): void {
    const known = this.#phash.get(fileID);
    if (known?.high === hash.high && known.low === hash.low) return;
    this.#phash.set(fileID, hash);
    this.#touch(fileID);
  }

  setFaces(fileID: number, faces: readonly IndexedFace[]): void {
    this.#faces.set(fileID, faces);
    this.#facesVersion += 1;
    this.#touch(fileID);
  }

  /** Forgets every face (face indexing turned off on this device). */
  clearFaces(): void {
    for (const fileID of this.#faces.keys()) this.#touch(fileID);
    this.#faces.clear();
    this.#facesVersion += 1;
  }

  /** Forgets a file's indexes (its document went). */
  remove(fileID: number): void {
    const hadThings = this.#things.delete(fileID);
    const hadHash = this.#phash.delete(fileID);
    const hadFaces = this.#faces.delete(fileID);
    if (hadFaces) this.#facesVersion += 1;
    if (this.#clip.remove(fileID) || hadThings || hadHash || hadFaces) this.#touch(fileID);
  }

  setClipTime(timeUs: number): void {
    this.#times = { ...this.#times, clipUs: timeUs };
  }

  setMLDataTime(timeUs: number): void {
    this.#times = { ...this.#times, mlDataUs: timeUs };
  }

  #touch(fileID: number) {
    this.#changed.add(fileID);
    this.#version += 1;
  }

  // -------------------------------------------------------------------------
  // The local database

  /**
   * Loads the stored indexes, once (later calls wait for the same load). A
   * store that cannot be read is cleared and indexing starts from zero: the
   * server has it all. See: [Note: The ML indexes are kept as sealed chunks]
   */
  load(): Promise<void> {
    this.#loading ??= this.#load();
    return this.#loading;
  }

  async #load(): Promise<void> {
    const store = this.#store;
    if (store === undefined) return;
    let stored: Awaited<ReturnType<MLIndexStore["load"]>>;
    try {
      stored = await store.load();
    } catch (e) {
      this.#logError("Could not read the stored ML indexes; they are pulled again", e);
      try {
        await store.clear();
        this.#loaded = true;
      } catch (clearing) {
        // Chunks left behind could outrank new ones: this session keeps its indexes in memory.
        this.#store = undefined;
        this.#logError("Could not clear the stored ML indexes", clearing);
      }
      return;
    }
    // See: [Note: Opening sealed rows gives the event loop a turn]
    const maybeYield = eventLoopPacer(openingSliceMs);
    for (const { fileID, clip, things, phash, faces } of stored.entries.values()) {
      // A file gone from the library: its entry counts as waste, and goes at the next compaction.
      if (!this.#inLibrary(fileID)) continue;
      if (clip !== undefined) this.#clip.addCodes(fileID, clip.codes, clip.scale);
      if (things !== undefined) this.#things.set(fileID, things);
      if (phash !== undefined) this.#phash.set(fileID, phash);
      // The chunk's codes are views over its bytes: copied, so the chunk is not kept whole.
      if (faces !== undefined) {
        this.#faces.set(
          fileID,
          faces.map((face) => ({
            ...face,
            embedding: { codes: face.embedding.codes.slice(), scale: face.embedding.scale },
          })),
        );
      }
      await maybeYield();
    }
    this.#times = stored.times;
    this.#savedTimes = stored.times;
    this.#version += 1;
    this.#facesVersion += 1;
    this.#loaded = true;
  }

  /**
   * Stores what changed since the last save with the sync times, in one
   * transaction. A failure is logged: the changes stay to be saved with the
   * next. See: [Note: The ML indexes are kept as sealed chunks]
   */
  async save(): Promise<void> {
    const store = this.#store;
    if (store === undefined || !this.#loaded) return;
    const times = this.#times;
    if (
      this.#changed.size === 0 &&
      times.clipUs === this.#savedTimes.clipUs &&
      times.mlDataUs === this.#savedTimes.mlDataUs
    ) {
      return;
    }
    const changed = this.#changed;
    this.#changed = new Set();
    try {
      await store.save({
        changed,
        fileIDs: () => this.#fileIDs(),
        inLibrary: this.#inLibrary,
        entryOf: (fileID) => this.#entryOf(fileID),
        times,
      });
      this.#savedTimes = times;
    } catch (e) {
      for (const fileID of changed) this.#changed.add(fileID);
      this.#logError("Could not store the ML indexes", e);
    }
  }

  *#fileIDs(): Generator<number> {
    yield* this.#things.keys();
    for (const fileID of this.#clip.fileIDs()) if (!this.#things.has(fileID)) yield fileID;
    for (const fileID of this.#phash.keys()) {
      if (!this.#things.has(fileID) && !this.#clip.has(fileID)) yield fileID;
    }
    for (const fileID of this.#faces.keys()) {
      if (!this.#things.has(fileID) && !this.#clip.has(fileID) && !this.#phash.has(fileID)) {
        yield fileID;
      }
    }
  }

  #entryOf(fileID: number): MLIndexEntry {
    return {
      fileID,
      clip: this.#clip.rowOf(fileID),
      things: this.#things.get(fileID),
      phash: this.#phash.get(fileID),
      faces: this.#faces.get(fileID),
    };
  }
}
