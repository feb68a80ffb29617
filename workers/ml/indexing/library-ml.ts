// On-device ML for a loaded library, as the sync worker hosts it: the
// indexing job (`ml-job.ts`) running the library's indexing runs
// (`library-indexing.ts`) with the ML worker's models, on or off for this
// device, and what the search reads of it: the things of a file, the files
// close to a text ("photos of …"), the indexing status.
//
// [Note: A semantic search is embedded once, then matched in place]
//
// The search index asks synchronously which files a query finds, but a
// text's CLIP embedding comes from the ML worker. So opening a semantic
// search first embeds its text (one call, tens of ms) and matches it
// against the library's embeddings; the matches are kept by text (a few
// texts, the last ones searched) for the search view to read, and dropped
// when a run changes the indexes (embeddings added, or the stored ones
// loaded) so the next search sees them.

// [Note: Indexing gives way to uploads]
//
// An upload and indexing both decode images and both use the device's few
// cores; the user is waiting for the upload, not for the index. So while
// an upload runs, a run stops before its next batch (a batch already
// handed to the ML worker finishes: a second or two) and no run is
// scheduled; the upload's end asks for the next run, which also indexes
// the files it brought (spec §4's live extraction after an upload).

// [Note: Indexing off still finds what others indexed]
//
// Turning indexing off on a device (a phone's battery, a slow laptop) stops
// it computing: no model runs, no thumbnail is read for it. It does not
// hide what the user's other devices computed: the job still runs after
// each sync, takes the new embeddings and ML data documents (a few
// requests, no models), and the search finds those photos, as the setting
// says. Logout stops the job altogether.

import type { SchedulerTimers } from "../../sync/schedule";
import type { ClipStatus, MLWorkerCalls } from "../ml-worker-contract";
import {
  type LibraryIndexing,
  type LibraryIndexingDeps,
  createLibraryIndexing,
} from "./library-indexing";
import { type MLJob, type MLJobPhase, createMLJob } from "./ml-job";
import type { PerceptualHash } from "../../dedupe/perceptual-hash";
import type { FaceIndexingStatus } from "../../people/people-contract";
import type { IndexedFace } from "./indexed-faces";

/** What the sync worker needs of the ML worker. */
export type MLClient = Pick<
  MLWorkerCalls,
  | "clipStatus"
  | "embedText"
  | "indexImages"
  | "hashImages"
  | "detectFaces"
  | "faceEngine"
  | "clusterFaces"
>;

/** Indexing as the settings and the sidebar show it (spec §4 "Indexing status"). */
export interface MLStatus {
  /** Indexing runs on this device. */
  enabled: boolean;
  phase: MLJobPhase;
  pending: number;
  indexed: number;
  /** Whether "photos of …" can be searched, and why not; undefined before the first run asked. */
  clip?: ClipStatus | undefined;
  /** Indexing waits for an upload to end. See: [Note: Indexing gives way to uploads] */
  pausedForUpload: boolean;
}

export interface LibraryML {
  /** Something new may need indexing (a sync brought files, an upload finished). */
  request(): void;
  setOnline(online: boolean): void;
  setEnabled(enabled: boolean): void;
  /** Whether uploads are running. See: [Note: Indexing gives way to uploads] */
  setUploading(uploading: boolean): void;
  /** Logout: the run in progress is aborted and nothing runs again. */
  stop(): void;
  /** Reads the indexes kept in the local database, once: the search waits for it. */
  loadStored(): Promise<void>;
  status(): MLStatus;
  thingsOf(fileID: number): readonly string[] | undefined;
  thingLabels(): string[];
  /** Whether a semantic search can be answered (CLIP's models are there). */
  semanticAvailable(): boolean;
  /** Asks the ML worker whether CLIP is on when no run has asked yet. See: [Note: The suggestions know whether CLIP is on] */
  knowSemanticAvailability(): Promise<void>;
  /** Embeds `text` and matches it. See: [Note: A semantic search is embedded once, then matched in place] */
  prepareSemantic(text: string): Promise<void>;
  /** The files a prepared text finds; undefined when it was not prepared or CLIP is off. */
  semanticMatches(text: string): ReadonlySet<number> | undefined;
}

/** What the similar photos of /deduplicate read of the indexes. See: [Note: Similar photos are near in hash and in time] */
export interface SimilarityIndexes {
  /** A file's perceptual hash (similar photos), once hashed here or elsewhere. */
  perceptualHashOf(fileID: number): PerceptualHash | undefined;
  /** How many files have a perceptual hash. */
  perceptualHashCount(): number;
  /** A file's CLIP embedding (unit length), once indexed. */
  clipEmbeddingOf(fileID: number): Float32Array | undefined;
}

/** What the people read of the faces, and face indexing's switch. */
export interface LibraryFaces {
  faceIndexingEnabled(): boolean;
  /** Turns face indexing on or off; off forgets the faces kept on this device. */
  setFaceIndexing(enabled: boolean): Promise<void>;
  faceStatus(): FaceIndexingStatus;
  allFaces(): ReadonlyMap<number, readonly IndexedFace[]>;
  facesOf(fileID: number): readonly IndexedFace[] | undefined;
  /** Grows with every change of the faces. */
  facesVersion(): number;
}

export interface LibraryMLDeps extends Omit<LibraryIndexingDeps, "ml" | "faceIndexing"> {
  /** The ML worker, started on first use. */
  ml: () => MLClient;
  timers: SchedulerTimers;
  online: boolean;
  enabled: boolean;
  /** Whether face indexing is on at the start (this device's choice). */
  faceIndexing?: boolean;
}

