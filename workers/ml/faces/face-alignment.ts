import type { Point } from "./face-geometry";

// [Note: A face is aligned by a similarity transform of its 5 landmarks]
//
// MobileFaceNet (as ArcFace models in general) learned on 112×112 faces
// whose eyes, nose tip and mouth corners sit at fixed places, the ArcFace
// template below. The reference finds the similarity (rotation, uniform
// scale, translation; no shear, no mirroring) that maps the detector's 5
// landmarks closest to the template in the least-squares sense (Umeyama's
// method, through its `similarity-transformation` and `ml-matrix`
// packages), and samples the image through its inverse. In 2D that optimum
// has a closed form, used here: with the points centred on their means,
// a = Σ p·q and b = Σ p×q (dot and cross products of each landmark and its
// template point), the transform's scaled rotation is (a, b) / Σ |p|², and
// the translation maps the landmarks' mean onto the template's.

/** The side of MobileFaceNet's input, in pixels. */
export const alignedFaceSizePx = 112;

/**
 * Where the 5 landmarks go in the 112×112 aligned face (ArcFace's template):
 * left eye, right eye, nose, left and right mouth corners.
 */
export const arcFaceTemplatePx: readonly Point[] = [
  { x: 38.2946, y: 51.6963 },
  { x: 73.5318, y: 51.5014 },
  { x: 56.0252, y: 71.7366 },
  { x: 41.5493, y: 92.3655 },
  { x: 70.7299, y: 92.2041 },
];

/**
 * A similarity transform: (x, y) ↦ (a·x − b·y + tx, b·x + a·y + ty), i.e. a
 * rotation by atan2(b, a) and a scale of hypot(a, b), then a translation.
 */
export interface SimilarityTransform {
  a: number;
  b: number;
  tx: number;
  ty: number;
}

export const applySimilarity = ({ a, b, tx, ty }: SimilarityTransform, { x, y }: Point): Point => ({
  x: a * x - b * y + tx,
  y: b * x + a * y + ty,
});

/** The transform undoing `transform` (which must not scale to zero). */
export const inverseSimilarity = ({ a, b, tx, ty }: SimilarityTransform): SimilarityTransform => {
  const norm = a * a + b * b;
  const ia = a / norm;
  const ib = -b / norm;
  return { a: ia, b: ib, tx: -(ia * tx - ib * ty), ty: -(ib * tx + ia * ty) };
};

const meanOf = (points: readonly Point[]): Point => ({
  x: points.reduce((sum, { x }) => sum + x, 0) / points.length,
  y: points.reduce((sum, { y }) => sum + y, 0) / points.length,
});

/**
 * The similarity mapping `from` closest to `to` (least squares, as many
 * points in each, at least 2 distinct). See: [Note: A face is aligned by a
 * similarity transform of its 5 landmarks]
 */
export const similarityTransform = (
  from: readonly Point[],
  to: readonly Point[],
): SimilarityTransform => {
  if (from.length !== to.length || from.length < 2) {
    throw new RangeError(
      `A similarity needs as many points on each side, 2 or more: ${String(from.length)} and ${String(to.length)}`,
    );
  }
  const fromMean = meanOf(from);
  const toMean = meanOf(to);
  let dot = 0;
  let cross = 0;
  let spread = 0;
  for (const [i, point] of from.entries()) {
    const target = to[i] ?? toMean;
    const px = point.x - fromMean.x;
    const py = point.y - fromMean.y;
    const qx = target.x - toMean.x;
    const qy = target.y - toMean.y;
    dot += px * qx + py * qy;
    cross += px * qy - py * qx;
    spread += px * px + py * py;
  }
  if (spread === 0) throw new RangeError("A similarity needs 2 distinct points");
  const a = dot / spread;
  const b = cross / spread;
  return {
    a,
    b,
    tx: toMean.x - (a * fromMean.x - b * fromMean.y),
    ty: toMean.y - (b * fromMean.x + a * fromMean.y),
  };
};

/**
 * The transform from the image's pixels to the aligned face's, for a face's
 * 5 landmarks in the image's pixels.
 */
export const faceAlignment = (landmarksPx: readonly Point[]): SimilarityTransform =>
  similarityTransform(landmarksPx.slice(0, arcFaceTemplatePx.length), arcFaceTemplatePx);
