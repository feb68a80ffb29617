// The library's ML indexes in memory (CLIP's embeddings for search, the
// things seen in each file, each photo's perceptual hash, each photo's faces
// and face indexing status, how far the two diffs are read), loaded from the
// local databases at the first run and saved back after each run that
// changed them, when stores are given.
// See: [Note: The ML indexes are kept as sealed chunks]
// See: [Note: The face database keeps each file's faces and status]

import { eventLoopPacer } from "../../sync/event-loop-yield";
import { openingSliceMs } from "../../sync/local-cipher";
import { type ClipMatch, ClipEmbeddingIndex } from "../clip/embedding-index";
import { normalizedEmbedding } from "../clip/clip-embedding";
import type { MLIndexEntry } from "./ml-index-chunks";
import type { PerceptualHash } from "../../dedupe/perceptual-hash";
import type { MLIndexStore, MLSyncTimes } from "./ml-index-store";
import type { IndexedFace } from "./indexed-faces";
import type { FaceIndexStore } from "./face-index-store";
import type { FaceIndexingState } from "./file-status-chunks";

export interface LibraryMLIndexesOptions {
  /** Where the indexes are kept; without one they live in memory only. */
  store?: MLIndexStore | undefined;
  /** Where the faces are kept (the face database); without one they live in memory only. */
  faceStore?: FaceIndexStore | undefined;
  /**
   * Whether a file is in the library: the entries of others are not loaded,
   * and the store drops them when it compacts. Asked when the library is
   * loaded (the first run comes after a sync).
   */
  inLibrary: (fileID: number) => boolean;
  logError: (message: string, cause: unknown) => void;
}

/** A stored chunk's codes are views over its bytes: copied, so the chunk is not kept whole. */
const copiedFaces = (faces: readonly IndexedFace[]): IndexedFace[] =>
  faces.map((face) => ({
    ...face,
    embedding: { codes: face.embedding.codes.slice(), scale: face.embedding.scale },
  }));

/**
 * What a store holds; one that cannot be read is cleared (the server has it
 * all), and one that cannot be cleared either is not used this session:
 * chunks left behind could outrank new ones.
 */
const loadOrClear = async <Stored>(
  store: { load(): Promise<Stored>; clear(): Promise<void> },
  logError: (message: string, cause: unknown) => void,
  messages: { unreadable: string; uncleared: string },
): Promise<{ kind: "loaded"; stored: Stored } | { kind: "cleared" } | { kind: "unusable" }> => {
  try {
    return { kind: "loaded", stored: await store.load() };
  } catch (e) {
    logError(messages.unreadable, e);
  }
  try {
    await store.clear();
    return { kind: "cleared" };
  } catch (clearing) {
    logError(messages.uncleared, clearing);
    return { kind: "unusable" };
  }
};

export class LibraryMLIndexes {
  readonly #clip = new ClipEmbeddingIndex();
  readonly #things = new Map<number, readonly string[]>();
  readonly #phash = new Map<number, PerceptualHash>();
  readonly #faces = new Map<number, readonly IndexedFace[]>();
  readonly #faceStates = new Map<number, FaceIndexingState>();
  /** Grows with every change of the faces alone: the people are clustered again. */
  #facesVersion = 0;
  #times: MLSyncTimes = { clipUs: 0, mlDataUs: 0 };
  #savedTimes: MLSyncTimes = { clipUs: 0, mlDataUs: 0 };
  /** Files whose entry changed since the last save. */
  #changed = new Set<number>();
  /** Files whose faces or face indexing status changed since the last save. */
  #facesChanged = new Set<number>();
  #store: MLIndexStore | undefined;
  #faceStore: FaceIndexStore | undefined;
  #loading: Promise<void> | undefined;
  /** Saves wait for the load: a save planned without the stored chunks could lose to them. */
  #loaded = false;
  #facesLoaded = false;
  #version = 0;
  readonly #inLibrary: (fileID: number) => boolean;
  readonly #logError: (message: string, cause: unknown) => void;

