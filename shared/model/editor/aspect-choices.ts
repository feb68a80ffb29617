// The crop's aspect ratio choices, and what ratio each asks for.

import type { SizePx } from "./image-turns";

/** The crop ratios the editor offers: free, the photo's own, and width:height pairs with their portrait forms. */
export const editAspectChoices = [
  "free",
  "original",
  "1:1",
  "4:3",
  "3:2",
  "16:9",
  "3:4",
  "2:3",
  "9:16",
] as const;
export type EditAspectChoice = (typeof editAspectChoices)[number];

const fixedRatios: Record<Exclude<EditAspectChoice, "free" | "original">, number> = {
  "1:1": 1,
  "4:3": 4 / 3,
  "3:2": 3 / 2,
  "16:9": 16 / 9,
  "3:4": 3 / 4,
  "2:3": 2 / 3,
  "9:16": 9 / 16,
};

/**
 * The ratio (width / height) a choice keeps the crop at, for an image shown
 * at `frame` size (oriented by EXIF, and turned by the user's quarter turns),
 * or undefined for a free crop. "original" is the shown image's own ratio, so
 * it follows EXIF orientation and the quarter turns.
 */
export const aspectRatioOf = (choice: EditAspectChoice, frame: SizePx): number | undefined => {
  switch (choice) {
    case "free":
      return undefined;
    case "original":
      return frame.widthPx / frame.heightPx;
    default:
      return fixedRatios[choice];
  }
};

const turnedChoices: Record<EditAspectChoice, EditAspectChoice> = {
  free: "free",
  original: "original",
  "1:1": "1:1",
  "4:3": "3:4",
  "3:2": "2:3",
  "16:9": "9:16",
  "3:4": "4:3",
  "2:3": "3:2",
  "9:16": "16:9",
};

/** The choice a quarter turn leaves: a landscape ratio turns into its portrait form and back, as the crop turns with the photo. */
export const turnedAspectChoice = (choice: EditAspectChoice): EditAspectChoice =>
  turnedChoices[choice];
