// An edit of one photo as a value, and the pure operations the editor's
// controls apply to it. The render spec is derived from it (render-spec-of.ts),
// undo keeps a list of them (edit-history.ts).

import type { EditAspectChoice } from "./aspect-choices";
import { aspectRatioOf, turnedAspectChoice } from "./aspect-choices";
import type { EditCropNorm } from "./crop-frame";
import {
  cropBoundsOf,
  cropFrameSizePx,
  cropNorm,
  cropPx,
  mirroredCrop,
  quarterTurnedCrop,
  wholeCropNorm,
} from "./crop-frame";
import type { CropHandle } from "./crop-drag";
import { draggedCrop } from "./crop-drag";
import { fittedCrop } from "./crop-constraints";
import type { AdjustmentName } from "./filter-presets";
import {
  editAdjustmentNames,
  editAdjustmentRanges,
  neutralEditAdjustments,
} from "./filter-presets";
import type { ExifOrientation, QuarterTurns } from "./image-turns";
import { exifOrientationOf } from "./image-turns";
import type { EditAdjustments, EditFilterName } from "./render-spec";
import type { RectPx } from "./straighten-geometry";
import { largestCenteredCropPx, maxStraightenDeg } from "./straighten-geometry";

export interface EditState {
  /** The decoded bitmap's size, before EXIF orientation. */
  readonly sourceWidthPx: number;
  readonly sourceHeightPx: number;
  readonly exifOrientation: ExifOrientation;
  /** Clockwise quarter turns, applied to the photo as EXIF orients it. */
  readonly quarterTurnsCw: QuarterTurns;
  /** A left–right mirror, applied after the quarter turns. */
  readonly flippedHorizontally: boolean;
  /** −45..45, clockwise on screen when positive, about the image's centre, after the mirror. */
  readonly straightenDeg: number;
  /** See: [Note: The editor's crop rectangle is normalized to the turned image] */
  readonly crop: EditCropNorm;
  readonly aspect: EditAspectChoice;
  readonly adjustments: EditAdjustments;
  readonly filter: EditFilterName;
  /** 0..100. */
  readonly filterStrength: number;
}

/**
 * The unedited photo: whole, free crop, neutral adjustments, no filter (at
 * full strength once one is picked). `exifOrientation` is read as
 * `exifOrientationOf` reads it. The size must be a decoded bitmap's, positive.
 */
export const initialEditState = (
  sourceWidthPx: number,
  sourceHeightPx: number,
  exifOrientation: number | undefined,
): EditState => {
  if (!(sourceWidthPx > 0 && sourceHeightPx > 0)) {
    throw new RangeError(`A photo to edit has a size, not ${sourceWidthPx}×${sourceHeightPx}`);
  }
  return {
    sourceWidthPx,
    sourceHeightPx,
    exifOrientation: exifOrientationOf(exifOrientation),
    quarterTurnsCw: 0,
    flippedHorizontally: false,
    straightenDeg: 0,
    crop: wholeCropNorm,
    aspect: "free",
    adjustments: neutralEditAdjustments,
    filter: "none",
    filterStrength: 100,
  };
};

/** The same photo, unedited. */
export const reset = (state: EditState): EditState =>
  initialEditState(state.sourceWidthPx, state.sourceHeightPx, state.exifOrientation);

/** Rounding left by turning and mirroring the crop is far below this. */
const cropToleranceNorm = 1e-9;

const sameCrop = (a: EditCropNorm, b: EditCropNorm): boolean =>
  Math.abs(a.leftNorm - b.leftNorm) <= cropToleranceNorm &&
  Math.abs(a.topNorm - b.topNorm) <= cropToleranceNorm &&
  Math.abs(a.widthNorm - b.widthNorm) <= cropToleranceNorm &&
  Math.abs(a.heightNorm - b.heightNorm) <= cropToleranceNorm;

/**
 * Whether saving would write the photo as it is: no turn, mirror, straighten
 * or crop, neutral adjustments, and no filter (or one at strength 0). The
 * aspect choice alone changes nothing.
 */
export const isUnchanged = (state: EditState): boolean =>
  state.quarterTurnsCw === 0 &&
  !state.flippedHorizontally &&
  state.straightenDeg === 0 &&
  sameCrop(state.crop, wholeCropNorm) &&
  editAdjustmentNames.every((name) => state.adjustments[name] === 0) &&
  (state.filter === "none" || state.filterStrength === 0);

/** Whether two states are the same edit (for undo, which skips a step that changes nothing). */
export const editStatesEqual = (a: EditState, b: EditState): boolean =>
  a === b ||
  (a.sourceWidthPx === b.sourceWidthPx &&
    a.sourceHeightPx === b.sourceHeightPx &&
    a.exifOrientation === b.exifOrientation &&
    a.quarterTurnsCw === b.quarterTurnsCw &&
    a.flippedHorizontally === b.flippedHorizontally &&
    a.straightenDeg === b.straightenDeg &&
    sameCrop(a.crop, b.crop) &&
    a.aspect === b.aspect &&
    editAdjustmentNames.every((name) => a.adjustments[name] === b.adjustments[name]) &&
    a.filter === b.filter &&
    a.filterStrength === b.filterStrength);

