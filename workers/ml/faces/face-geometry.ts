// Points and boxes in an image's pixels, and their overlap.

/** A point in an image's pixels (or relative units, where said), top-left origin. */
export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned box: its top-left corner and its size, in the same units. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Intersection over union of two boxes (0 when they do not overlap). */
export const intersectionOverUnion = (a: Box, b: Box): number => {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const intersection = width * height;
  return intersection / (a.width * a.height + b.width * b.height - intersection);
};

/** `box` cut to `width` × `height` (an image's bounds). */
export const clampBox = (box: Box, width: number, height: number): Box => {
  const x = Math.min(Math.max(box.x, 0), width);
  const y = Math.min(Math.max(box.y, 0), height);
  return {
    x,
    y,
    width: Math.min(Math.max(box.x + box.width, 0), width) - x,
    height: Math.min(Math.max(box.y + box.height, 0), height) - y,
  };
};

/** A box in an image's pixels as a share of its `width` × `height` (0..1), cut to the image. */
export const relativeBox = (box: Box, width: number, height: number): Box => {
  const inImage = clampBox(box, width, height);
  return {
    x: inImage.x / width,
    y: inImage.y / height,
    width: inImage.width / width,
    height: inImage.height / height,
  };
};
