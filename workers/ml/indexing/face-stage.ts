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
// A face's embedding only compares with embeddings of the same model. The
// reference's clients write MobileFaceNet's 192 values under `face`; ours are
// the human package's descriptor (`faceEmbeddingLength` values). A document
// whose `face` part holds embeddings of another length is a file indexed by
// another model: its faces are not adopted (they would cluster with nothing)
// and not overwritten (the other app's people need them). This device finds
// its own faces and keeps them in its local indexes only.

import { fetchMLData, updateMLData } from "../derived-data/ml-data-sync";
import { type FaceIndex, type MLDataDocument, faceOf, withMLDataPart } from "../ml-data";
import type { FacesOfImage } from "../ml-worker-contract";
import { descriptorLength as faceEmbeddingLength } from "../faces/face-descriptor";
import { indexedFace } from "../faces/face-id";
import { type IndexedFace, quantizedEmbedding } from "./indexed-faces";
import { readableThumbnails } from "./readable-thumbnails";
import { nextIndexingBatch } from "./indexing-queue";
import type { LibraryIndexingDeps } from "./library-indexing";
import type { LibraryMLIndexes } from "./ml-indexes";
import type { MLRunOutcome } from "./ml-job";

export interface FaceStageDeps extends Pick<LibraryIndexingDeps, "files" | "thumbnails"> {
  ml: { detectFaces(jpegs: Uint8Array[]): Promise<(FacesOfImage | undefined)[]> };
  batchSize: number;
  paused?: (() => boolean) | undefined;
  indexes: LibraryMLIndexes;
  /** Who made the faces, as the document names it. */
  client: string;
  logError: (message: string, cause: unknown) => void;
}

export interface FaceStage {
  /** Keeps the faces a document holds, when they are of our model. */
  adopt: (fileID: number, document: MLDataDocument) => void;
  /** Finds the faces of the next batch of photos without them. */
  run: (
    sync: Parameters<typeof fetchMLData>[0],
    signal: AbortSignal | undefined,
  ) => Promise<MLRunOutcome>;
  /** Whether a file's faces are known here (found, adopted, or it could not be read). */
  isDone: (fileID: number) => boolean;
}

/** Whether a document's `face` part is of another model. See: [Note: Faces of another model are not ours to overwrite] */
const isOtherModels = (face: FaceIndex | undefined): boolean =>
  face !== undefined &&
  face.faces.some(({ embedding }) => embedding.length !== faceEmbeddingLength);

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
  /** Files whose faces could not be found this session (no thumbnail, undecodable): not retried until reload. */
  const failed = new Set<number>();

  const isDone = (fileID: number) => failed.has(fileID) || indexes.facesOf(fileID) !== undefined;

  const adopt = (fileID: number, document: MLDataDocument) => {
    const face = faceOf(document);
    if (face === undefined || isOtherModels(face)) return;
    indexes.setFaces(fileID, indexedFacesOf(face));
  };

  const run: FaceStage["run"] = async (sync, signal) => {
    const batch = nextIndexingBatch(deps.files(), isDone, new Set(), deps.batchSize);
    if (batch.length === 0) return "nothing-to-do";
    if (deps.paused?.() === true) return "paused";
    // Another device may have found them already.
    const stored = await fetchMLData(
      sync,
      batch.map(({ id }) => id),
    );
    const toIndex = batch.filter(({ id }) => {
      const document = stored.get(id)?.document;
      if (document !== undefined) adopt(id, document);
      return !isDone(id);
    });
    if (toIndex.length === 0) return "did-work";
    signal?.throwIfAborted();
    const thumbnails = await deps.thumbnails(toIndex.map(({ id }) => id));
    const images = readableThumbnails(thumbnails, (fileID, errorName) => {
      deps.logError(`Could not index the faces of file ${String(fileID)}`, errorName);
      failed.add(fileID);
    });
    const found = await deps.ml.detectFaces(images.map(({ bytes }) => bytes));
    for (const [position, { fileID }] of images.entries()) {
      signal?.throwIfAborted();
      const faces = found[position];
      if (faces === undefined) {
        deps.logError(`Could not index the faces of file ${String(fileID)}`, "unreadable image");
        failed.add(fileID);
        continue;
      }
      const part = facePartOf(fileID, faces, deps.client);
      await updateMLData(
        sync,
        fileID,
        (document) =>
          isOtherModels(faceOf(document)) ? document : withMLDataPart(document, "face", part),
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

  return { adopt, run, isDone };
};