const clamp = (value: number, min: number, max: number): number =>
  Math.min(max, Math.max(min, value));

/** −0 would make equal states compare unequal in tests and in `Object.is`. */
const negated = (value: number): number => (value === 0 ? 0 : -value);

/** The crop's ratio in pixels: the chosen one, or the crop's own when free. */
const keptAspect = (state: EditState, rect: RectPx): number =>
  aspectRatioOf(state.aspect, cropFrameSizePx(state)) ??
  (rect.rightPx - rect.leftPx) / (rect.bottomPx - rect.topPx);

/**
 * Whether the crop is the largest of its ratio the straightened photo allows,
 * centred: the crop of a photo nobody has cropped by hand. Straightening and
 * picking a ratio keep such a crop as large as it can be, so moving the
 * straighten slider away and back gives the whole photo back.
 */
const isLargestCentred = (state: EditState, rect: RectPx): boolean => {
  const frame = cropFrameSizePx(state);
  const aspect = (rect.rightPx - rect.leftPx) / (rect.bottomPx - rect.topPx);
  const largest = largestCenteredCropPx(frame, state.straightenDeg, aspect);
  const tolerancePx = 1e-9 * Math.max(frame.widthPx, frame.heightPx);
  return (
    Math.abs(largest.leftPx - rect.leftPx) <= tolerancePx &&
    Math.abs(largest.topPx - rect.topPx) <= tolerancePx &&
    Math.abs(largest.rightPx - rect.rightPx) <= tolerancePx &&
    Math.abs(largest.bottomPx - rect.bottomPx) <= tolerancePx
  );
};

const withCropPx = (state: EditState, rect: RectPx): EditState => ({
  ...state,
  crop: cropNorm(rect, cropFrameSizePx(state)),
});

/**
 * The photo turned a quarter clockwise (+1) or anticlockwise (−1), with its
 * crop, straighten angle and aspect choice (a landscape ratio becomes its
 * portrait form). A turn on screen after the mirror is the opposite turn
 * before it, so a mirrored photo's count of quarter turns goes the other way.
 */
export const rotateQuarter = (state: EditState, direction: 1 | -1): EditState => {
  const turnsBeforeMirror = state.flippedHorizontally ? -direction : direction;
  return {
    ...state,
    quarterTurnsCw: ((state.quarterTurnsCw + turnsBeforeMirror + 4) % 4) as QuarterTurns,
    crop: quarterTurnedCrop(state.crop, direction),
    aspect: turnedAspectChoice(state.aspect),
  };
};

/**
 * The photo mirrored left to right as it is shown, with its crop. A mirror
 * turns a clockwise straighten into an anticlockwise one, so the angle
 * changes sign.
 */
export const flipHorizontal = (state: EditState): EditState => ({
  ...state,
  flippedHorizontally: !state.flippedHorizontally,
  straightenDeg: negated(state.straightenDeg),
  crop: mirroredCrop(state.crop),
});

/** The photo mirrored top to bottom as it is shown: a left–right mirror and a half turn. */
export const flipVertical = (state: EditState): EditState =>
  rotateQuarter(rotateQuarter(flipHorizontal(state), 1), 1);

/**
 * The photo straightened by `degrees` (clamped to ±45; clockwise on screen
 * when positive). A crop that is the largest of its ratio, centred, stays so
 * at the new angle (it shrinks as the angle grows and grows back as it comes
 * back); any other crop keeps its size and place while it fits, and else
 * shrinks (keeping its ratio) only as much as it must and moves as little as
 * it must to stay inside the turned image.
 * A slider drag may pass the state from the drag's start each time, so that
 * a hand-made crop also comes back when the slider does.
 */
export const setStraighten = (state: EditState, degrees: number): EditState => {
  if (!Number.isFinite(degrees)) return state;
  const straightenDeg = clamp(degrees, -maxStraightenDeg, maxStraightenDeg);
  const frame = cropFrameSizePx(state);
  const rect = cropPx(state.crop, frame);
  const straightened = { ...state, straightenDeg };
  if (isLargestCentred(state, rect)) {
    return withCropPx(
      straightened,
      largestCenteredCropPx(frame, straightenDeg, keptAspect(state, rect)),
    );
  }
  return withCropPx(
    straightened,
    fittedCrop(cropBoundsOf(frame, straightenDeg), rect, straightenDeg),
  );
};