/** Texts whose matches are kept. See: [Note: A semantic search is embedded once, then matched in place] */
const keptSemanticTexts = 8;

export const createLibraryML = (
  deps: LibraryMLDeps,
): LibraryML & SimilarityIndexes & LibraryFaces => {
  let clip: ClipStatus | undefined;
  let enabled = deps.enabled;
  let faceIndexing = deps.faceIndexing ?? false;
  let online = deps.online;
  let uploading = false;
  /** Logged out: nothing runs again. */
  let stopped = false;
  let abort = new AbortController();
  const semantic = new Map<string, ReadonlySet<number>>();
  let askingClip: Promise<void> | undefined;
  const logError =
    deps.logError ??
    ((message: string, cause: unknown) => {
      console.error(message, cause);
    });

  const indexing: LibraryIndexing = createLibraryIndexing({
    ...deps,
    paused: () => uploading,
    faceIndexing: () => faceIndexing,
    ml: {
      clipAvailable: async () => {
        clip = await deps.ml().clipStatus();
        return clip.available;
      },
      indexImages: async (jpegs) => {
        if (jpegs.length === 0) return [];
        const results = await deps.ml().indexImages([...jpegs]);
        return results.map((result) => (result.ok ? result : undefined));
      },
      hashImages: async (jpegs) => (jpegs.length === 0 ? [] : deps.ml().hashImages([...jpegs])),
      detectFaces: async (jpegs) => (jpegs.length === 0 ? [] : deps.ml().detectFaces(jpegs)),
      faceEngine: () => deps.ml().faceEngine(),
    },
  });

  /** The indexes' version the kept matches were made at. */
  let matchedVersion = indexing.version();
  const makeJob = (): MLJob =>
    createMLJob({
      run: async () => {
        try {
          return await indexing.run(abort.signal, { compute: enabled });
        } finally {
          if (indexing.version() !== matchedVersion) {
            semantic.clear();
            matchedVersion = indexing.version();
          }
        }
      },
      timers: deps.timers,
      online,
      onError: (error) => {
        // Spec §8: a cancelled request stops a run quietly.
        if (!abort.signal.aborted) logError("Indexing failed", error);
      },
    });
  let job = makeJob();

  const stopJob = () => {
    job.stop();
    abort.abort();
  };

  /** Stops the run in progress and starts the job again (a switch changed what runs compute). */
  const restartJob = () => {
    stopJob();
    abort = new AbortController();
    job = makeJob();
    job.request();
  };

  return {
    request: () => {
      if (!stopped) job.request();
    },
    setOnline: (next) => {
      online = next;
      job.setOnline(next);
    },
    setEnabled: (next) => {
      if (next === enabled || stopped) return;
      enabled = next;
      // A run computing now stops; the next runs compute or only take others' work.
      // See: [Note: Indexing off still finds what others indexed]
      restartJob();
    },
    setUploading: (next) => {
      if (next === uploading) return;
      uploading = next;
      if (!uploading && !stopped) job.request();
    },
    loadStored: () => indexing.loadStored(),
    stop: () => {
      stopped = true;
      enabled = false;
      stopJob();
    },
    status: () => ({
      enabled,
      phase: job.phase(),
      ...indexing.status(),
      clip,
      pausedForUpload: enabled && uploading,
    }),
    thingsOf: (fileID) => indexing.thingsOf(fileID),
    thingLabels: () => indexing.thingLabels(),
    semanticAvailable: () => clip?.available === true,
    knowSemanticAvailability() {
      if (clip !== undefined || stopped) return Promise.resolve();
      askingClip ??= deps
        .ml()
        .clipStatus()
        .then(
          (answered) => {
            // A run may have answered meanwhile, as fresh.
            clip ??= answered;
          },
          (error: unknown) => {
            logError("Could not ask whether CLIP is on", error);
          },
        )
        .finally(() => {
          askingClip = undefined;
        });
      return askingClip;
    },
    async prepareSemantic(text) {
      if (semantic.has(text)) return;
      const embedding = await deps.ml().embedText(text);
      if (embedding === undefined) return;
      semantic.set(text, indexing.semanticMatches(embedding));
      for (const kept of semantic.keys()) {
        if (semantic.size <= keptSemanticTexts) break;
        semantic.delete(kept);
      }
    },
    semanticMatches: (text) => semantic.get(text),
    perceptualHashOf: (fileID) => indexing.perceptualHashOf(fileID),
    perceptualHashCount: () => indexing.perceptualHashCount(),
    clipEmbeddingOf: (fileID) => indexing.clipEmbeddingOf(fileID),
    faceIndexingEnabled: () => faceIndexing,
    async setFaceIndexing(next) {
      if (next === faceIndexing || stopped) return;
      faceIndexing = next;
      // A run finding faces now stops before its next photo.
      restartJob();
      if (!next) await indexing.clearFaces();
    },
    faceStatus: () => {
      const counts = indexing.faceStatus();
      const phase = job.phase();
      return {
        enabled: faceIndexing,
        phase:
          counts.indexedFiles >= counts.totalFiles
            ? "done"
            : phase === "running"
              ? "indexing"
              : "scheduled",
        ...counts,
      };
    },
    allFaces: () => indexing.allFaces(),
    facesOf: (fileID) => indexing.facesOf(fileID),
    facesVersion: () => indexing.facesVersion(),
  };
};
