// Face indexing: a run's work on the faces of the library's photos, when the
// user turned it on. It takes the faces other devices found (the file's ML
// data document, `face` part) before finding any here, and writes what it
// finds back into the document, encrypted with the file's key, so a second
// device shows the people without running the models.
//
// [Note: Faces are indexed after a file's search index]
//
// The face models are a second pass over a photo's thumbnail, not part of
// `indexImages`: face indexing is opt-in (spec §6), and turning it on over a
// library indexed for search must not run CLIP and the things detector on
// every photo again. A run's face batch comes after its search batch, so a
// new upload is searchable first and has its faces a run later.
//
// [Note: Faces of another model are not ours to overwrite]
//
// A face's embedding only compares with embeddings of the same engine (see:
// [Note: Face engines]), told apart by their length: the reference's
// MobileFaceNet writes 192 values under `face`, the built-in engine 1024.
// - A document's faces of the engine in use here are adopted; others are
//   not (they would cluster with nothing), and the file counts as not yet
//   face-indexed: this device finds its own faces.
// - Faces found here replace a document's faces of the same engine, and
//   the built-in engine's when this device runs the reference's (the Ente
//   apps then read them). They never replace the reference engine's faces
//   (the Ente apps' people are made of them): the built-in engine's faces
//   of such a file stay in this device's local indexes only.
// - A photo that shows no face has none under either engine: an empty
//   list is adopted and kept whatever the engine.

import { type MLDataSyncDeps, updateMLData } from "../derived-data/ml-data-sync";
import { type FaceIndex, type MLDataDocument, faceOf, withMLDataPart } from "../ml-data";
import type { FacesOfImage } from "../ml-worker-contract";
import {
  type FaceEngine,
  type FaceEngineName,
  builtInFaceEngine,
  faceEngines,
  mayReplaceFaces,
} from "../faces/face-engines";
import { indexedFace } from "../faces/face-id";
import { type IndexedFace, quantizedEmbedding } from "./indexed-faces";
import { readableThumbnails } from "./readable-thumbnails";
import { batchToCompute } from "./batch-to-compute";
import type { IndexingML, LibraryIndexingDeps } from "./library-indexing";
import type { LibraryMLIndexes } from "./ml-indexes";
import type { MLRunOutcome } from "./ml-job";

/**
 * [Note: A photo whose faces cannot be found is tried a few times]
 *
 * A photo whose thumbnail cannot be fetched or decoded is left for the rest
 * of the session, and its failure is counted in the face database's
 * `file-status`. A later session tries it again (the network may have been
 * down, a thumbnail may have been replaced) until it failed this many times;
 * then it counts as done, so the phase can reach "done" and no reload
 * spends its first run on photos that never read.
 */
export const maxFaceIndexingFailures = 3;

export interface FaceStageDeps extends Pick<LibraryIndexingDeps, "files" | "thumbnails"> {
  ml: Pick<IndexingML, "detectFaces" | "faceEngine">;
  batchSize: number;
  paused?: (() => boolean) | undefined;
  indexes: LibraryMLIndexes;
  /** Who made the faces, as the document names it. */
  client: string;
  logError: (message: string, cause: unknown) => void;
}

export interface FaceStage {
  /** Asks the ML worker which engine finds faces (at the start of each run). */
  chooseEngine: () => Promise<void>;
  /** The engine chosen by the last run; undefined before. */
  engineName: () => FaceEngineName | undefined;
  /** Keeps the faces a document holds, when they are of the engine in use. */
  adopt: (fileID: number, document: MLDataDocument) => void;
  /** Finds the faces of the next batch of photos without them. */
  run: (sync: MLDataSyncDeps, signal: AbortSignal | undefined) => Promise<MLRunOutcome>;
  /** Whether a file's faces are known here (found, adopted, or it could not be read). */
  isDone: (fileID: number) => boolean;
}

/** The embeddings' length of a document's faces; undefined without faces. */
const storedEmbeddingLength = (face: FaceIndex | undefined): number | undefined =>
  face?.faces[0]?.embedding.length;