/** The largest rectangle of `aspect` inside `rect`, centred on it. */
const largestInside = (rect: RectPx, aspect: number): RectPx => {
  const widthPx = Math.min(rect.rightPx - rect.leftPx, (rect.bottomPx - rect.topPx) * aspect);
  const heightPx = widthPx / aspect;
  const centreX = (rect.leftPx + rect.rightPx) / 2;
  const centreY = (rect.topPx + rect.bottomPx) / 2;
  return {
    leftPx: centreX - widthPx / 2,
    topPx: centreY - heightPx / 2,
    rightPx: centreX + widthPx / 2,
    bottomPx: centreY + heightPx / 2,
  };
};

/**
 * The crop ratio chosen. "free" leaves the crop as it is. A ratio fits the
 * largest crop of that ratio centred in the current crop, except that a crop
 * nobody has cropped by hand (the largest of its ratio, centred) becomes the
 * largest of the new ratio the photo allows: going through the ratios one
 * after another then shows each at its largest instead of shrinking each time.
 */
export const setAspect = (state: EditState, choice: EditAspectChoice): EditState => {
  const chosen = { ...state, aspect: choice };
  const frame = cropFrameSizePx(state);
  const aspect = aspectRatioOf(choice, frame);
  if (aspect === undefined) return chosen;
  const rect = cropPx(state.crop, frame);
  if (isLargestCentred(state, rect)) {
    return withCropPx(chosen, largestCenteredCropPx(frame, state.straightenDeg, aspect));
  }
  const bounds = cropBoundsOf(frame, state.straightenDeg);
  return withCropPx(chosen, fittedCrop(bounds, largestInside(rect, aspect), state.straightenDeg));
};

/**
 * The crop set to `crop` (See: [Note: The editor's crop rectangle is
 * normalized to the turned image]), made valid: limited to the frame, at the
 * chosen ratio if one is (the largest of that ratio centred in `crop`), at
 * least the minimum size, then shrunk keeping its ratio and moved as little as
 * needed to stay inside the straightened photo. A crop with a side that is not
 * a number is ignored.
 */
export const setCrop = (state: EditState, crop: EditCropNorm): EditState => {
  const edgesNorm = [
    crop.leftNorm,
    crop.topNorm,
    crop.leftNorm + crop.widthNorm,
    crop.topNorm + crop.heightNorm,
  ];
  if (!edgesNorm.every(Number.isFinite)) return state;
  const [x0, y0, x1, y1] = edgesNorm.map((edge) => clamp(edge, 0, 1)) as [
    number,
    number,
    number,
    number,
  ];
  const frame = cropFrameSizePx(state);
  const limited = cropPx(
    {
      leftNorm: Math.min(x0, x1),
      topNorm: Math.min(y0, y1),
      widthNorm: Math.abs(x1 - x0),
      heightNorm: Math.abs(y1 - y0),
    },
    frame,
  );
  const aspect = aspectRatioOf(state.aspect, frame);
  const shaped = aspect === undefined ? limited : largestInside(limited, aspect);
  const bounds = cropBoundsOf(frame, state.straightenDeg);
  return withCropPx(state, fittedCrop(bounds, shaped, state.straightenDeg));
};

/**
 * The crop after dragging one of its handles by (dxNorm, dyNorm), in the
 * crop's normalized units (fractions of the frame's width and height, so a
 * pointer's move in screen pixels divided by the frame's shown size). The
 * crop stays inside the straightened photo and at least the minimum size; a
 * crop pushed against a slanted side slides along it. With a ratio chosen a
 * corner grows or shrinks the crop from the opposite corner along the
 * diagonal, and an edge from the opposite edge, centred across.
 * For a drag, pass the state and crop from the drag's start with the total
 * move so far: then a crop held at a side follows the pointer back exactly.
 */
export const dragCropHandle = (
  state: EditState,
  handle: CropHandle,
  dxNorm: number,
  dyNorm: number,
): EditState => {
  if (!Number.isFinite(dxNorm) || !Number.isFinite(dyNorm)) return state;
  const frame = cropFrameSizePx(state);
  const rect = cropPx(state.crop, frame);
  const dragged = draggedCrop(
    cropBoundsOf(frame, state.straightenDeg),
    rect,
    handle,
    aspectRatioOf(state.aspect, frame),
    dxNorm * frame.widthPx,
    dyNorm * frame.heightPx,
  );
  return withCropPx(state, dragged);
};

/** One adjustment set, clamped to its range; a value that is not a number is ignored. */
export const setAdjustment = (state: EditState, name: AdjustmentName, value: number): EditState => {
  if (!Number.isFinite(value)) return state;
  const { min, max } = editAdjustmentRanges[name];
  return { ...state, adjustments: { ...state.adjustments, [name]: clamp(value, min, max) } };
};

/** The filter picked, at `strength` (0..100, clamped; the current strength when not given). */
export const setFilter = (
  state: EditState,
  filter: EditFilterName,
  strength: number = state.filterStrength,
): EditState => ({
  ...state,
  filter,
  filterStrength: Number.isFinite(strength) ? clamp(strength, 0, 100) : state.filterStrength,
});
