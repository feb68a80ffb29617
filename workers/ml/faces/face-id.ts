import type { FaceIndex } from "../ml-data";
import type { DetectedFace } from "./face-indexer";

// A face's ID and its shape in the ML data document, as the reference makes
// them (`makeFaceID` and `Face` in its
// `web/packages/new/photos/services/ml/face.ts`), so that our documents
// read in its apps and theirs in ours (their embeddings are of another
// model, but the IDs, boxes and landmarks' places mean the same).

/** One face of a face index (the reference's `Face`). */
export type DocumentFace = FaceIndex["faces"][number];

/**
 * A relative coordinate as the reference writes it in a face ID: clamped to
 * [0, 0.999999], with 5 decimals, without the leading "0.". The reference's
 * clamp lets 0.999995 and above round to "1.00000", written "00000"; kept,
 * as an ID must be the same whichever app computes it.
 */
const idPart = (value: number) => Math.min(Math.max(value, 0), 0.999999).toFixed(5).substring(2);

/**
 * `${fileID}_${xMin}_${yMin}_${xMax}_${yMax}`: the file and the corners of
 * the face's box relative to the image, e.g. `1234_10250_20000_30500_45000`.
 * Unique among a user's faces, as a file's faces do not share a box.
 */
export const faceIDOf = (fileID: number, box: DetectedFace["box"]): string =>
  [
    String(fileID),
    idPart(box.x),
    idPart(box.y),
    idPart(box.x + box.width),
    idPart(box.y + box.height),
  ].join("_");

/** The file a face ID names, or undefined when it does not start with one. */
export const fileIDOfFaceID = (faceID: string): number | undefined => {
  const match = /^(\d+)_/.exec(faceID);
  return match?.[1] === undefined ? undefined : Number(match[1]);
};

/** A detected face in the ML data document's shape (the reference's `Face`). */
export const indexedFace = (fileID: number, face: DetectedFace): DocumentFace => ({
  faceID: faceIDOf(fileID, face.box),
  detection: {
    box: { ...face.box },
    landmarks: face.landmarks.map(({ x, y }) => ({ x, y })),
  },
  score: face.score,
  blur: face.blur,
  embedding: Array.from(face.embedding),
});