const indexedFacesOf = (face: FaceIndex): IndexedFace[] =>
  face.faces.map(({ faceID, detection, score, blur, embedding }) => ({
    faceID,
    box: {
      x: detection.box.x,
      y: detection.box.y,
      width: detection.box.width,
      height: detection.box.height,
    },
    score,
    blur,
    embedding: quantizedEmbedding(embedding),
  }));

/** The document's `face` part for what the ML worker found in a file. */
const facePartOf = (
  fileID: number,
  found: FacesOfImage,
  client: string,
): Pick<FaceIndex, "client" | "width" | "height" | "faces"> => ({
  client,
  width: found.width,
  height: found.height,
  faces: found.faces.map((face) => indexedFace(fileID, face)),
});

export const createFaceStage = (deps: FaceStageDeps): FaceStage => {
  const { indexes } = deps;
  /** Files whose faces could not be found this session. See: [Note: A photo whose faces cannot be found is tried a few times] */
  const failed = new Set<number>();

  let engine: FaceEngine = faceEngines[builtInFaceEngine];
  let chosen = false;

  /** Whether faces are the engine's (a photo without faces is, whatever the engine). */
  const areEngines = (embeddingLengths: readonly number[]) =>
    embeddingLengths.every((length) => length === engine.embeddingLength);

  const isDone = (fileID: number) => {
    if (failed.has(fileID)) return true;
    const faces = indexes.facesOf(fileID);
    if (faces !== undefined && areEngines(faces.map(({ embedding }) => embedding.codes.length))) {
      return true;
    }
    return (indexes.faceStateOf(fileID)?.failureCount ?? 0) >= maxFaceIndexingFailures;
  };

  const fail = (fileID: number, cause: unknown) => {
    deps.logError(`Could not index the faces of file ${String(fileID)}`, cause);
    failed.add(fileID);
    indexes.recordFaceFailure(fileID);
  };

  const adopt = (fileID: number, document: MLDataDocument) => {
    const face = faceOf(document);
    if (face === undefined || !areEngines(face.faces.map(({ embedding }) => embedding.length)))
      return;
    indexes.setFaces(fileID, indexedFacesOf(face));
  };

  const run: FaceStage["run"] = async (sync, signal) => {
    const next = await batchToCompute({ ...deps, isDone, sync, adopt });
    if ("outcome" in next) return next.outcome;
    const { files: toIndex, stored } = next;
    signal?.throwIfAborted();
    const thumbnails = await deps.thumbnails(toIndex.map(({ id }) => id));
    const images = readableThumbnails(thumbnails, fail);
    const found = await deps.ml.detectFaces(images.map(({ bytes }) => bytes));
    for (const [position, { fileID }] of images.entries()) {
      signal?.throwIfAborted();
      const faces = found[position];
      if (faces === undefined) {
        fail(fileID, "unreadable image");
        continue;
      }
      const part = facePartOf(fileID, faces, deps.client);
      await updateMLData(
        sync,
        fileID,
        (document) =>
          mayReplaceFaces(engine.name, storedEmbeddingLength(faceOf(document)))
            ? withMLDataPart(document, "face", part)
            : document,
        stored.get(fileID),
      );
      // Face indexing turned off while the document was written: its faces are not kept.
      signal?.throwIfAborted();
      indexes.setFaces(
        fileID,
        part.faces.map(({ faceID, detection, score, blur }, index) => ({
          faceID,
          box: detection.box,
          score,
          blur,
          embedding: quantizedEmbedding(faces.faces[index]?.embedding ?? []),
        })),
      );
    }
    return "did-work";
  };

  const chooseEngine = async () => {
    engine = faceEngines[await deps.ml.faceEngine()];
    chosen = true;
  };

  return {
    chooseEngine,
    engineName: () => (chosen ? engine.name : undefined),
    adopt,
    run,
    isDone,
  };
};
