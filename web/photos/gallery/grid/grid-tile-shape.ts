// Whether the gallery's grid shows square tiles or photos at their own shape:
// the device's choice, kept in local storage beside the zoom level, changed
// from the settings. See: [Note: Rows of photos at their own shape]

import { atom } from "jotai";
import { localStore } from "../../../common/storage/local-store";

export type GridTileShape = "square" | "own-shape";

/** The tile shape of every grid of the tab. */
export const gridTileShapeAtom = atom<GridTileShape>(
  localStore.get("galleryTileShape") ?? "square",
);

/** Keeps `shape` for this device. */
export const storeGridTileShape = (shape: GridTileShape): void => {
  localStore.set("galleryTileShape", shape);
};
