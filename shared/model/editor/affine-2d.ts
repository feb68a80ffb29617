// Plane affine maps in the render spec's layout: x' = a·x + b·y + c,
// y' = d·x + e·y + f. The editor's geometry is a chain of these (EXIF
// orientation, quarter turns, flip, straighten, crop), composed once.

export type Affine2d = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

export interface Point2d {
  readonly x: number;
  readonly y: number;
}

export const identityAffine: Affine2d = [1, 0, 0, 0, 1, 0];

export const applyAffine = ([a, b, c, d, e, f]: Affine2d, { x, y }: Point2d): Point2d => ({
  x: a * x + b * y + c,
  y: d * x + e * y + f,
});

/** The map that applies `first`, then `second`. */
export const thenAffine = (first: Affine2d, second: Affine2d): Affine2d => {
  const [a1, b1, c1, d1, e1, f1] = first;
  const [a2, b2, c2, d2, e2, f2] = second;
  return [
    a2 * a1 + b2 * d1,
    a2 * b1 + b2 * e1,
    a2 * c1 + b2 * f1 + c2,
    d2 * a1 + e2 * d1,
    d2 * b1 + e2 * e1,
    d2 * c1 + e2 * f1 + f2,
  ];
};

/** The chain of maps applied in order (first map first). */
export const chainAffine = (...maps: readonly Affine2d[]): Affine2d =>
  maps.reduce(thenAffine, identityAffine);

/** The inverse map. Every map of the editor is a rotation, mirror, translation or nonzero scale, so it has one. */
export const invertAffine = ([a, b, c, d, e, f]: Affine2d): Affine2d => {
  const determinant = a * e - b * d;
  return [
    e / determinant,
    -b / determinant,
    (b * f - c * e) / determinant,
    -d / determinant,
    a / determinant,
    (c * d - a * f) / determinant,
  ];
};

export const translateAffine = (dx: number, dy: number): Affine2d => [1, 0, dx, 0, 1, dy];

export const scaleAffine = (sx: number, sy: number): Affine2d => [sx, 0, 0, 0, sy, 0];

/**
 * Rotation by `angleDeg` about `centre`, clockwise on screen for a positive angle
 * (y points down, so the usual matrix turns clockwise).
 */
export const rotateAboutAffine = (angleDeg: number, centre: Point2d): Affine2d => {
  const angleRad = (angleDeg * Math.PI) / 180;
  const cos = Math.cos(angleRad);
  const sin = Math.sin(angleRad);
  return chainAffine(
    translateAffine(-centre.x, -centre.y),
    [cos, -sin, 0, sin, cos, 0],
    translateAffine(centre.x, centre.y),
  );
};
