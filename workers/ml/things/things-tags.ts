import { type ThingLabel, thingLabels } from "../../../shared/model/search/thing-labels";

// From the detector's boxes to a photo's tags: the distinct COCO labels it
// shows, each with its best box's score.

/** One tag of a photo: a COCO label and the best score of its boxes (0 to 1). */
export interface ThingTag {
  label: ThingLabel;
  score: number;
}

// [Note: The things score threshold]
//
// The detector (human's CenterNet, MobileNetV3 backbone, COCO) scores every
// one of its 100 boxes; most are noise below 0.2. On the fixtures
// (shared/fixtures/media, fed as 512×512 RGB as human feeds it), the true
// boxes score 0.65 and 0.59 (two of the people in Bush-dog.jpg), and the
// best false ones 0.36 (a `clock` on door-knocker.jpg's lion-head knocker),
// 0.34 (a `tv` on f6t.jpg, a white letter F on black), 0.25 (a `cow` on
// issue-exifr-4.jpg, a fisheye panorama of a room) and 0.19 (a `bird` in
// the sky of a landscape). Human's own default, 0.2, would tag the knocker
// a clock and the letter a television. 0.4 sits between the best false box
// and the weakest true one, with a margin on each side; a tag that is wrong
// shows the user a photo they did not ask for, a missing one only hides it
// from one search word, so the threshold errs high.
/** Boxes scoring below this make no tag. See: [Note: The things score threshold] */
export const thingsScoreThreshold = 0.4;

/** Detector rows: `[x1, y1, x2, y2, score, classIndex]`, class 0 = person. */
export type DetectionRow = readonly number[];

/** Scores are kept to 3 decimals: the document stays small and nothing finer means anything. */
const roundedScore = (score: number) => Math.round(score * 1000) / 1000;

/**
 * The distinct labels of `rows` scoring at least `threshold`, each with its
 * best score, best first (ties by label, so the order is stable). Rows
 * with an unknown class (NaN, out of range) are skipped.
 */
export const thingsTagsFromDetections = (
  rows: Iterable<DetectionRow>,
  threshold: number = thingsScoreThreshold,
): ThingTag[] => {
  const best = new Map<ThingLabel, number>();
  for (const row of rows) {
    const score = row[4];
    const classIndex = row[5];
    if (score === undefined || classIndex === undefined || !(score >= threshold)) continue;
    if (!Number.isInteger(classIndex)) continue;
    const label = thingLabels[classIndex];
    if (label === undefined) continue;
    if (score > (best.get(label) ?? -1)) best.set(label, score);
  }
  return [...best]
    .map(([label, score]) => ({ label, score: roundedScore(score) }))
    .sort((a, b) => b.score - a.score || a.label.localeCompare(b.label));
};