  constructor({ store, faceStore, inLibrary, logError }: LibraryMLIndexesOptions) {
    this.#store = store;
    this.#faceStore = faceStore;
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
    return this.#changed.size + this.#facesChanged.size;
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

  /** A file's face indexing status; undefined before its faces were looked for. */
  faceStateOf(fileID: number): FaceIndexingState | undefined {
    return this.#faceStates.get(fileID);
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
    this.#faceStates.set(fileID, {
      status: "indexed",
      failureCount: this.#faceStates.get(fileID)?.failureCount ?? 0,
    });
    this.#facesVersion += 1;
    this.#touchFaces(fileID);
  }

  /** Counts a failure to find a file's faces (its thumbnail could not be read). */
  recordFaceFailure(fileID: number): void {
    const failureCount = (this.#faceStates.get(fileID)?.failureCount ?? 0) + 1;
    this.#faceStates.set(fileID, { status: "indexable", failureCount });
    this.#touchFaces(fileID);
  }

  /** Forgets every face and status (face indexing turned off on this device). */
  clearFaces(): void {
    for (const fileID of this.#faces.keys()) this.#touchFaces(fileID);
    for (const fileID of this.#faceStates.keys()) this.#touchFaces(fileID);
    this.#faces.clear();
    this.#faceStates.clear();
    this.#facesVersion += 1;
  }

  /** Forgets a file's indexes (its document went). */
  remove(fileID: number): void {
    const hadThings = this.#things.delete(fileID);
    const hadHash = this.#phash.delete(fileID);
    const hadFaces = this.#faces.delete(fileID);
    const hadState = this.#faceStates.delete(fileID);
    if (hadFaces) this.#facesVersion += 1;
    if (hadFaces || hadState) this.#touchFaces(fileID);
    if (this.#clip.remove(fileID) || hadThings || hadHash) this.#touch(fileID);
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

  #touchFaces(fileID: number) {
    this.#facesChanged.add(fileID);
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
    const earlierFaces = await this.#loadSearchIndexes();
    await this.#loadFaces(earlierFaces);
    this.#version += 1;
    this.#facesVersion += 1;
  }

  /** Loads `embeddings_v2` and the sync times; returns the faces earlier versions kept there. */
  async #loadSearchIndexes(): Promise<Map<number, readonly IndexedFace[]>> {
    const earlierFaces = new Map<number, readonly IndexedFace[]>();
    const store = this.#store;
    if (store === undefined) return earlierFaces;
    const read = await loadOrClear(store, this.#logError, {
      unreadable: "Could not read the stored ML indexes; they are pulled again",
      uncleared: "Could not clear the stored ML indexes",
    });
    if (read.kind === "unusable") this.#store = undefined;
    if (read.kind !== "unusable") this.#loaded = true;
    if (read.kind !== "loaded") return earlierFaces;
    const stored = read.stored;
    // See: [Note: Opening sealed rows gives the event loop a turn]
    const maybeYield = eventLoopPacer(openingSliceMs);
    for (const { fileID, clip, things, phash, faces } of stored.entries.values()) {
      // A file gone from the library: its entry counts as waste, and goes at the next compaction.
      if (!this.#inLibrary(fileID)) continue;
      if (clip !== undefined) this.#clip.addCodes(fileID, clip.codes, clip.scale);
      if (things !== undefined) this.#things.set(fileID, things);
      if (phash !== undefined) this.#phash.set(fileID, phash);
      if (faces !== undefined) {
        // Moved to the face database; the entry is written again without them.
        earlierFaces.set(fileID, faces);
        this.#changed.add(fileID);
      }
      await maybeYield();
    }
    this.#times = stored.times;
    this.#savedTimes = stored.times;
    this.#loaded = true;
    return earlierFaces;
  }

  /**
   * Loads the face database, then takes the faces earlier versions kept in
   * `embeddings_v2` for the files it does not know.
   * See: [Note: The face database keeps each file's faces and status]
   */
  async #loadFaces(earlierFaces: ReadonlyMap<number, readonly IndexedFace[]>): Promise<void> {
    const faceStore = this.#faceStore;
    let stored: Awaited<ReturnType<FaceIndexStore["load"]>> = {
      faces: new Map(),
      states: new Map(),
    };
    if (faceStore !== undefined) {
      const read = await loadOrClear(faceStore, this.#logError, {
        unreadable: "Could not read the stored faces; they are found or pulled again",
        uncleared: "Could not clear the stored faces",
      });
      if (read.kind === "unusable") this.#faceStore = undefined;
      if (read.kind !== "unusable") this.#facesLoaded = true;
      if (read.kind === "loaded") stored = read.stored;
    }
    const maybeYield = eventLoopPacer(openingSliceMs);
    for (const [fileID, faces] of stored.faces) {
      if (!this.#inLibrary(fileID)) continue;
      this.#faces.set(fileID, copiedFaces(faces));
      await maybeYield();
    }
    for (const [fileID, state] of stored.states) {
      if (this.#inLibrary(fileID)) this.#faceStates.set(fileID, state);
    }
    for (const [fileID, faces] of earlierFaces) {
      if (this.#faces.has(fileID)) continue;
      this.#faces.set(fileID, copiedFaces(faces));
      this.#faceStates.set(fileID, { status: "indexed", failureCount: 0 });
      this.#facesChanged.add(fileID);
    }
  }

  /**
   * Stores what changed since the last save with the sync times, in one
   * transaction. A failure is logged: the changes stay to be saved with the
   * next. See: [Note: The ML indexes are kept as sealed chunks]
   */
  async save(): Promise<void> {
    // The faces first: the ML data diff's time saved below is never ahead of them.
    if (!(await this.#saveFaces())) return;
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

  /** Stores what changed of the faces; false when that failed (the changes stay to be saved). */
  async #saveFaces(): Promise<boolean> {
    const faceStore = this.#faceStore;
    if (faceStore === undefined || !this.#facesLoaded || this.#facesChanged.size === 0) return true;
    const changed = this.#facesChanged;
    this.#facesChanged = new Set();
    try {
      await faceStore.save({
        faces: {
          changed,
          fileIDs: () => this.#faces.keys(),
          inLibrary: this.#inLibrary,
          facesOf: (fileID) => this.#faces.get(fileID),
        },
        states: {
          changed,
          fileIDs: () => this.#faceStates.keys(),
          inLibrary: this.#inLibrary,
          stateOf: (fileID) => this.#faceStates.get(fileID),
        },
      });
      return true;
    } catch (e) {
      for (const fileID of changed) this.#facesChanged.add(fileID);
      this.#logError("Could not store the faces", e);
      return false;
    }
  }

  *#fileIDs(): Generator<number> {
    yield* this.#things.keys();
    for (const fileID of this.#clip.fileIDs()) if (!this.#things.has(fileID)) yield fileID;
    for (const fileID of this.#phash.keys()) {
      if (!this.#things.has(fileID) && !this.#clip.has(fileID)) yield fileID;
    }
  }

  #entryOf(fileID: number): MLIndexEntry {
    return {
      fileID,
      clip: this.#clip.rowOf(fileID),
      things: this.#things.get(fileID),
      phash: this.#phash.get(fileID),
    };
  }
}
