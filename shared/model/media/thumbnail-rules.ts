// The size and the JPEG quality of an image's thumbnail (reference-notes §4
// step 6): the longest side at most 720 px, and about 100 KB, reached by
// lowering the JPEG quality a step at a time. Pure: the media worker decodes
// and encodes, these rules say at which size and quality.

/**
 * The thumbnail's longest side, the reference's: a gallery tile is at most
 * 200 CSS px square, so even the short side of a 3:2 photo's thumbnail (480
 * px) fills it sharply on a 2× screen and nearly on a 3× one (spec §9: 1x to
 * 3x images), while the JPEG stays near 100 KB. The viewer shows the original.
 */
export const thumbnailMaxSidePx = 720;

/**
 * [Note: Thumbnail size target]
 *
 * The target is 100 KiB (102,400 bytes), not 100,000 bytes: every size of
 * the upload is counted in binary units (4 MiB chunks, 20 MiB parts, the
 * server's limits), and the target is a soft bound on a blob the encoder
 * produces, not a limit anything enforces, so the 2.4 % between the two
 * readings of "100 KB" only decides whether a photo right at the border
 * gets one more quality step. The binary reading spares those photos a
 * visibly softer thumbnail.
 */
export const thumbnailTargetBytes = 100 * 1024;

/** Quality is counted in hundredths so that stepping is exact (0.7 − 0.1 − 0.1 is 0.5, not 0.49999…). */
const hundredths = 100;
/** The first quality tried: a clean 720 px photo is usually under the target at 0.7. */
const startQualityHundredths = 70;
/** Each further attempt lowers the quality by 0.1. */
const stepHundredths = 10;
/** Below 0.5 JPEG blocks show on faces and skies: a larger thumbnail is the better trade. */
const minQualityHundredths = 50;
/**
 * A step that shrank the result by less than this fraction will not shrink
 * it much more at the next one (noise and fine detail dominate the size), so
 * stepping stops rather than paying quality for nothing.
 */
export const thumbnailMinShrinkRatio = 0.1;

export const thumbnailStartQuality = startQualityHundredths / hundredths;
export const thumbnailMinQuality = minQualityHundredths / hundredths;

export interface PixelSize {
  widthPx: number;
  heightPx: number;
}

/**
 * The size of the thumbnail of an image of `source` size (after its
 * orientation is applied): the longest side scaled to `thumbnailMaxSidePx`
 * with the aspect kept, in whole pixels, at least 1; a smaller image keeps
 * its size (never upscaled).
 */
export const thumbnailSizeFor = ({ widthPx, heightPx }: PixelSize): PixelSize => {
  if (!isPositiveInteger(widthPx) || !isPositiveInteger(heightPx)) {
    throw new RangeError(`not an image size: ${widthPx}×${heightPx}`);
  }
  const longestPx = Math.max(widthPx, heightPx);
  if (longestPx <= thumbnailMaxSidePx) return { widthPx, heightPx };
  // The longest side is set exactly; only the other one is rounded.
  const scaled = (sidePx: number) =>
    sidePx === longestPx
      ? thumbnailMaxSidePx
      : Math.max(1, Math.round((sidePx * thumbnailMaxSidePx) / longestPx));
  return { widthPx: scaled(widthPx), heightPx: scaled(heightPx) };
};

const isPositiveInteger = (value: number) => Number.isInteger(value) && value > 0;

/** One JPEG encoding of a thumbnail: the quality asked for and the size it gave. */
export interface ThumbnailEncoding {
  quality: number;
  sizeBytes: number;
}

/** What to do after the encodings so far: encode again at `quality`, or keep the encoding at `keepIndex`. */
export type ThumbnailQualityStep =
  { done: false; quality: number } | { done: true; keepIndex: number };

/**
 * [Note: Thumbnail quality stepping]
 *
 * The first encoding is at quality 0.7. While the last result is over
 * `thumbnailTargetBytes`, the next encoding is 0.1 lower, as long as that
 * stays at or above 0.5 and the last step (from the encoding before it)
 * still shrank the result by at least `thumbnailMinShrinkRatio`. When
 * stepping stops, the smallest encoding made is kept: the last one, unless
 * a final step made the result larger, which JPEG can do on some content.
 * So an image is encoded at most three times (0.7, 0.6, 0.5).
 */
export const nextThumbnailQuality = (
  encodings: readonly ThumbnailEncoding[],
): ThumbnailQualityStep => {
  const last = encodings.at(-1);
  if (last === undefined) return { done: false, quality: thumbnailStartQuality };
  const keepSmallest = { done: true, keepIndex: indexOfSmallest(encodings) } as const;
  if (last.sizeBytes <= thumbnailTargetBytes) return keepSmallest;
  const previous = encodings.at(-2);
  if (
    previous !== undefined &&
    previous.sizeBytes - last.sizeBytes < previous.sizeBytes * thumbnailMinShrinkRatio
  ) {
    return keepSmallest;
  }
  const nextHundredths = Math.round(last.quality * hundredths) - stepHundredths;
  if (nextHundredths < minQualityHundredths) return keepSmallest;
  return { done: false, quality: nextHundredths / hundredths };
};

const indexOfSmallest = (encodings: readonly ThumbnailEncoding[]): number =>
  encodings.reduce(
    (best, encoding, index) =>
      encoding.sizeBytes < (encodings[best]?.sizeBytes ?? Infinity) ? index : best,
    0,
  );
